"""FIDE B.02 by hand (pure): the expected score with the 400-point rule, K, one rating period.

Every figure below is worked by hand from B.02: E = 1 / (1 + 10 ** (-D / 400)) with |D| <= 400;
change = K * sum(score - E) over the period's games, K from the rating and games before the period,
rounded half away from zero.
"""

from __future__ import annotations

import pytest

from tournaments.ratings.elo import (
    PlayerRating,
    RatedGame,
    RatingRules,
    expected_score,
    is_provisional,
    k_factor,
    rate_round,
    round_half_away,
)
from tournaments.ratings.families import family_of, games_of

GIPF, DVONN = "gipf", "dvonn"  # the rating families the games' specs declare


def test_expected_score_by_hand() -> None:
    assert expected_score(1500, 1500) == pytest.approx(0.5)
    # 1 / (1 + 10 ** (-200 / 400)) = 1 / 1.316228 = 0.759747
    assert expected_score(1600, 1400) == pytest.approx(0.759747, abs=1e-6)
    assert expected_score(1400, 1600) == pytest.approx(0.240253, abs=1e-6)


def test_the_400_point_rule() -> None:
    # D = 500 counts as 400: 1 / (1 + 10 ** -1) = 1 / 1.1 = 0.909091, as for D = 400
    assert expected_score(2000, 1500) == pytest.approx(0.909091, abs=1e-6)
    assert expected_score(2000, 1600) == pytest.approx(0.909091, abs=1e-6)
    assert expected_score(1500, 2000) == pytest.approx(0.090909, abs=1e-6)
    # a list with a 350-point rule: 1 / (1 + 10 ** (-350 / 400)) = 1 / 1.133352 = 0.882338
    assert expected_score(2000, 1500, RatingRules(max_difference=350)) == pytest.approx(0.882338, abs=1e-6)


def test_k_factor_b02() -> None:
    assert k_factor(PlayerRating(1500, 0)) == 40
    assert k_factor(PlayerRating(2399, 29)) == 40  # under 30 games
    assert k_factor(PlayerRating(1500, 30)) == 20  # from 30 games
    assert k_factor(PlayerRating(2400, 5)) == 10  # at 2400, whatever the games
    assert k_factor(PlayerRating(2400, 5), RatingRules(top_rating=2500)) == 40  # configured per list


def test_provisional_until_five_games() -> None:
    assert is_provisional(4) and not is_provisional(5)
    assert not is_provisional(2, RatingRules(provisional_games=2))


def test_rounding_half_away_from_zero() -> None:
    assert (round_half_away(2.5), round_half_away(-2.5), round_half_away(2.49), round_half_away(-0.4)) == (
        3,
        -3,
        2,
        0,
    )


def test_rate_round_by_hand() -> None:
    ratings = {
        1: PlayerRating(1500, 0),
        2: PlayerRating(1500, 0),
        3: PlayerRating(1600, 30),
        4: PlayerRating(1400, 30),
        5: PlayerRating(2450, 50),
        6: PlayerRating(1900, 10),
        7: PlayerRating(1500, 0),
        8: PlayerRating(1700, 40),
        9: PlayerRating(1800, 3),
    }
    games = [
        RatedGame(1, 2, 1.0),
        RatedGame(3, 4, 0.5),
        RatedGame(5, 6, 0.0),
        RatedGame(7, 8, 1.0),  # a 2-game match: 7 wins game 1 with White ...
        RatedGame(8, 7, 0.5),  # ... and draws game 2 with Black
    ]
    new = rate_round(ratings, games)
    # 1 beats 2, both new (K 40): 40 * (1 - 0.5) = +20
    assert new[1] == PlayerRating(1520, 1) and new[2] == PlayerRating(1480, 1)
    # draw, both K 20: 20 * (0.5 - 0.759747) = -5.19 -> -5 ; +5.19 -> +5
    assert new[3] == PlayerRating(1595, 31) and new[4] == PlayerRating(1405, 31)
    # 2450 (K 10) loses to 1900 (K 40); D = 550 counts as 400: E = 0.909091 / 0.090909
    # 10 * (0 - 0.909091) = -9.09 -> -9 ; 40 * (1 - 0.090909) = +36.36 -> +36
    assert new[5] == PlayerRating(2441, 51) and new[6] == PlayerRating(1936, 11)
    # one period, two games against 1700: E = 0.240253 each for 7 (K 40), 0.759747 for 8 (K 20)
    # 7: 40 * (1.5 - 0.480506) = +40.78 -> +41 ; 8: 20 * (0.5 - 1.519494) = -20.39 -> -20
    assert new[7] == PlayerRating(1541, 2) and new[8] == PlayerRating(1680, 42)
    assert 9 not in new  # did not play


def test_families() -> None:
    assert {family_of(g) for g in ("gipf-basic", "gipf-standard", "gipf-tournament")} == {GIPF}
    assert family_of("dvonn") == DVONN
    assert games_of(DVONN) == ["dvonn"]
    with pytest.raises(ValueError):
        family_of("chess")
