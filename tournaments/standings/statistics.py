"""Statistics of an event's games (pure, no database): White's score, average length in plies,
decisive results by termination, the longest game.

Only finished games count: a result of ``1-0``, ``0-1`` or ``1/2-1/2`` from a verified record
(forfeits and byes have no game). White's score is White's points over those games (a draw is
half a point) and its share of the games; the average length is the mean of their plies; the
decisive results (wins by either colour) are counted by how the game ended (the verdict's
termination code: the game's own natural end, resignation, time, …, :data:`UNKNOWN` when none was
written); the longest game is the
one with most plies (the first of those in the order given when several share the length).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.core.codes import BLACK_WIN, DRAW, WHITE_WIN


@dataclass(frozen=True)
class GameFacts:
    """One finished game as the statistics see it (``key`` identifies it to the caller)."""

    key: int
    result: str  # 1-0, 0-1 or 1/2-1/2
    termination: str
    plies: int


@dataclass
class EventStatistics:
    games: int = 0
    white_points: Fraction = Fraction(0)  # points, a draw is 1/2
    white_wins: int = 0
    draws: int = 0
    black_wins: int = 0
    total_plies: int = 0
    decisive_by_termination: dict[str, int] = field(default_factory=dict)
    longest: GameFacts | None = None

    @property
    def white_share(self) -> Fraction | None:
        """White's score as a share of the games (None without games)."""
        return self.white_points / self.games if self.games else None

    @property
    def average_plies(self) -> Fraction | None:
        return Fraction(self.total_plies, self.games) if self.games else None

    @property
    def decisive(self) -> int:
        return self.white_wins + self.black_wins


UNKNOWN = "unknown"  # a decisive game whose termination was not written (a result without a record)

WHITE_POINTS = {WHITE_WIN: Fraction(1), DRAW: Fraction(1, 2), BLACK_WIN: Fraction(0)}


def event_statistics(games: list[GameFacts]) -> EventStatistics:
    """The statistics of ``games``; games whose result is not a finished game's are left out."""
    stats = EventStatistics()
    terminations: Counter[str] = Counter()
    for game in games:
        if game.result not in WHITE_POINTS:
            continue
        stats.games += 1
        stats.white_points += WHITE_POINTS[game.result]
        stats.total_plies += game.plies
        if game.result == DRAW:
            stats.draws += 1
        else:
            if game.result == WHITE_WIN:
                stats.white_wins += 1
            else:
                stats.black_wins += 1
            terminations[game.termination or UNKNOWN] += 1
        if stats.longest is None or game.plies > stats.longest.plies:
            stats.longest = game
    stats.decisive_by_termination = dict(sorted(terminations.items(), key=lambda item: (-item[1], item[0])))
    return stats
