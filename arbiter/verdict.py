"""The outcome of replaying a record: valid with a result, or the first error."""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.errors import ArbiterError

# How a game ended. The natural ends are game specific; the others come from the record.
NO_RESERVE = "no-reserve"  # GIPF: the player to move has no piece left in his reserve
NO_GIPF_PIECE = "no-gipf-piece"  # GIPF standard/tournament: a player has no GIPF-piece on the board
SCORE = "score"  # DVONN: neither player can move; the stack totals decide
RESIGNATION = "resignation"
TIME = "time"
ARBITER = "arbiter"  # an arbiter's decision written in the record
UNFINISHED = "unfinished"  # the record stops before the game is over and names no termination

TERMINATIONS = (NO_RESERVE, NO_GIPF_PIECE, SCORE, RESIGNATION, TIME, ARBITER, UNFINISHED)

WHITE_WINS = "1-0"
BLACK_WINS = "0-1"
DRAW = "1/2-1/2"


@dataclass
class Verdict:
    """What the arbiter says about one record.

    ``result`` is ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``None`` (invalid or unfinished);
    ``plies`` counts the moves replayed successfully (placements, pushes, passes; a
    resignation is not a ply); ``final_position`` is the position text after the last
    good ply; ``score`` is DVONN's stack totals ``(white, black)``.
    """

    game: str
    valid: bool
    result: str | None = None
    termination: str | None = None
    plies: int = 0
    error: ArbiterError | None = None
    final_position: str | None = None
    score: tuple[int, int] | None = None
    tags: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)

    @property
    def winner(self) -> str | None:
        """``"white"``, ``"black"`` or ``None`` (draw, unfinished or invalid)."""
        if self.result == WHITE_WINS:
            return "white"
        if self.result == BLACK_WINS:
            return "black"
        return None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "valid": self.valid,
            "game": self.game,
            "result": self.result,
            "termination": self.termination,
            "plies": self.plies,
            "error": self.error.to_json() if self.error is not None else None,
        }
        if self.score is not None:
            data["score"] = list(self.score)
        return data
