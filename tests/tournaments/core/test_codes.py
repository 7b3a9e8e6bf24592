"""Result codes and their points (pure): display, single games, 2-game matches, normalising text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.core.codes import GAME_RESULTS, PointSystem, format_points, normalise_codes
from tournaments.core.errors import ResultError


def test_half_points_display() -> None:
    assert [format_points(v) for v in (0, 1, 2, 3, 7, None)] == ["0", "½", "1", "1½", "3½", ""]


def test_scores_of_single_games() -> None:
    points = PointSystem()
    assert points.game_scores("1-0") == (2, 0)
    assert points.game_scores("0-1") == (0, 2)
    assert points.game_scores("1/2-1/2") == (1, 1)
    assert points.game_scores("+/-") == (2, 0)
    assert points.game_scores("-/-") == (0, 0)


def test_custom_point_values_and_forfeit_loss() -> None:
    points = PointSystem(win=6, draw=2, loss=1)  # 3 for a win, 1 for a draw, ½ for a loss
    assert points.game_scores("0-1") == (1, 6)
    assert points.game_scores("-/+") == (0, 6)  # a forfeit loss scores nothing


def test_two_game_match_reads_game_two_from_the_other_side() -> None:
    points = PointSystem()
    # Game 1: the first-named player has White and wins; game 2: he has Black and the White player wins.
    assert points.pairing_scores(["1-0", "1-0"]) == (2, 2)
    assert points.pairing_scores(["1-0", "0-1"]) == (4, 0)


def test_normalise_codes() -> None:
    assert normalise_codes("½-½", 1) == ["1/2-1/2"]
    assert normalise_codes("1-0, 0-1", 2) == ["1-0", "0-1"]
    with pytest.raises(ResultError, match="expected 2 game results"):
        normalise_codes("1-0", 2)
    with pytest.raises(ResultError, match="'2-0' is not a result"):
        normalise_codes("2-0", 1)


@given(st.lists(st.sampled_from(GAME_RESULTS), min_size=1, max_size=2))
def test_a_played_game_hands_out_its_points(codes: list[str]) -> None:
    points = PointSystem()
    first, second = points.pairing_scores(codes)
    played = [c for c in codes if c not in ("+/-", "-/+", "-/-")]
    forfeited = [c for c in codes if c in ("+/-", "-/+")]
    assert first + second == 2 * len(played) + 2 * len(forfeited)
