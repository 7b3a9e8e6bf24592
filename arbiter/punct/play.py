"""Playing PÜNCT turn by turn: one turn is one ply, and the status of a position.

Rules at home here: a turn played from its text (:func:`play_text`: read, refused after the end
with the end as the reason, judged, applied), what it did (:class:`Step`: the spaces it went
through, for the boards) and the status of a position (:func:`status_of`, with the central
hexagon's count as the score when it decided). :mod:`arbiter.punct.replay` plays a record so.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.errors import PLAYER_MESSAGES, ArbiterError, IllegalMoveError, Message, gettext_noop
from arbiter.play import Status
from arbiter.punct.board import NAMES
from arbiter.punct.ends import BLOCKED, CONNECTION, LAST_PIECE, LIMIT, Ending, ending
from arbiter.punct.moves import ADD, MOVE, Turn, apply, turn_text
from arbiter.punct.notation import read_turn, resolve
from arbiter.punct.position import PUNCT, Position
from arbiter.verdict import Result


class Step(NamedTuple):
    """One turn played: the positions before and after it and the turn."""

    before: Position
    position: Position
    turn: Turn

    @property
    def path(self) -> tuple[str, ...]:
        """The spaces the turn went through: a move's PÜNCT's old space, then the piece's new spaces
        (PÜNCT first); an addition's three spaces; nothing for a pass."""
        turn = self.turn
        spaces: tuple[int, ...] = (turn.punct, turn.a, turn.b)
        if turn.kind == MOVE:
            spaces = (self.before.pieces[turn.piece][PUNCT], *spaces)
        elif turn.kind != ADD:
            spaces = ()
        return tuple(NAMES[space] for space in spaces)

    @property
    def removed(self) -> tuple[str, ...]:
        """Nothing: no turn takes a piece off the board."""
        return ()

    def notation(self) -> str:
        return turn_text(self.before, self.turn)


def result_of(end: Ending) -> Result:
    return Result.DRAW if end.winner is None else Result.won_by(end.winner)


def describe_end(end: Ending) -> Message:
    """The end in words, for the refusal of a turn after it."""
    if end.code == CONNECTION:
        assert end.winner is not None
        return Message(
            gettext_noop("{player} has connected two opposite sides"), {"player": PLAYER_MESSAGES[end.winner]}
        )
    assert end.centre is not None
    words = {
        LAST_PIECE: gettext_noop(
            "the last piece of a hand was added, and the central hexagon counted {white}-{black}"
        ),
        LIMIT: gettext_noop("300 turns were played, and the central hexagon counted {white}-{black}"),
        BLOCKED: gettext_noop("neither player had a turn, and the central hexagon counted {white}-{black}"),
    }
    return Message(words[end.code], {"white": end.centre[0], "black": end.centre[1]})


def play_turn(position: Position, token: str) -> Step:
    """Play one written turn; the typed error of a refusal (the caller names the ply)."""
    end = ending(position)
    written = read_turn(token.strip())
    if end is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(end))
    turn = resolve(position, written)
    return Step(position, apply(position, turn), turn)


def play_text(position: Position, token: str, ply: int | None = None) -> Step:
    """Play one written turn; the typed error names ``ply``, the turn and the position."""
    try:
        return play_turn(position, token)
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=token, position=position.text()) from None


def status_of(position: Position) -> Status:
    """The player to move, or the result and how the game ended (with the central hexagon's count
    as the score when it decided)."""
    end = ending(position)
    if end is None:
        return Status(position.to_move)
    return Status(None, result_of(end), end.code, score=end.centre)
