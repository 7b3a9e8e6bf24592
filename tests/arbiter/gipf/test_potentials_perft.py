"""Perft of GIPF with potentials from the standard start, each implemented kind alone (the table in
docs/rules.md). Depths 1 and 2 are worked by hand; depth 3 is derived from the reference GIPF count
(../shared/perft: 73,800 at depth 3) plus the potentials' own moves, counted here by a separate
walk of the board geometry, not by the engine."""

from __future__ import annotations

import pytest

from arbiter.gipf.board import DIRECTIONS, ENTRIES, SPOT_INDEX, SPOT_POINTS
from arbiter.gipf.position import START_SPOTS
from arbiter.gipf.potentials import GAME

STANDARD = "gipf-pot-standard"
GIPF_STANDARD_D3 = 73_800  # ../shared/perft/README.md, standard rule set
# 42 entries at the root; a loaded piece or a basic piece on each: 84 (two kinds: 126). No line is
# full and no row can be made before ply 3, and Black has no loaded piece on the board at ply 2.
HAND = {"Z6": [84, 84 * 84], "Y6": [84, 84 * 84], "Z6 Y6": [126, 126 * 126]}
TABLE = {"Z6": 444_336, "Y6": 471_288}  # depth 3, docs/rules.md


@pytest.mark.parametrize(("kinds", "counts"), HAND.items())
def test_perft_depth_1_and_2_are_the_hand_worked_counts(kinds: str, counts: list[int]) -> None:
    assert GAME.perft(STANDARD, 2, kinds) == counts


def _moves(occupied: set[tuple[int, int]], origin: tuple[int, int], kind: str) -> int:
    """A ZÈRTZ jump / YINSH slide count from ``origin``, walked on axial points (spots only)."""
    spots = set(SPOT_POINTS)
    total = 0
    for dc, dv in DIRECTIONS:
        point = (origin[0] + dc, origin[1] + dv)
        if kind == "Z":
            if point not in occupied:
                continue
            while point in occupied:
                point = (point[0] + dc, point[1] + dv)
            total += point in spots
        else:
            while point in spots and point not in occupied:
                total += 1
                point = (point[0] + dc, point[1] + dv)
    return total


def _potential_moves_at_ply_3(kind: str) -> int:
    """Sum over White's entry at ply 1 (a loaded piece) and Black's at ply 2 of the moves White's
    potential has at ply 3."""
    start = {SPOT_POINTS[SPOT_INDEX[s]] for side in START_SPOTS for s in side}
    total = 0
    for first in ENTRIES:
        board = dict.fromkeys(start, "o")
        line = [SPOT_POINTS[s] for s in first.line]
        _push(board, line, "L")
        for second in ENTRIES:
            after = dict(board)
            _push(after, [SPOT_POINTS[s] for s in second.line], "o")
            where = next(point for point, piece in after.items() if piece == "L")
            total += _moves(set(after), where, kind)
    return total


def _push(board: dict[tuple[int, int], str], line: list[tuple[int, int]], piece: str) -> None:
    end = next(k for k, point in enumerate(line) if point not in board)
    for k in range(end, 0, -1):
        board[line[k]] = board[line[k - 1]]
    board[line[0]] = piece


@pytest.mark.parametrize("kinds", TABLE)
def test_the_depth_3_table_is_the_reference_count_plus_the_potentials_moves(kinds: str) -> None:
    # ply 1: White loaded (L) or basic (B); ply 2: Black L or B (2 ways, no effect on ply 3);
    # ply 3: after L, White brings a loaded or a basic piece (2 per free entry) or uses his
    # potential; after B, only basic pieces (1 per free entry).
    expected = 2 * (2 * GIPF_STANDARD_D3 + _potential_moves_at_ply_3(kinds[0]) + GIPF_STANDARD_D3)
    assert TABLE[kinds] == expected


@pytest.mark.slow
@pytest.mark.parametrize(("kinds", "d3"), TABLE.items())
def test_perft_depth_3_matches_the_table(kinds: str, d3: int) -> None:
    assert GAME.perft(STANDARD, 3, kinds)[2] == d3


def test_tournament_perft_depth_1_and_2_are_the_hand_worked_counts() -> None:
    # the first turn of each player must bring a GIPF-piece: 42 entries each, potentials or not
    assert GAME.perft("gipf-pot-tournament", 2, "Z6 Y6") == [42, 42 * 42]
