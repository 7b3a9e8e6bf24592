"""How a GIPF game ends by its rules, as verdicts, JSON and the database write it.

The spec (:mod:`arbiter.gipf.spec`) maps each end onto a game-free
:class:`arbiter.verdict.Termination`; the other ends (resignation, time, an arbiter's decision, an
unfinished record) are the generic ones.
"""

from __future__ import annotations

import enum


class GipfEnd(enum.StrEnum):
    NO_RESERVE = "no-reserve"  # the player to move has no piece left in his reserve
    NO_GIPF_PIECE = "no-gipf-piece"  # standard/tournament: a player has no GIPF-piece on the board
