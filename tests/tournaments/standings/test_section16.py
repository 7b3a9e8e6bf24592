"""C.07 section 16 (unplayed rounds), 14.1.1 (the cut) and 9.2 (KS) on small Swiss events worked by hand.

Each kind of unplayed round appears in the middle and at the end of an event: the pairing-allocated
bye (PAB), the full-point bye (F), a forfeit won and lost, a requested half- or zero-point bye (H,
Z) and the rounds after a withdrawal. Points are written as points in the comments; the rows hold
half-points (win 2, draw 1), so points-based values are in half-points and SB in quarter-points.

What the text says, in our words (docs/standings.md):
- 16.3.1: an opponent's unplayed rounds count with the points awarded (16.2.1-16.2.4: PAB, F,
  forfeits either way); 16.2.5 / 16.3.2: a requested bye or an absence followed by nothing but
  unplayed rounds, or in the last round, counts as a draw;
- 16.4: the dummy opponent of one's own unplayed round has one's own score, capped at the
  scheduled opponent's adjusted score for a forfeit (16.4.1), at a draw in every round otherwise
  (16.4.2);
- 16.5.1 and 14.1.1: a cut removes the contribution of the lowest-scored opponent (the lowest
  contribution among equally low ones), the least significant; a voluntarily unplayed round's
  contribution goes first when it is not lower than that one; the full-point bye is not
  voluntary (16.1.2, 16.2.1);
- 9.2: KS reads the opponents' actual points, forfeit wins included.
"""

from __future__ import annotations

from tournaments.standings.compute import compute_standings
from tournaments.standings.field import Field
from tournaments.standings.field import RoundScore as R

from .test_c07 import BYES, by_player, game

CODES = ["BH", "BH-C1", "BH-C2", "SB", "SB-C1", "KS", "REP", "WIN"]


def standings(scores: list[R], players: int, rounds: int) -> dict:
    return by_player(compute_standings(list(range(1, players + 1)), scores, CODES, rounds))


# --------------------------------------------------------------------------- requested byes, middle and end

# 6 players, 4 rounds (maximum 4, a draw in every round 2).
# R1: 1-2 1-0, 3-4 1-0, 5-6 =.
# R2: 1-3 =, 2 H (requested, followed by games), 4-5 forfeit won by 4 (5 did not come), 6 PAB.
# R3: 1-4 1-0, 6-2 1-0, 3 Z (requested, followed by a game), 5 F.
# R4 (last): 1-5 forfeit won by 1 (5 did not come), 2-3 1-0, 4 Z (requested, last round),
#     6 withdrew after round 3 (absent).
# Totals: 1 3½, 2 1½, 3 1½, 4 1, 5 1½, 6 2½.
MIDDLE_AND_END = [
    *game(1, 1, 2, "1-0"), *game(1, 3, 4, "1-0"), *game(1, 5, 6, "="),
    *game(2, 1, 3, "="), R(2, 2, 1, bye="H"), *game(2, 4, 5, "1-0", forfeit=True), R(2, 6, 2, bye="U"),
    *game(3, 1, 4, "1-0"), *game(3, 6, 2, "1-0"), R(3, 3, 0, bye="Z"), R(3, 5, 2, bye="F"),
    *game(4, 1, 5, "1-0", forfeit=True), *game(4, 2, 3, "1-0"), R(4, 4, 0, bye="Z"),
    R(4, 6, 0, bye="Z", withdrawn=True),
]  # fmt: skip


