"""Elo by hand (pure): the expected score and a round's new ratings."""

from __future__ import annotations

import pytest

from tournaments.ratings.elo import RatedGame, expected_score, rate_round


def test_expected_score_by_hand() -> None:
    assert expected_score(1500, 1500) == pytest.approx(0.5)
    # 1 / (1 + 10 ** (-200 / 400)) = 0.7597...
    assert expected_score(1600, 1400) == pytest.approx(0.75975, abs=1e-4)


def test_rate_round_by_hand() -> None:
    ratings = {1: 1500, 2: 1500, 3: 1600, 4: 1400, 5: 1500}
    games = [RatedGame(1, 2, 1.0), RatedGame(3, 4, 0.5)]
    new = rate_round(ratings, games)
    assert new[1] == 1510 and new[2] == 1490  # K=20 * (1 - 0.5)
    # draw: 1600 loses 20 * (0.5 - 0.7597) = -5.19 ; 1400 gains 5.19
    assert new[3] == 1595 and new[4] == 1405
    assert 5 not in new  # did not play
