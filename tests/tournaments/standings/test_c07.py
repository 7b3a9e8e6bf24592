"""FIDE C.07 tie-breaks on small events worked by hand from the text (docs/standings.md).

Points are written in the comments as points; the rows hold half-points (win 2, draw 1), so
the expected raw values are: points-based values in half-points, SB in quarter-points.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.standings.compute import compute_standings, decimal, number
from tournaments.standings.field import RoundScore as R


def game(rnd: int, white: int, black: int, result: str, forfeit: bool = False) -> list[R]:
    """Both players' rows of one game: result "1-0", "0-1" or "=" (for a forfeit "+-"/"-+")."""
    w, b = {"1-0": (2, 0), "0-1": (0, 2), "=": (1, 1)}[result]
    return [
        R(rnd, white, w, black, w > b, colour="w", forfeit=forfeit),
        R(rnd, black, b, white, b > w, colour="b", forfeit=forfeit),
    ]


def by_player(rows):
    return {row.player: row for row in rows}


# --------------------------------------------------------------------------- the withdrawal

# 7 players, 5 rounds; player 6 withdraws after round 3 (absent in rounds 4 and 5).
# R1: 1-4 1-0, 2-5 1-0, 6-3 1-0, 7 PAB.   R2: 1-2 1-0, 6-7 =, 4-3 1-0, 5 PAB.
# R3: 1-6 1-0, 7-2 1-0, 3-5 1-0, 4 PAB.   R4: 1-7 =, 2-3 1-0, 4-5 1-0.   R5: 1-5 1-0, 7-3 1-0, 2-4 1-0.
# Totals: 1 4½, 2 3, 3 1, 4 3, 5 1, 6 1½, 7 4 (18 points in all).
WITHDRAWAL = [
    *game(1, 1, 4, "1-0"), *game(1, 2, 5, "1-0"), *game(1, 6, 3, "1-0"), R(1, 7, 2, bye="U"),
    *game(2, 1, 2, "1-0"), *game(2, 6, 7, "="), *game(2, 4, 3, "1-0"), R(2, 5, 2, bye="U"),
    *game(3, 1, 6, "1-0"), *game(3, 7, 2, "1-0"), *game(3, 3, 5, "1-0"), R(3, 4, 2, bye="U"),
    *game(4, 1, 7, "="), *game(4, 2, 3, "1-0"), *game(4, 4, 5, "1-0"), R(4, 6, 0, bye="Z", withdrawn=True),
    *game(5, 1, 5, "1-0"), *game(5, 7, 3, "1-0"), *game(5, 2, 4, "1-0"), R(5, 6, 0, bye="Z", withdrawn=True),
]  # fmt: skip


def test_withdrawn_opponent_counts_with_his_adjusted_score() -> None:
    rows = by_player(compute_standings(list(range(1, 8)), WITHDRAWAL, ["BH", "BH-C1"], rounds=5))
    assert [rows[p].points for p in range(1, 8)] == [9, 6, 2, 6, 2, 3, 8]
    # 16.3: 6's rounds 4 and 5 (voluntary: withdrawn) count as draws for his opponents:
    # adjusted score 1½ + ½ + ½ = 2½; PABs are not voluntary and keep their point.
    # Player 1 met 4 (3), 2 (3), 6 (2½), 7 (4), 5 (1): BH 13½ (the points-only sum gave 12½).
    assert rows[1].tie_breaks["BH"] == 27
    # Player 3 met 6 (2½), 4 (3), 5 (1), 2 (3), 7 (4): BH 13½.
    assert rows[3].tie_breaks["BH"] == 27
    # Player 7: R1 PAB - a dummy opponent with 7's own 4 points, capped (16.4, 2026) at half the
    # maximum, 5 x ½ = 2½; then 6 (2½), 2 (3), 1 (4½), 3 (1): BH 13½.
    assert rows[7].tie_breaks["BH"] == 27
    # Player 6: 3 (1), 7 (4), 1 (4½), and rounds 4-5 against a dummy with his own 1½: BH 12½.
    assert rows[6].tie_breaks["BH"] == 25
    # 16.5: the cut takes a voluntary unplayed round first (1½), not the lowest (1): BH-C1 11.
    assert rows[6].tie_breaks["BH-C1"] == 22
    # Player 1's cut drops the lowest, 5's 1: 12½.
    assert rows[1].tie_breaks["BH-C1"] == 25
    assert decimal("BH", rows[1].tie_breaks["BH"]) == "13.5"
    assert number("BH", rows[1].tie_breaks["BH"]) == 13.5