def test_adjusted_scores_of_each_kind_of_unplayed_round() -> None:
    data = Field.build(list(range(1, 7)), MIDDLE_AND_END, 4)
    assert [data.totals[p] for p in range(1, 7)] == [7, 3, 3, 2, 3, 5]
    # 1: every round as scored, the forfeit win of R4 with its point (16.2.2-16.2.4, 16.3.1): 3½.
    # 2: the H of R2 is followed by games: with the ½ awarded (16.3.1): 1½.
    # 3: the Z of R3 is followed by a game: with the 0 awarded: 1½ (a draw would make it 2).
    # 4: the forfeit win of R2 with its point; the Z of the last round as a draw (16.2.5,
    #    16.3.2): 0 + 1 + 0 + ½ = 1½.
    # 5: the forfeit losses of R2 and of the last round with 0 (16.2.4), the F of R3 with its
    #    point (16.2.1): ½ + 0 + 1 + 0 = 1½.
    # 6: the PAB with its point (16.2.1), the round after the withdrawal as a draw (16.2.5):
    #    ½ + 1 + 1 + ½ = 3.
    assert [data.adjusted[p] for p in range(1, 7)] == [7, 3, 3, 3, 3, 6]


def test_dummy_opponents_of_forfeits_and_byes() -> None:
    data = Field.build(list(range(1, 7)), MIDDLE_AND_END, 4)
    entry = data.by_player
    # 16.4.1: 1's forfeit win against 5: min(1's 3½, 5's adjusted 1½) = 1½.
    assert data.dummy_score(entry[1][4]) == 3
    # 16.4.1: 4's forfeit win against 5: min(4's 1, 1½) = 1; 5's forfeit losses: min(1½, 4's 1½)
    # and min(1½, 1's 3½) = 1½.
    assert (data.dummy_score(entry[4][2]), data.dummy_score(entry[5][2]), data.dummy_score(entry[5][4])) == (
        2,
        3,
        3,
    )
    # 16.4.2: 6's PAB and absence: min(2½, a draw in each of 4 rounds = 2) = 2; 5's F: min(1½, 2).
    assert (data.dummy_score(entry[6][2]), data.dummy_score(entry[6][4]), data.dummy_score(entry[5][3])) == (
        4,
        4,
        3,
    )


def test_buchholz_and_cuts_with_requested_byes_in_the_middle_and_at_the_end() -> None:
    rows = standings(MIDDLE_AND_END, 6, 4)
    # 1: 2 (1½) + 3 (1½) + 4 (1½) + forfeit win (dummy 1½) = 6.
    assert rows[1].tie_breaks["BH"] == 12
    # 2: 1 (3½) + H (dummy min(1½, 2) = 1½) + 6 (3) + 3 (1½) = 9½; C1 cuts the H first (16.5): 8.
    assert (rows[2].tie_breaks["BH"], rows[2].tie_breaks["BH-C1"]) == (19, 16)
    # 3: 4 (1½) + 1 (3½) + Z (dummy min(1½, 2) = 1½) + 2 (1½) = 8.
    assert rows[3].tie_breaks["BH"] == 16
    # 4: 3 (1½) + forfeit win (dummy 1) + 1 (3½) + Z (dummy min(1, 2) = 1) = 7.
    assert rows[4].tie_breaks["BH"] == 14
    # 5: 6 (3) + forfeit loss (1½) + F (1½) + forfeit loss (1½) = 7½; C1 and C2 cut the forfeit
    # losses, voluntarily unplayed, before the F, which is not (16.1.2, 16.2.1): 6 and 4½.
    assert [rows[5].tie_breaks[c] for c in ("BH", "BH-C1", "BH-C2")] == [15, 12, 9]
    # 6: 5 (1½) + PAB (dummy 2) + 2 (1½) + absence (dummy 2) = 7; C1 cuts the absence (2) before
    # the lower 1½ of a game (16.5): 5.
    assert (rows[6].tie_breaks["BH"], rows[6].tie_breaks["BH-C1"]) == (14, 10)


