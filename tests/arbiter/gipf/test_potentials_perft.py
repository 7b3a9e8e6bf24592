"""Perft of GIPF with potentials from the standard and tournament starts, each kind alone and all
together (the tables in docs/rules.md). Depths 1 and 2 are worked by hand; depth 3 is derived from
the reference GIPF counts (../shared/perft: 73,800 standard, 148,176 tournament at depth 3) plus the
potentials' own moves, counted here by a separate walk of the board geometry, not by the engine;
tournament depth 4 and standard TAMSK depth 4 are derived from the reference counts too, the other
standard depth-4 figures in test_potentials_perft_derived.py. Depth-4 subtrees are counted alike by
the plain walk (every ply played) and the engine's fast one."""

from __future__ import annotations

import pytest

from arbiter.gipf.board import DIRECTIONS, ENTRIES, SPOT_INDEX, SPOT_POINTS
from arbiter.gipf.position import START_SPOTS
from arbiter.gipf.potentials import GAME, Position, parse_sets, play_turn, start_position
from arbiter.gipf.potentials.perft import perft_counts, plain_counts

STANDARD = "gipf-pot-standard"
TOURNAMENT = "gipf-pot-tournament"
GIPF_STANDARD_D3 = 73_800  # ../shared/perft/README.md, standard rule set
GIPF_STANDARD_D4 = 3_066_768
GIPF_TOURNAMENT_D3 = 148_176  # tournament rule set: a GIPF-piece or a basic piece on each free entry
GIPF_TOURNAMENT_D4 = 12_446_784
STANDARD_T6_D4 = 27_600_912  # docs/rules.md, derived
TOURNAMENT_D4 = 28_005_264  # any one kind alone, derived
TOURNAMENT_ULTIMATE_D4 = 152_473_104  # derived
# standard depth 4, docs/rules.md: derived (TAMSK below, the others in test_potentials_perft_derived.py)
STANDARD_D4 = {
    "T6": STANDARD_T6_D4,
    "Z6": 27_805_020,
    "D6": 27_701_496,
    "Y6": 31_150_932,
    "P6": 28_092_612,
    "Z6 Y6": 158_907_648,
    "Ultimate": 2_989_999_566,
}
# 42 entries at the root; a loaded piece or a basic piece on each: 84 (two kinds: 126, five: 252).
# No line is full and no row can be made before ply 3, and Black has no loaded piece on the board
# at ply 2.
HAND = {
    "Z6": [84, 84 * 84],
    "Y6": [84, 84 * 84],
    "T6": [84, 84 * 84],
    "D6": [84, 84 * 84],
    "P6": [84, 84 * 84],
    "Z6 Y6": [126, 126 * 126],
    "Ultimate": [252, 252 * 252],
}
# depth 3, docs/rules.md
TABLE = {
    "Z6": 444_336,
    "Y6": 471_288,
    "T6": 442_800,
    "D6": 443_340,
    "P6": 446_550,
    "Z6 Y6": 1_594_836,
    "Ultimate": 13_828_122,
}
TOURNAMENT_TABLE = {
    kinds: [42, 1_764, (2 + len(kinds.split())) * 74_088] for kinds in ("T6", "Z6", "D6", "Y6", "P6")
}
TOURNAMENT_TABLE["Ultimate"] = [42, 1_764, 518_616]


@pytest.mark.parametrize(("kinds", "counts"), HAND.items())
def test_perft_depth_1_and_2_are_the_hand_worked_counts(kinds: str, counts: list[int]) -> None:
    assert GAME.perft(STANDARD, 2, kinds) == counts


def _moves(board: dict[tuple[int, int], str], origin: tuple[int, int], kind: str) -> int:
    """The moves of White's potential of ``kind`` on ``origin``, walked on axial points (spots
    only): a ZÈRTZ jump, a YINSH slide, a DVONN onto a black basic or loaded DVONN piece, a PÜNCT onto
    a black loaded PÜNCT piece or a black GIPF-piece (neutralise and convert: 2); a TAMSK none."""
    spots = set(SPOT_POINTS)
    total = 0
    for dc, dv in DIRECTIONS:
        point = (origin[0] + dc, origin[1] + dv)
        if kind == "Z":
            if point not in board:
                continue
            while point in board:
                point = (point[0] + dc, point[1] + dv)
            total += point in spots
        elif kind == "Y":
            while point in spots and point not in board:
                total += 1
                point = (point[0] + dc, point[1] + dv)
        elif kind == "D":
            total += board.get(point) in ("b", "lD")
        elif kind == "P":
            total += {"B": 2, "lP": 1}.get(board.get(point, ""), 0)
    return total


