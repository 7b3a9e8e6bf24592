"""Playing TZAAR move by move: one move is one step of a turn, and the status of a position.

After a turn's first move (a capture) the same player is to move again (his second move: a capture,
a stack or a pass), so the list of legal moves is always one move's choices; White's first turn is
one capture and each placement of the placement start a turn of its own.

Rules at home here: what a move did (:class:`Step`: its from and to spaces, the stack it took) and
the status of a position (:func:`status_of`: over when a player has no stack topped by one of the
three types, Z-2, or cannot capture at the start of his turn). :mod:`arbiter.tzaar.replay` plays a
record through :func:`play_text`.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.errors import ArbiterError
from arbiter.play import Status
from arbiter.tzaar.board import NAMES
from arbiter.tzaar.notation import parse_move
from arbiter.tzaar.position import Position
from arbiter.tzaar.rules import TAKE, Move, apply_move, check_move, game_over
from arbiter.verdict import Result

#: the end codes (the spec's ends)
NO_TYPE, NO_CAPTURE = "no-type", "no-capture"


class Step(NamedTuple):
    """One move played: the positions before and after it, and the move."""

    before: Position
    position: Position
    move: Move

    @property
    def path(self) -> tuple[str, ...]:
        """The spaces the move went from and to (a placement: its space; a pass: none)."""
        return tuple(NAMES[i] for i in (self.move.src, self.move.dst) if i >= 0)

    @property
    def removed(self) -> tuple[str, ...]:
        """The space whose stack a capture took."""
        return (NAMES[self.move.dst],) if self.move.kind == TAKE else ()

    def notation(self) -> str:
        return self.move.text(self.before.to_move)


def play_move(position: Position, move: Move, colour: int | None = None) -> Step:
    """Play a move; :class:`IllegalMoveError` with the rule when it is refused."""
    check_move(position, move, colour)
    return Step(position, apply_move(position, move), move)


def play_text(position: Position, text: str, ply: int | None = None) -> Step:
    """Play one written move; the typed error names ``ply``, the move and the position."""
    try:
        move, colour = parse_move(text.strip())
        return play_move(position, move, colour)
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=position.text()) from None


def status_of(position: Position) -> Status:
    """Over when a player has no stack topped by one of the types or cannot capture at the start
    of his turn; else the side to move (the same player for the second move of his turn)."""
    ended = game_over(position)
    if ended is None:
        return Status(position.to_move)
    loser, code = ended
    return Status(None, Result.won_by(1 - loser), code)