def test_sonneborn_berger_with_dummy_opponents() -> None:
    rows = standings(MIDDLE_AND_END, 6, 4)
    # 1: 1 x 1½ (2) + ½ x 1½ (3) + 1 x 1½ (4) + 1 x 1½ (forfeit win, dummy) = 5¼.
    assert rows[1].tie_breaks["SB"] == 21
    # 5: ½ x 3 (6) + 0 + 1 x 1½ (F, dummy) + 0 = 3.
    assert rows[5].tie_breaks["SB"] == 12
    # 6: ½ x 1½ (5) + 1 x 2 (PAB, dummy) + 1 x 1½ (2) + 0 x 2 (absence) = 4¼. The absence's 0 is
    # lower than the least significant contribution, the lowest-scored opponent's ¾ (5 and 2 have
    # 1½, 5's product is the lower): 16.5.1 cuts the ¾, not the absence: SB-C1 3½.
    assert (rows[6].tie_breaks["SB"], rows[6].tie_breaks["SB-C1"]) == (17, 14)


def test_full_point_bye_is_an_elected_round_and_a_win() -> None:
    rows = standings(MIDDLE_AND_END, 6, 4)
    # REP (7.5) counts the rounds that are not voluntarily unplayed: 5 played R1 and had the F
    # (16.1.2): 2; 2 took an H: 3; 6's PAB counts, his absence not: 3.
    assert [rows[p].tie_breaks["REP"] for p in (5, 2, 6)] == [2, 3, 3]
    # WIN (7.1): 5's F and 6's PAB are wins without play.
    assert (rows[5].tie_breaks["WIN"], rows[6].tie_breaks["WIN"]) == (1, 2)


# --------------------------------------------------------------------------- a bye followed by nothing but unplayed rounds

# 4 players, 3 rounds (maximum 3, a draw in every round 1½).
# R1: 1-2 1-0, 3-4 1-0.   R2: 1-3 1-0, 2 Z (requested), 4 PAB.
# R3 (last): 1-4 =, 3-2 forfeit won by 3 (2 did not come).
# Totals: 1 2½, 2 0, 3 2, 4 1½.
ONLY_UNPLAYED_AFTER = [
    *game(1, 1, 2, "1-0"), *game(1, 3, 4, "1-0"),
    *game(2, 1, 3, "1-0"), R(2, 2, 0, bye="Z"), R(2, 4, 2, bye="U"),
    *game(3, 1, 4, "="), *game(3, 3, 2, "1-0", forfeit=True),
]  # fmt: skip


def test_requested_bye_followed_by_a_forfeit_counts_as_a_draw() -> None:
    data = Field.build([1, 2, 3, 4], ONLY_UNPLAYED_AFTER, 3)
    # 2's Z of R2 is followed only by an unplayed round (a forfeit loss): a draw (16.2.5); the
    # forfeit loss itself counts 0 (16.2.4): 0 + ½ + 0 = ½. 3's forfeit win counts 1: 2.
    assert [data.adjusted[p] for p in (1, 2, 3, 4)] == [5, 1, 4, 3]


def test_forfeit_dummy_is_capped_at_the_scheduled_opponents_adjusted_score() -> None:
    rows = by_player(compute_standings([1, 2, 3, 4], ONLY_UNPLAYED_AFTER, CODES, 3))
    # 1: 2 (½) + 3 (2) + 4 (1½) = 4.
    assert rows[1].tie_breaks["BH"] == 8
    # 3: 4 (1½) + 1 (2½) + forfeit win against 2: min(3's 2, 2's adjusted ½) = ½ (16.4.1) -> 4½.
    assert rows[3].tie_breaks["BH"] == 9
    # SB of 3: 1 x 1½ + 0 x 2½ + 1 x ½ = 2.
    assert rows[3].tie_breaks["SB"] == 8
    # 2: 1 (2½) + Z (dummy min(0, 1½) = 0) + forfeit loss (min(0, 2) = 0) = 2½.
    assert rows[2].tie_breaks["BH"] == 5