# --------------------------------------------------------------------------- byes and forfeits (Swiss)

# 4 players, 3 rounds, ratings 1: 1800, 2: 1600, 3: 1700, 4: 1500.
# R1: 1 (W) beats 2; 3 (W) wins by forfeit against 4 (4 did not come).
# R2: 1 takes a half-point bye; 2 (W) loses to 3; 4 has the pairing-allocated bye.
# R3: 1 (W) wins by forfeit against 3 (3 did not come); 4 (W) draws with 2.
# Totals: 1 2½, 3 2, 4 1½, 2 ½.
BYES = [
    *game(1, 1, 2, "1-0"), *game(1, 3, 4, "1-0", forfeit=True),
    R(2, 1, 1, bye="H"), *game(2, 2, 3, "0-1"), R(2, 4, 2, bye="U"),
    *game(3, 1, 3, "1-0", forfeit=True), *game(3, 4, 2, "="),
]  # fmt: skip
RATINGS = {1: 1800, 2: 1600, 3: 1700, 4: 1500}
ALL = ["BH", "BH-C1", "SB", "FB", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS-C1", "KS", "ARO", "TPR", "PTP"]


def byes() -> dict:
    return by_player(compute_standings([1, 2, 3, 4], BYES, [*ALL, "APRO", "APPO"], 3, ratings=RATINGS))


def test_points_and_order_with_byes_and_forfeits() -> None:
    rows = compute_standings([1, 2, 3, 4], BYES, ["BH"], 3)
    assert [(r.player, r.points) for r in rows] == [(1, 5), (3, 4), (4, 3), (2, 1)]


def test_buchholz_with_a_half_point_bye_a_pab_and_forfeits_both_ways() -> None:
    rows = byes()
    # Adjusted scores (16.3): every round with the points awarded (16.3.1) - the PAB and the
    # forfeits either way (16.2.1-16.2.4), a forfeit loss 0 - except 1's H, a requested bye
    # followed by nothing but an unplayed round (16.2.5), a draw (16.3.2), worth his ½ anyway:
    # 1: 1 + ½ + 1 = 2½; 3: 1 + 1 + 0 = 2; 4: 0 + 1 + ½ = 1½; 2: ½.
    # Dummy opponents (16.4): the player's own score, capped at the scheduled opponent's adjusted
    # score for a forfeit (16.4.1), at 3 x ½ = 1½ for a bye (16.4.2).
    # 1: 2 (½) + H (dummy min(2½, 1½) = 1½) + forfeit win against 3 (min(2½, 2) = 2) = 4;
    # cut: the H, a voluntarily unplayed round, first (16.5) -> 2½.
    assert (rows[1].tie_breaks["BH"], rows[1].tie_breaks["BH-C1"]) == (8, 5)
    # 3: forfeit win against 4 (min(2, 1½) = 1½) + 2 (½) + forfeit loss against 1 (min(2, 2½) = 2)
    # = 4; cut the forfeit loss first (16.5) -> 2.
    assert (rows[3].tie_breaks["BH"], rows[3].tie_breaks["BH-C1"]) == (8, 4)
    # 2: 1 (2½) + 3 (2) + 4 (1½) = 6; cut the lowest-scored opponent, 4 -> 4½.
    assert (rows[2].tie_breaks["BH"], rows[2].tie_breaks["BH-C1"]) == (12, 9)
    # 4: forfeit loss against 3 (min(1½, 2) = 1½) + PAB (min(1½, 1½) = 1½) + 2 (½) = 3½.
    assert rows[4].tie_breaks["BH"] == 7


def test_sonneborn_berger_and_fore_buchholz() -> None:
    rows = byes()
    # SB of 1: 1 x ½ (2) + ½ x 1½ (H, dummy) + 1 x 2 (forfeit win, dummy capped at 3's 2) = 3¼.
    assert rows[1].tie_breaks["SB"] == 13
    # SB of 2: 0 x 2½ + 0 x 2 + ½ x 1½ = ¾ (3 quarters).
    assert rows[2].tie_breaks["SB"] == 3
    # FB: the last round as a draw for everyone paired in it. Adjusted (16.3): 1: 1 + ½ (H,
    # 16.2.5) + ½ = 2; 3: 1 + 1 + ½ = 2½; 4: 0 (forfeit loss, 16.3.1) + 1 + ½ = 1½.
    # FB of 2: 2 + 2½ + 1½ = 6.
    assert rows[2].tie_breaks["FB"] == 12


def test_counts_win_won_black_and_rounds_elected() -> None:
    rows = byes()
    # WIN counts forfeit wins and the PAB; WON over-the-board wins only.
    assert (rows[1].tie_breaks["WIN"], rows[1].tie_breaks["WON"]) == (2, 1)
    assert (rows[3].tie_breaks["WIN"], rows[3].tie_breaks["WON"]) == (2, 1)
    assert (rows[4].tie_breaks["WIN"], rows[4].tie_breaks["WON"]) == (1, 0)
    # BPG/BWG: games played with Black (forfeits are not games in a Swiss event).
    assert (rows[2].tie_breaks["BPG"], rows[2].tie_breaks["BWG"]) == (2, 0)
    assert (rows[3].tie_breaks["BPG"], rows[3].tie_breaks["BWG"]) == (1, 1)
    assert rows[1].tie_breaks["BPG"] == 0
    # REP: rounds not voluntarily unplayed. 1 took the H, 3 and 4 lost by forfeit.
    assert [rows[p].tie_breaks["REP"] for p in (1, 2, 3, 4)] == [2, 3, 2, 2]


def test_progressive_and_koya() -> None:
    rows = byes()
    # PS of 1: running 1, 1½, 2½ -> 5; PS-C1 drops the first round's 1 -> 4.
    assert (rows[1].tie_breaks["PS"], rows[1].tie_breaks["PS-C1"]) == (10, 8)
    # KS (9.2): points against opponents who scored at least half the maximum (1½ of 3), by
    # their own points, forfeit wins included. 2 scored ½ against 4 (1½) and nothing against 1
    # and 3: ½. 1 beat 2 (½ point: below) and won by forfeit against 3 (2 points): 1.
    assert (rows[2].tie_breaks["KS"], rows[1].tie_breaks["KS"]) == (1, 2)


def test_rating_tie_breaks() -> None:
    rows = byes()
    # 2 played 1, 3, 4: ARO (1800 + 1700 + 1500) / 3 = 1666.7 -> 1667; p = ½/3 = 0.17 ->
    # dp -273 (B.02 table): TPR 1394.
    assert (rows[2].tie_breaks["ARO"], rows[2].tie_breaks["TPR"]) == (1667, 1394)
    # 1 played only 2 and won: ARO 1600, TPR 1600 + 800; PTP: the highest rating + 800.
    assert (rows[1].tie_breaks["ARO"], rows[1].tie_breaks["TPR"], rows[1].tie_breaks["PTP"]) == (
        1600,
        2400,
        2400,
    )
    # 4 played only 2 (a draw): TPR = PTP = 1600. 3 only beat 2: 2400.
    # APRO of 2: (2400 + 2400 + 1600) / 3 = 2133.3 -> 2133; APPO the same with PTP.
    assert (rows[2].tie_breaks["APRO"], rows[2].tie_breaks["APPO"]) == (2133, 2133)
    assert number("ARO", rows[2].tie_breaks["ARO"]) == 1667


# --------------------------------------------------------------------------- round robin (15.2)

# 4 players. R1: 1-4 1-0, 2-3 =. R2: 1-3 0-1, 2-4 1-0. R3: 1-2 forfeit (2 did not come), 3-4 0-1.
# Totals 1 2, 2 1½, 3 1½, 4 1.
ROUND_ROBIN = [
    *game(1, 1, 4, "1-0"), *game(1, 2, 3, "="),
    *game(2, 1, 3, "0-1"), *game(2, 2, 4, "1-0"),
    *game(3, 1, 2, "1-0", forfeit=True), *game(3, 3, 4, "0-1"),
]  # fmt: skip


def test_round_robin_forfeits_are_regular_games() -> None:
    rows = compute_standings([1, 2, 3, 4], ROUND_ROBIN, ["DE", "SB", "WON", "BH"], 3, round_robin=True)
    assert [r.player for r in rows] == [1, 3, 2, 4]
    data = by_player(rows)
    # 15.2: the forfeit is a game won and lost, scored against the opponent's real total.
    # SB 1: 1 x 1 (4) + 0 (3) + 1 x 1½ (2) = 2½; 3: ½ x 1½ + 1 x 2 + 0 = 2¾; 2: ½ x 1½ + 1 x 1 + 0 = 1¾.
    assert [data[p].tie_breaks["SB"] for p in (1, 2, 3)] == [10, 7, 11]
    # 2 and 3 drew (DE equal): SB puts 3 first.
    assert data[2].tie_breaks["DE"] == data[3].tie_breaks["DE"] == 0
    assert data[1].tie_breaks["WON"] == 2  # the forfeit win counts as a game won
    assert data[1].tie_breaks["BH"] == 2 + 3 + 3  # 4 (1) + 3 (1½) + 2 (1½), no adjustment: 4 points
    assert rows[1].rank == 2 and rows[2].rank == 3


# --------------------------------------------------------------------------- direct encounter (6.2, 6.3, 4.2)


def test_direct_encounter_is_reapplied_to_the_subgroup_still_tied() -> None:
    # A=1, B=2, C=3, D=4 all met: A beats B and C, draws D; B beats C; C beats D; D beats B.
    # Among them: A 2½, D 1½, B 1, C 1 -> A, D, then B and C again on their own game: B.
    # Rounds 4-5 make everyone 2½: A Z Z, D F Z, B F H, C F H.
    scores = [
        *game(1, 1, 2, "1-0"), *game(1, 3, 4, "1-0"),
        *game(2, 1, 3, "1-0"), *game(2, 4, 2, "1-0"),
        *game(3, 1, 4, "="), *game(3, 2, 3, "1-0"),
        R(4, 1, 0, bye="Z"), R(4, 4, 2, bye="F"), R(4, 2, 2, bye="F"), R(4, 3, 2, bye="F"),
        R(5, 1, 0, bye="Z"), R(5, 4, 0, bye="Z"), R(5, 2, 1, bye="H"), R(5, 3, 1, bye="H"),
    ]  # fmt: skip
    rows = compute_standings([1, 2, 3, 4], scores, ["DE"], 5)
    assert {r.points for r in rows} == {5}
    assert [(r.player, r.rank, r.tie_breaks["DE"]) for r in rows] == [
        (1, 1, 3),
        (4, 2, 2),
        (2, 3, 1),
        (3, 4, 0),
    ]


def test_direct_encounter_decides_only_what_missing_games_cannot_change() -> None:
    # 1, 2, 3 tied on 1 point; 1 beat 2, 3 met neither: 3 could still reach 2 points among them
    # (6.3), so DE decides nothing; the old whole-group sum put 1 first.
    scores = [
        *game(1, 1, 2, "1-0"), R(1, 3, 2, bye="U"),
        R(2, 1, 0, bye="Z"), R(2, 2, 2, bye="F"), R(2, 3, 0, bye="Z"),
    ]  # fmt: skip
    rows = compute_standings([1, 2, 3], scores, ["DE"], 2)
    assert [r.rank for r in rows] == [1, 1, 1]
    assert all(r.tie_breaks["DE"] == 0 for r in rows)


def test_direct_encounter_separates_a_winner_no_missing_game_can_catch() -> None:
    # 1 beat 2 and 3 (2 points among them); 2 and 3 did not meet: each could reach 1 < 2, so 1
    # is first by DE; 2 and 3 stay tied (they never met). Byes make all three 2 points.
    scores = [
        *game(1, 1, 2, "1-0"), R(1, 3, 2, bye="F"),
        *game(2, 1, 3, "1-0"), R(2, 2, 2, bye="F"),
        R(3, 1, 0, bye="Z"), R(3, 2, 2, bye="F"), R(3, 3, 2, bye="F"),
    ]  # fmt: skip
    rows = compute_standings([1, 2, 3], scores, ["DE"], 3)
    assert {r.points for r in rows} == {4}
    assert [(r.player, r.rank, r.tie_breaks["DE"]) for r in rows] == [(1, 1, 2), (2, 2, 0), (3, 2, 0)]


# --------------------------------------------------------------------------- 2-game matches


def test_two_game_match_points_game_points_and_mpvgp() -> None:
    # R1: 1 (W in game 1) - 2: 1-0 then ½-½ -> 1½ : ½; 3 (W) - 4: 1-0 then 0-1 -> 1 : 1.
    # R2: 3 (W) - 1: ½-½ twice -> 1 : 1; 2 (W) - 4: 0-1, 0-1 -> 0 : 2.
    def match(rnd, white, black, white_letters, black_letters):
        wp = sum({"1": 2, "=": 1, "0": 0}[x] for x in white_letters)
        bp = sum({"1": 2, "=": 1, "0": 0}[x] for x in black_letters)
        return [
            R(rnd, white, wp, black, wp > bp, colour="w", games=white_letters),
            R(rnd, black, bp, white, bp > wp, colour="b", games=black_letters),
        ]

    scores = [
        *match(1, 1, 2, ("1", "="), ("0", "=")), *match(1, 3, 4, ("1", "0"), ("0", "1")),
        *match(2, 3, 1, ("=", "="), ("=", "=")), *match(2, 2, 4, ("0", "0"), ("1", "1")),
    ]  # fmt: skip
    codes = ["MP", "GP", "MPvGP", "WON", "BPG"]
    rows = by_player(compute_standings([1, 2, 3, 4], scores, codes, 2, games_per_pairing=2))
    # Game points: 1 2½, 2 ½, 3 2, 4 3. Match points (2/1/0): 1 3, 2 0, 3 2, 4 3.
    assert [rows[p].points for p in (1, 2, 3, 4)] == [5, 1, 4, 6]
    assert [rows[p].tie_breaks["MP"] for p in (1, 2, 3, 4)] == [3, 0, 2, 3]
    assert rows[4].tie_breaks["GP"] == 6
    # MPvGP: game points in each match x the opponent's match points.
    # 1: 1½ x 0 + 1 x 2 = 2; 3: 1 x 3 + 1 x 3 = 6; 4: 1 x 2 + 2 x 0 = 2.
    assert [rows[p].tie_breaks["MPvGP"] for p in (1, 3, 4)] == [4, 12, 4]
    assert number("MPvGP", rows[3].tie_breaks["MPvGP"]) == 6.0
    # WON counts games: 4 won game 2 of round 1 and both games of round 2.
    assert rows[4].tie_breaks["WON"] == 3
    # BPG: every match has one game with Black.
    assert rows[1].tie_breaks["BPG"] == 2


def test_values_are_exact() -> None:
    rows = byes()
    assert all(isinstance(v, Fraction) for r in rows.values() for v in r.tie_breaks.values())
    assert decimal("SB", rows[1].tie_breaks["SB"]) == "3.25"
