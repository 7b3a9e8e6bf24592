"""Playing DVONN move by move: one move played with what it did, and the status of a position.

Rules at home here: what a move did (:func:`play_move`: the spaces it went through and the pieces
cut off from every DVONN piece) and the status of a position (:func:`status_of`: over when
neither player can move, the stack totals deciding). DVONN leaves no decision open: a player with
no stacking move must pass, and the pieces cut off go. :mod:`arbiter.dvonn.replay` plays a record
through :func:`play_move`.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.dvonn.board import NAMES
from arbiter.dvonn.moves import Move, apply_move, check_move
from arbiter.dvonn.notation import STYLES, TAGGED, format_move, looks_like_move, parse_move
from arbiter.dvonn.position import Position
from arbiter.errors import ArbiterError
from arbiter.play import Status
from arbiter.verdict import Result, Termination


def result_for_score(white: int, black: int) -> Result:
    """The higher stack total wins; equal totals are a draw."""
    if white > black:
        return Result.WHITE_WINS
    if black > white:
        return Result.BLACK_WINS
    return Result.DRAW


class Step(NamedTuple):
    """One move played: the positions before and after it, and the pieces it cut off."""

    before: Position
    position: Position
    move: Move
    cut: int  # pieces cut off from every DVONN piece

    @property
    def path(self) -> tuple[str, ...]:
        """The spaces the move went through: the space placed on, or the stack's from and to
        (empty for a pass)."""
        return tuple(NAMES[i] for i in (self.move.src, self.move.dst) if i >= 0)

    @property
    def removed(self) -> tuple[str, ...]:
        """The spaces whose pieces the move cut off."""
        if not self.cut:
            return ()
        board = self.position.board
        src = self.move.src
        return tuple(
            NAMES[i] for i, stack in enumerate(self.before.board) if stack and not board[i] and i != src
        )

    def notation(self) -> str:
        return format_move(self.move, TAGGED)


def play_move(position: Position, move: Move) -> Step:
    """Play a move; raises :class:`IllegalMoveError` with the reason when the rules refuse it."""
    check_move(position, move)
    after, cut = apply_move(position, move)
    return Step(position, after, move, cut)


def read_move(text: str) -> Move:
    """A move in any of the record formats (``a2-b2``, ``a2b2``, ``A2B2``); the service's first."""
    for style in STYLES:
        if looks_like_move(text, style):
            return parse_move(text, style)
    return parse_move(text, TAGGED)  # raises the tagged format's reason


def play_text(position: Position, text: str, ply: int | None = None) -> Step:
    """Play one written move; the typed error names ``ply``, the move and the position."""
    try:
        return play_move(position, read_move(text))
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=position.text()) from None


def status_of(position: Position) -> Status:
    """Over when neither player can move (the stack totals decide), else the side to move."""
    score = position.score()
    if position.is_over():
        return Status(None, result_for_score(*score), Termination.SCORE, score=score)
    return Status(position.to_move, score=score)