def _potential_moves_at_ply_3(kind: str, black: str) -> int:
    """Sum over White's entry at ply 1 (a loaded piece of ``kind``) and Black's at ply 2 (``black``:
    ``b`` a basic piece, ``lK`` a loaded piece of kind K) of the moves White's potential has at ply 3."""
    start = {SPOT_POINTS[SPOT_INDEX[s]]: "WB"[side] for side in (0, 1) for s in START_SPOTS[side]}
    total = 0
    for first in ENTRIES:
        board = dict(start)
        _push(board, [SPOT_POINTS[s] for s in first.line], "L")
        for second in ENTRIES:
            after = dict(board)
            _push(after, [SPOT_POINTS[s] for s in second.line], black)
            where = next(point for point, piece in after.items() if piece == "L")
            total += _moves(after, where, kind)
    return total


def _push(board: dict[tuple[int, int], str], line: list[tuple[int, int]], piece: str) -> None:
    end = next(k for k, point in enumerate(line) if point not in board)
    for k in range(end, 0, -1):
        board[line[k]] = board[line[k - 1]]
    board[line[0]] = piece


@pytest.mark.parametrize("kinds", ["Z6", "Y6", "T6", "D6", "P6"])
def test_the_depth_3_table_is_the_reference_count_plus_the_potentials_moves(kinds: str) -> None:
    # ply 1: White loaded (L) or basic; ply 2: Black loaded (of the same kind) or basic; ply 3: after
    # L, White brings a loaded or a basic piece (2 per free entry) or uses his potential; after a
    # basic piece, only basic pieces (1 per free entry). The free entries at ply 3 depend only on
    # which spots are taken: summed over the 42 x 42 entry pairs they are GIPF's 73,800.
    kind = kinds[0]
    uses = sum(_potential_moves_at_ply_3(kind, black) for black in ("l" + kind, "b"))
    assert TABLE[kinds] == 2 * 2 * GIPF_STANDARD_D3 + 2 * GIPF_STANDARD_D3 + uses


def test_the_ultimate_depth_3_is_the_reference_count_plus_the_potentials_moves() -> None:
    # 3 of each kind: after White's loaded piece (5 kinds) and Black's choice (5 kinds or basic),
    # White has 6 choices per free entry and his potential's moves; after White's basic piece, 1.
    blacks = ["l" + kind for kind in "TZDYP"] + ["b"]
    uses = sum(_potential_moves_at_ply_3(kind, black) for kind in "TZDYP" for black in blacks)
    assert TABLE["Ultimate"] == (5 * 6 * 6 + 6) * GIPF_STANDARD_D3 + uses


def test_the_zertz_and_yinsh_depth_3_is_the_reference_count_plus_the_potentials_moves() -> None:
    # after White's loaded piece (ZÈRTZ or YINSH) 3 choices per free entry at ply 3, after his basic
    # piece 1, whatever Black brought (3 choices); a ZÈRTZ jump and a YINSH slide see only which
    # spots are taken, so Black's choice does not change White's potential's moves
    uses = sum(_potential_moves_at_ply_3(kind, black) for kind in "ZY" for black in ("lZ", "lY", "b"))
    assert TABLE["Z6 Y6"] == (3 + 3 + 1) * 3 * GIPF_STANDARD_D3 + uses


@pytest.mark.parametrize(("kinds", "d3"), TABLE.items())
def test_perft_depth_3_matches_the_table(kinds: str, d3: int) -> None:
    assert GAME.perft(STANDARD, 3, kinds)[2] == d3


def test_tournament_depth_3_is_the_reference_count_with_every_piece_choice() -> None:
    # plies 1 and 2 bring GIPF-pieces; at ply 3 White may bring a GIPF-piece, a loaded piece of each
    # kind or a basic piece on each free entry: GIPF's 148,176 counts 2 choices per free entry
    for kinds, counts in TOURNAMENT_TABLE.items():
        n = 5 if kinds == "Ultimate" else 1
        assert counts[2] == (2 + n) * GIPF_TOURNAMENT_D3 // 2


@pytest.mark.parametrize(("kinds", "counts"), TOURNAMENT_TABLE.items())
def test_tournament_perft_depth_1_to_3_matches_the_table(kinds: str, counts: list[int]) -> None:
    assert GAME.perft(TOURNAMENT, 3, kinds) == counts


