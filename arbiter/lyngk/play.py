"""Playing LYNGK decision by decision, and the status of a position.

One decision is one ply (L-6): after a claim the same player is to move again, his move still to
come, so the list of legal decisions is always one decision's choices.

Rules at home here: what a decision did (:class:`Step`: a move's way through its LYNGK points, the
stack of five it took off the board) and the status of a position (:func:`status_of`: over when
neither player has a turn with a move, L-11, its result by the stacks won and the tie-breaks, L-12;
else the player to move). :mod:`arbiter.lyngk.replay` plays a record through :func:`play_text`.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.errors import ArbiterError, Message, gettext_noop
from arbiter.lyngk.board import NAMES
from arbiter.lyngk.checks import check
from arbiter.lyngk.notation import parse_decision
from arbiter.lyngk.position import COLOUR_NAMES, Position
from arbiter.lyngk.rules import MOVE, Decision, apply, chain_path, game_over, score, winner
from arbiter.lyngk.spec import STACKS
from arbiter.play import Status
from arbiter.verdict import Result


class Step(NamedTuple):
    """One decision played: the positions before and after it, and the decision."""

    before: Position
    position: Position
    decision: Decision

    @property
    def path(self) -> tuple[str, ...]:
        """A move's points: its origin, the LYNGK points of a chain to its landing, its landing (L-8);
        none for a claim or a pass."""
        if self.decision.kind != MOVE:
            return ()
        return tuple(NAMES[i] for i in chain_path(self.before.board, self.decision.src, self.decision.dst))

    @property
    def removed(self) -> tuple[str, ...]:
        """The landing of a move whose stack of five its mover won, taken off the board (L-9)."""
        if self.decision.kind == MOVE and not self.position.board[self.decision.dst]:
            return (NAMES[self.decision.dst],)
        return ()

    def notation(self) -> str:
        return self.decision.text()


def play_decision(position: Position, decision: Decision) -> Step:
    """Play a decision; :class:`IllegalMoveError` with the rule when it is refused."""
    check(position, decision)
    return Step(position, apply(position, decision), decision)


def play_text(position: Position, text: str, ply: int | None = None) -> Step:
    """Play one written decision; the typed error names ``ply``, the decision and the position."""
    try:
        return play_decision(position, parse_decision(text))
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=position.text()) from None


def held(colours: str) -> Message:
    """A player's claimed colours in words: "no colour yet", "red", "red and blue"."""
    if not colours:
        return Message(gettext_noop("no colour yet"))
    if len(colours) == 1:
        return COLOUR_NAMES[colours]
    return Message(
        gettext_noop("{first} and {second}"),
        {"first": COLOUR_NAMES[colours[0]], "second": COLOUR_NAMES[colours[1]]},
    )


def status_of(position: Position) -> Status:
    """Over when neither player has a turn with a move (L-11): won by the player with more stacks of
    five, then by the tie-breaks, else drawn (L-12); else the player to move (after his claim: the
    same player). The score is the stacks of five won, White's first; each side holds the colours
    it has claimed (LK-1: the players own no colour at the start)."""
    won = score(position)
    holds = (held(position.claims[0]), held(position.claims[1]))
    if not game_over(position):
        return Status(position.to_move, score=won, holds=holds)
    best = winner(position)
    result = Result.DRAW if best is None else Result.won_by(best)
    return Status(None, result, STACKS, score=won, holds=holds)
