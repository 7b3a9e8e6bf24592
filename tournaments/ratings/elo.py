"""Ratings by FIDE B.02 with the ``elo`` package (pure; the only module that imports ``elo``).

Rules held here: the expected score is the logistic formula 1 / (1 + 10 ** (-D / 400)) with the
400-point rule (a difference of more than ``max_difference`` points counts as ``max_difference``);
the K factor (``k_new`` until ``new_games`` rated games, ``k_regular`` after, ``k_top`` at or above
``top_rating``), taken from the rating and games before the period; one rating period per round:
a player's change is K times the sum of (score - expected) over his games of the round, all
against the opponents' ratings before the round, rounded half away from zero; a player is
provisional until ``provisional_games`` rated games. Forfeits and byes never reach this module.
Each game of a 2-game match is a game of its own.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import elo

_BETA = 200  # elo's disparity parameter: 2 * beta = 400 in the logistic formula
_ENGINE = elo.Elo(k_factor=1, initial=1500, beta=_BETA)


@dataclass(frozen=True)
class RatingRules:
    """The settings of one rating list; the defaults are FIDE B.02's."""

    initial: int = 1500
    k_new: int = 40
    new_games: int = 30
    k_regular: int = 20
    k_top: int = 10
    top_rating: int = 2400
    max_difference: int = 400
    provisional_games: int = 5


B02 = RatingRules()


@dataclass(frozen=True)
class PlayerRating:
    rating: int
    games: int  # rated games so far


@dataclass(frozen=True)
class RatedGame:
    white: int
    black: int
    white_score: float  # 1, 0.5 or 0 for White


def expected_score(rating: float, opponent: float, rules: RatingRules = B02) -> float:
    """The expected score against ``opponent``, the difference capped at ``rules.max_difference``."""
    cap = rules.max_difference
    difference = max(-cap, min(cap, rating - opponent))
    return float(_ENGINE.expect(rating, rating - difference))


def k_factor(player: PlayerRating, rules: RatingRules = B02) -> int:
    if player.rating >= rules.top_rating:
        return rules.k_top
    if player.games < rules.new_games:
        return rules.k_new
    return rules.k_regular


def is_provisional(games: int, rules: RatingRules = B02) -> bool:
    return games < rules.provisional_games


def round_half_away(value: float) -> int:
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def rate_round(
    ratings: dict[int, PlayerRating], games: list[RatedGame], rules: RatingRules = B02
) -> dict[int, PlayerRating]:
    """New ratings and game counts of every player who played; the others are left out."""
    series: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for game in games:
        series[game.white].append((game.white_score, ratings[game.black].rating))
        series[game.black].append((1.0 - game.white_score, ratings[game.white].rating))
    new: dict[int, PlayerRating] = {}
    for player, results in series.items():
        before = ratings[player]
        surplus = sum(score - expected_score(before.rating, other, rules) for score, other in results)
        change = round_half_away(k_factor(before, rules) * surplus)
        new[player] = PlayerRating(before.rating + change, before.games + len(results))
    return new