def test_cut_removes_the_lowest_scored_opponent() -> None:
    rows = by_player(compute_standings([1, 2, 3, 4], ONLY_UNPLAYED_AFTER, CODES, 3))
    # 4: lost to 3 (2 points, product 0), PAB (dummy min(1½, 1½) = 1½, product 1½), drew with 1
    # (2½, product 1¼): SB 2¾. SB-C1 cuts the contribution of the lowest-scored opponent, the
    # PAB's dummy with 1½ (14.1.1, 16.5.1), not the lowest product 0: 1¼.
    assert (rows[4].tie_breaks["SB"], rows[4].tie_breaks["SB-C1"]) == (11, 5)
    # BH-C1 of 4: 2 + 1½ + 2½ less 1½ = 4½.
    assert rows[4].tie_breaks["BH-C1"] == 9


def test_koya_reads_actual_points_and_counts_forfeit_wins() -> None:
    rows = by_player(compute_standings([1, 2, 3, 4], ONLY_UNPLAYED_AFTER, CODES, 3))
    # 9.2, threshold half of 3 = 1½ by the points actually scored. 3: beat 4 (1½: counts) 1, lost
    # to 1 (2½) 0, forfeit win against 2 (0 points: below) -> 1. 1: 2 (below), beat 3 (2) 1, drew
    # with 4 (1½) ½ -> 1½.
    assert (rows[3].tie_breaks["KS"], rows[1].tie_breaks["KS"]) == (2, 3)


# --------------------------------------------------------------------------- byes given, in the middle and at the end

# 5 players, 3 rounds (maximum 3, a draw in every round 1½).
# R1: 1-2 1-0, 3-4 1-0, 5 PAB.   R2: 1-3 =, 5-2 1-0, 4 F.
# R3 (last): 1-5 forfeit won by 1 (5 did not come), 2 PAB, 3 H (requested), 4 F.
# Totals: 1 2½, 2 1, 3 2, 4 2, 5 2.
GIVEN_BYES = [
    *game(1, 1, 2, "1-0"), *game(1, 3, 4, "1-0"), R(1, 5, 2, bye="U"),
    *game(2, 1, 3, "="), *game(2, 5, 2, "1-0"), R(2, 4, 2, bye="F"),
    *game(3, 1, 5, "1-0", forfeit=True), R(3, 2, 2, bye="U"), R(3, 3, 1, bye="H"), R(3, 4, 2, bye="F"),
]  # fmt: skip


def test_byes_given_count_with_their_points_in_the_middle_and_at_the_end() -> None:
    data = Field.build([1, 2, 3, 4, 5], GIVEN_BYES, 3)
    # 2: the PAB of the last round with its point: 1. 3: the H of the last round as a draw
    # (16.2.5), its ½ anyway: 2. 4: both Fs with their points (16.2.1): 2. 5: the PAB of R1 with
    # its point, the forfeit loss of the last round with 0 (16.2.4): 2.
    assert [data.adjusted[p] for p in (1, 2, 3, 4, 5)] == [5, 2, 4, 4, 4]
    rows = by_player(compute_standings([1, 2, 3, 4, 5], GIVEN_BYES, CODES, 3))
    # 1: 2 (1) + 3 (2) + forfeit win against 5 (min(2½, 2) = 2) = 5.
    assert rows[1].tie_breaks["BH"] == 10
    # 3: 4 (2) + 1 (2½) + H (min(2, 1½) = 1½) = 6.
    assert rows[3].tie_breaks["BH"] == 12
    # 2: 1 (2½) + 5 (2) + PAB (min(1, 1½) = 1) = 5½.
    assert rows[2].tie_breaks["BH"] == 11
    # 5: PAB (min(2, 1½) = 1½) + 2 (1) + forfeit loss (min(2, 2½) = 2) = 4½; C1 cuts the forfeit
    # loss first (16.5): 2½.
    assert (rows[5].tie_breaks["BH"], rows[5].tie_breaks["BH-C1"]) == (9, 5)
    # 4: 3 (2) + F (1½) + F (1½) = 5; no voluntarily unplayed round: C1 cuts a 1½ -> 3½.
    assert (rows[4].tie_breaks["BH"], rows[4].tie_breaks["BH-C1"]) == (10, 7)
    # REP of 4: the Fs are rounds elected to play: 3. WIN: 2.
    assert (rows[4].tie_breaks["REP"], rows[4].tie_breaks["WIN"]) == (3, 2)
    # KS of 1 (threshold 1½): 2 (1 point, below), drew with 3 (2) ½, forfeit win against 5 (2) 1.
    assert rows[1].tie_breaks["KS"] == 3