def test_the_depth_4_figures_are_the_reference_counts_times_the_piece_choices() -> None:
    # TAMSK alone, standard: no potential moves and no extra push before ply 5 (the loaded piece
    # comes in three spots from e5 and moves one spot a push); each player has 2 choices per free
    # entry at his second turn after a loaded piece, 1 after a basic one: (2 + 1) x (2 + 1) = 9
    assert STANDARD_T6_D4 == 9 * GIPF_STANDARD_D4
    # tournament, one kind: GIPF-pieces at plies 1 and 2, then 3 choices (GIPF-piece, loaded, basic)
    # at plies 3 and 4 where GIPF has 2, and no potential on the board before ply 4 ends
    assert TOURNAMENT_D4 == 3 * 3 * GIPF_TOURNAMENT_D4 // 4


@pytest.mark.slow
@pytest.mark.parametrize(("kinds", "d4"), STANDARD_D4.items())
def test_standard_perft_depth_4_matches_the_table(kinds: str, d4: int) -> None:
    assert GAME.perft(STANDARD, 4, kinds)[3] == d4


@pytest.mark.slow
@pytest.mark.parametrize("kinds", ["T6", "Z6", "D6", "Y6", "P6"])
def test_tournament_perft_depth_4_of_each_kind(kinds: str) -> None:
    assert GAME.perft(TOURNAMENT, 4, kinds)[3] == TOURNAMENT_D4


@pytest.mark.slow
def test_tournament_perft_depth_4_of_all_kinds() -> None:
    assert GAME.perft(TOURNAMENT, 4, "Ultimate")[3] == TOURNAMENT_ULTIMATE_D4


def test_the_tournament_depth_4_of_all_kinds_is_the_reference_count_with_every_piece_choice() -> None:
    # 7 choices (GIPF-piece, 5 loaded pieces, basic) at plies 3 and 4 where GIPF has 2
    assert TOURNAMENT_ULTIMATE_D4 == 7 * 7 * GIPF_TOURNAMENT_D4 // 4


# depth-4 subtrees of the standard start: the two first plies, then depth 1 and 2 from there, as the
# plain walk (every ply played, nothing remembered) and the fast one counted them alike
SUBTREES = [
    ("Z6", "Za1-c3", "Za2-b3", [86, 7_272]),
    ("D6", "Da1-c3", "Da1-d4", [85, 7_238]),
    ("Y6", "Ya2-b3", "Ya2-c4", [97, 8_580]),
    ("P6", "Pa1-c3", "Pa1-d4", [87, 7_399]),
    ("Z6 Y6", "Za1-c3", "Ya2-b3", [128, 16_829]),
    ("Ultimate", "Pa1-c3", "Da1-d4", [254, 64_024]),
    ("Ultimate", "Da1-c3", "Pa1-d4", [252, 63_511]),
    ("Ultimate", "Za1-c3", "Ya2-b3", [254, 65_255]),
    ("Ultimate", "Ya2-b3", "Za2-c4", [265, 66_752]),
]


def _after(kinds: str, first: str, second: str) -> Position:
    pos = start_position(STANDARD, parse_sets(kinds))
    return play_turn(play_turn(pos, first).position, second).position


@pytest.mark.parametrize(("kinds", "first", "second", "counts"), SUBTREES)
def test_depth_4_subtrees_by_the_fast_walk(kinds: str, first: str, second: str, counts: list[int]) -> None:
    assert perft_counts(_after(kinds, first, second), 2) == counts


@pytest.mark.parametrize(("kinds", "first", "second", "counts"), [s for s in SUBTREES if s[0] != "Ultimate"])
def test_depth_4_subtrees_by_the_plain_walk(kinds: str, first: str, second: str, counts: list[int]) -> None:
    assert plain_counts(_after(kinds, first, second), 2) == counts


@pytest.mark.slow
@pytest.mark.parametrize(("kinds", "first", "second", "counts"), [s for s in SUBTREES if s[0] == "Ultimate"])
def test_depth_4_subtrees_of_all_kinds_by_the_plain_walk(
    kinds: str, first: str, second: str, counts: list[int]
) -> None:
    assert plain_counts(_after(kinds, first, second), 2) == counts


@pytest.mark.parametrize("kinds", ["T6", "Z6", "D6", "Y6", "P6", "Z6 Y6"])
def test_depth_1_and_2_by_the_plain_walk(kinds: str) -> None:
    assert plain_counts(start_position(STANDARD, parse_sets(kinds)), 2) == HAND[kinds]


@pytest.mark.slow
@pytest.mark.parametrize("kinds", ["Y6", "P6"])
def test_depth_3_by_the_plain_walk(kinds: str) -> None:
    assert plain_counts(start_position(STANDARD, parse_sets(kinds)), 3)[2] == TABLE[kinds]


def test_tournament_perft_depth_1_and_2_are_the_hand_worked_counts() -> None:
    # the first turn of each player must bring a GIPF-piece: 42 entries each, potentials or not
    assert GAME.perft(TOURNAMENT, 2, "Z6 Y6") == [42, 42 * 42]
