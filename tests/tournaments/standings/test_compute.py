"""Standings and tie-breaks computed by hand (pure, no database)."""

from __future__ import annotations

import pytest

from tournaments.standings.compute import RoundScore, compute_standings, default_tie_breaks


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
    # FIDE C.07 codes (issue 10): DE for round robins, BH-C1 first for Swiss events
    assert default_tie_breaks("round-robin")[0] == "DE"
    assert default_tie_breaks("swiss-dutch")[0] == "BH-C1"
