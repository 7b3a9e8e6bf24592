"""Event statistics worked by hand (pure)."""

from __future__ import annotations

from fractions import Fraction

from tournaments.standings.statistics import GameFacts, event_statistics

GAMES = [
    GameFacts(1, "1-0", "no-reserve", 60),
    GameFacts(2, "0-1", "resignation", 41),
    GameFacts(3, "1/2-1/2", "arbiter", 88),
    GameFacts(4, "1-0", "no-reserve", 88),
    GameFacts(5, "1-0", "no-gipf-piece", 23),
    GameFacts(6, "+/-", "", 0),  # a forfeit: no game
]


def test_statistics_by_hand() -> None:
    stats = event_statistics(GAMES)
    # five games: White wins 1, 4, 5 (3 points), draws 3 (1/2), loses 2: 3.5 of 5 = 70 %
    assert stats.games == 5
    assert stats.white_points == Fraction(7, 2)
    assert stats.white_share == Fraction(7, 10)
    assert (stats.white_wins, stats.draws, stats.black_wins, stats.decisive) == (3, 1, 1, 4)
    # plies: 60 + 41 + 88 + 88 + 23 = 300, over 5 games: 60
    assert stats.average_plies == 60
    # decisive games by termination: no-reserve 2 (games 1 and 4), resignation 1, no-gipf-piece 1
    assert stats.decisive_by_termination == {"no-reserve": 2, "no-gipf-piece": 1, "resignation": 1}
    assert list(stats.decisive_by_termination) == ["no-reserve", "no-gipf-piece", "resignation"]
    # the longest: 88 plies, games 3 and 4; the first given wins
    assert stats.longest is not None and stats.longest.key == 3


def test_no_games() -> None:
    stats = event_statistics([GameFacts(1, "", "", 0)])
    assert stats.games == 0 and stats.white_share is None and stats.average_plies is None
    assert stats.longest is None and stats.decisive_by_termination == {}
