"""The outcome of replaying a record: valid with a result, or the first error.

:class:`Result` and :class:`Termination` are the one list of results and of ways a game ends for
both games; their values are the strings written in records, JSON and the database.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from arbiter.colour import WHITE
from arbiter.errors import ArbiterError


class Termination(enum.StrEnum):
    """How a game ended. The natural ends are game specific; the others come from the record."""

    NO_RESERVE = "no-reserve"  # GIPF: the player to move has no piece left in his reserve
    NO_GIPF_PIECE = "no-gipf-piece"  # GIPF standard/tournament: a player has no GIPF-piece on the board
    SCORE = "score"  # DVONN: neither player can move; the stack totals decide
    RESIGNATION = "resignation"
    TIME = "time"
    ARBITER = "arbiter"  # an arbiter's decision written in the record
    UNFINISHED = "unfinished"  # the record stops before the game is over and names no termination


class Result(enum.StrEnum):
    """A finished game's result as records write it."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"

    @classmethod
    def won_by(cls, player: int) -> Result:
        """The result when ``player`` (0 White, 1 Black, :mod:`arbiter.colour`) wins."""
        return cls.WHITE_WINS if player == WHITE else cls.BLACK_WINS


@dataclass
class Verdict:
    """What the arbiter says about one record.

    ``result`` is a :class:`Result` (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``) or ``None`` (invalid or
    unfinished); ``plies`` counts the moves replayed successfully (placements, pushes, passes; a
    resignation is not a ply); ``final_position`` is the position text after the last good ply;
    ``score`` is DVONN's stack totals ``(white, black)``.
    """

    game: str
    valid: bool
    result: Result | None = None
    termination: Termination | None = None
    plies: int = 0
    error: ArbiterError | None = None
    final_position: str | None = None
    score: tuple[int, int] | None = None
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "valid": self.valid,
            "game": self.game,
            "result": None if self.result is None else str(self.result),
            "termination": None if self.termination is None else str(self.termination),
            "plies": self.plies,
            "error": self.error.to_json() if self.error is not None else None,
        }
        if self.score is not None:
            data["score"] = list(self.score)
        return data
