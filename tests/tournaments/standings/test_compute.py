"""Result codes, half-point scoring and tie-breaks (pure, no database)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.results.codes import GAME_RESULTS, PointSystem, ResultError, format_points, normalise_codes
from tournaments.standings.compute import RoundScore, compute_standings, default_tie_breaks


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


def scores_for(table: dict[tuple[int, int], tuple[int, int, int]]) -> list[RoundScore]:
    """(round, player) -> (points, opponent or 0, won) helper."""
    return [
        RoundScore(rnd, player, pts, opponent or None, bool(won))
        for (rnd, player), (pts, opponent, won) in table.items()
    ]


# Four players, two rounds. Round 1: 1 beats 2, 3 draws 4. Round 2: 1 draws 3, 2 beats 4.
FOUR_PLAYERS_TWO_ROUNDS = {
    (1, 1): (2, 2, 1),
    (1, 2): (0, 1, 0),
    (1, 3): (1, 4, 0),
    (1, 4): (1, 3, 0),
    (2, 1): (1, 3, 0),
    (2, 3): (1, 1, 0),
    (2, 2): (2, 4, 1),
    (2, 4): (0, 2, 0),
}


def test_buchholz_sonneborn_berger_and_wins_by_hand() -> None:
    scores = scores_for(FOUR_PLAYERS_TWO_ROUNDS)
    # Totals: 1 -> 3, 2 -> 2, 3 -> 2, 4 -> 1 (half-points)
    rows = compute_standings([1, 2, 3, 4], scores, ["buchholz", "sonneborn-berger", "wins"], rounds=2)
    by_player = {row.player: row for row in rows}
    # 2 and 3 tie on points and on Buchholz; Sonneborn-Berger puts 3 ahead.
    assert [row.player for row in rows] == [1, 3, 2, 4]
    assert by_player[2].tie_breaks["buchholz"] == 3 + 1  # opponents 1 and 4
    assert by_player[3].tie_breaks["buchholz"] == 1 + 3  # opponents 4 and 1
    # SB of 2: 2 * score(4) = 2 ; SB of 3: 1 * score(4) + 1 * score(1) = 1 + 3 = 4
    assert by_player[2].tie_breaks["sonneborn-berger"] == 2
    assert by_player[3].tie_breaks["sonneborn-berger"] == 4
    assert by_player[2].tie_breaks["wins"] == 1 and by_player[3].tie_breaks["wins"] == 0
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_sonneborn_berger_breaks_the_tie() -> None:
    scores = scores_for(FOUR_PLAYERS_TWO_ROUNDS)
    rows = compute_standings([1, 2, 3, 4], scores, ["sonneborn-berger"], rounds=2)
    assert [(row.player, row.rank) for row in rows] == [(1, 1), (3, 2), (2, 3), (4, 4)]


def test_direct_encounter_and_shared_ranks() -> None:
    # Round 1: 2 beats 1; round 2: 1 beats 3, 2 loses to 3. 1, 2, 3 all on 2 half-points.
    scores = scores_for(
        {
            (1, 1): (0, 2, 0),
            (1, 2): (2, 1, 1),
            (2, 1): (2, 3, 1),
            (2, 3): (0, 1, 0),
            (3, 2): (0, 3, 0),
            (3, 3): (2, 2, 1),
        }
    )
    rows = compute_standings([1, 2, 3], scores, ["direct-encounter"], rounds=3)
    # Each beat one of the others: still equal, so they share rank 1.
    assert [row.rank for row in rows] == [1, 1, 1]


def test_unplayed_round_counts_as_virtual_opponent_with_own_score() -> None:
    # Player 1 has a bye (2) in round 1, then loses to 2 in round 2. Player 2 beats 3 in round 1.
    scores = [
        RoundScore(1, 1, 2),
        RoundScore(1, 2, 2, 3, True),
        RoundScore(1, 3, 0, 2),
        RoundScore(2, 1, 0, 2),
        RoundScore(2, 2, 2, 1, True),
        RoundScore(2, 3, 2),
    ]
    rows = {row.player: row for row in compute_standings([1, 2, 3], scores, ["buchholz"], rounds=2)}
    assert rows[1].tie_breaks["buchholz"] == 2 + 4  # virtual opponent with 1's own 2, then player 2's 4


def test_unknown_tie_break_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-break"):
        compute_standings([1], [], ["coin-toss"], rounds=1)


def test_default_tie_breaks() -> None:
    assert default_tie_breaks("round-robin")[0] == "direct-encounter"
    assert default_tie_breaks("swiss-dutch")[0] == "buchholz-cut1"
