"""How a GIPF game ends by its rules, as verdicts, JSON and the database write it.

The spec (:mod:`arbiter.gipf.spec`) maps each end onto a game-free
:class:`arbiter.verdict.Termination`; the other ends (resignation, time, an arbiter's decision, an
unfinished record) are the generic ones.
"""

from __future__ import annotations

import enum
from typing import Protocol


class GipfEnd(enum.StrEnum):
    NO_RESERVE = "no-reserve"  # the player to move has no piece left in his reserve
    NO_GIPF_PIECE = "no-gipf-piece"  # standard/tournament: a player has no GIPF-piece on the board


class GipfPieces(Protocol):
    """What the GIPF-piece rule reads of a position (GIPF's and GIPF with potentials')."""

    @property
    def to_move(self) -> int: ...

    def gipf_count(self, player: int) -> int: ...

    def subject_to_gipf_rule(self, player: int) -> bool: ...


def without_gipf_piece(pos: GipfPieces, first: int) -> tuple[int, GipfEnd] | None:
    """(loser, NO_GIPF_PIECE) for the first of ``first`` then the other player left without a
    GIPF-piece he must have (Decision 12: the players are judged in the order they removed)."""
    for player in (first, 1 - first):
        if pos.subject_to_gipf_rule(player) and pos.gipf_count(player) == 0:
            return player, GipfEnd.NO_GIPF_PIECE
    return None