# --------------------------------------------------------------------------- 16.5.1: a VUR is cut first only when not lower

# 6 players, 4 rounds (maximum 4, a draw in every round 2).
# R1: 1 H (requested, followed by games), 2-3 =, 4-5 1-0, 6 PAB.
# R2: 1-2 1-0, 3-4 =, 6-5 1-0.   R3: 1-3 1-0, 2-5 1-0, 4-6 =.   R4 (last): 4-1 0-1, 6-2 1-0, 3-5 1-0.
# Totals: 1 3½, 2 1½, 3 2, 4 2, 5 0, 6 3½ (12½ in all: 11 games and the H's ½ and the PAB's 1).
VUR_LOWER = [
    R(1, 1, 1, bye="H"), *game(1, 2, 3, "="), *game(1, 4, 5, "1-0"), R(1, 6, 2, bye="U"),
    *game(2, 1, 2, "1-0"), *game(2, 3, 4, "="), *game(2, 6, 5, "1-0"),
    *game(3, 1, 3, "1-0"), *game(3, 2, 5, "1-0"), *game(3, 4, 6, "="),
    *game(4, 4, 1, "0-1"), *game(4, 6, 2, "1-0"), *game(4, 3, 5, "1-0"),
]  # fmt: skip


def test_sb_cut_keeps_a_requested_bye_contributing_less_than_the_least_significant() -> None:
    rows = standings(VUR_LOWER, 6, 4)
    assert [rows[p].points for p in range(1, 7)] == [7, 3, 4, 4, 0, 7]
    # 1: H (dummy min(3½, 2) = 2, product ½ x 2 = 1) + 2 (1½, product 1½) + 3 (2, product 2) +
    # 4 (2, product 2) = 6½. The least significant contribution is the lowest-scored opponent's,
    # 2's 1½; the H's 1 is lower, so 16.5.1 cuts the 1½, not the H: SB-C1 5 (cutting the H
    # first would give 5½).
    assert (rows[1].tie_breaks["SB"], rows[1].tie_breaks["SB-C1"]) == (26, 20)
    # BH of 1: 2 + 1½ + 2 + 2 = 7½. The H's term is its dummy's score, 2, not lower than 2's 1½:
    # the H goes first (16.5.1): BH-C1 5½; C2 then cuts the 1½: 4.
    assert [rows[1].tie_breaks[c] for c in ("BH", "BH-C1", "BH-C2")] == [15, 11, 8]


def test_sb_cut_takes_a_requested_bye_first_when_it_is_not_lower() -> None:
    rows = by_player(compute_standings([1, 2, 3, 4], BYES, ["SB", "SB-C1"], 3))
    # test_c07's BYES, player 1: 2 (½, product ½) + H (dummy min(2½, 1½) = 1½, product ¾) +
    # forfeit win against 3 (dummy min(2½, 2) = 2, product 2) = 3¼. The least significant
    # contribution is 2's ½; the H's ¾ is not lower, so it goes first (16.5.1): SB-C1 2½
    # (cutting the ½ would leave 2¾).
    assert (rows[1].tie_breaks["SB"], rows[1].tie_breaks["SB-C1"]) == (13, 10)
    # 3: forfeit win against 4 (dummy min(2, 1½) = 1½, product 1½) + beat 2 (½, product ½) +
    # forfeit loss against 1 (dummy min(2, 2½) = 2, product 0) = 2. The least significant is 2's
    # ½; the forfeit loss's 0 is lower, so the ½ is cut, not the forfeit loss: SB-C1 1½.
    assert (rows[3].tie_breaks["SB"], rows[3].tie_breaks["SB-C1"]) == (8, 6)
