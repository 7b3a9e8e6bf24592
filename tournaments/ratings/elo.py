"""Ratings with the ``elo`` package: one rating period per round, games played over the board only.

Pure: takes the ratings before the round and the round's games, returns the new ratings. Forfeits
and byes are not rated. Each game of a 2-game match is rated as a game of its own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import elo

K_FACTOR = 20
BETA = 200  # elo's rating disparity parameter (400 / 2): a 400-point gap expects about 10:1

_ENGINE = elo.Elo(k_factor=K_FACTOR, initial=1500, beta=BETA)


@dataclass(frozen=True)
class RatedGame:
    white: int
    black: int
    white_score: float  # 1, 0.5 or 0 for White


def expected_score(rating: float, opponent: float) -> float:
    return float(_ENGINE.expect(rating, opponent))


def rate_round(ratings: dict[int, int], games: list[RatedGame]) -> dict[int, int]:
    """New ratings (rounded) for every player who played; the others are left out."""
    series: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for game in games:
        series[game.white].append((game.white_score, float(ratings[game.black])))
        series[game.black].append((1.0 - game.white_score, float(ratings[game.white])))
    return {
        player: round(float(_ENGINE.rate(float(ratings[player]), results)))
        for player, results in series.items()
    }
