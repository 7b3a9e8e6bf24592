"""The outcome of replaying a record: valid with a result, or the first error.

:class:`Result` is the one list of results and :class:`Termination` the one list of ways any game
ends, game-free; their values are the strings written in records, JSON and the database. A game's
own natural ends (GIPF's "no-reserve", DVONN's "score") are declared by its spec
(:attr:`arbiter.spec.GameSpec.ends`), each mapped onto one of the natural terminations here, and a
verdict carries the game's own code (:data:`TerminationCode`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from arbiter.colour import WHITE
from arbiter.errors import ArbiterError, gettext_noop


class Termination(enum.StrEnum):
    """How a game ended, whatever the game: a natural end by the game's rules (the game's spec names
    its own ends and maps each onto one of the first five, :data:`NATURAL`), or an end the record
    names."""

    NO_MOVE = "no-move"  # the player to move cannot play and loses
    MATERIAL = "material"  # a player lost pieces the rules make him keep, and loses
    GOAL = "goal"  # a player reached the game's goal
    SCORE = "score"  # the game is over and a count decides
    REPETITION = "repetition"  # a position occurred as often as the rules allow: a draw
    RESIGNATION = "resignation"
    TIME = "time"
    ARBITER = "arbiter"  # an arbiter's decision written in the record
    AGREEMENT = "agreement"  # the players agreed a draw (in a game whose rules allow one)
    UNFINISHED = "unfinished"  # the record stops before the game is over and names no termination


#: the natural terminations, onto which a game maps its own ends
NATURAL = (
    Termination.NO_MOVE,
    Termination.MATERIAL,
    Termination.GOAL,
    Termination.SCORE,
    Termination.REPETITION,
)
#: the ends a record names, the same in every game
NAMED = (
    Termination.RESIGNATION,
    Termination.TIME,
    Termination.ARBITER,
    Termination.AGREEMENT,
    Termination.UNFINISHED,
)

#: the names of the game-free terminations (a game names its own ends in its spec)
TERMINATION_NAMES: dict[str, str] = {
    Termination.NO_MOVE: gettext_noop("no move left"),
    Termination.MATERIAL: gettext_noop("pieces lost"),
    Termination.GOAL: gettext_noop("goal reached"),
    Termination.SCORE: gettext_noop("score at the end"),
    Termination.REPETITION: gettext_noop("position repeated"),
    Termination.RESIGNATION: gettext_noop("resignation"),
    Termination.TIME: gettext_noop("time"),
    Termination.ARBITER: gettext_noop("arbiter's decision"),
    Termination.AGREEMENT: gettext_noop("draw by agreement"),
    Termination.UNFINISHED: gettext_noop("unfinished record"),
}

#: how a verdict says a game ended: one of :data:`NAMED` or one of the game's own end codes
TerminationCode = str


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
    termination: TerminationCode | None = None
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
