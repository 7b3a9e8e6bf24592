"""The fast perft walk of GIPF with potentials against the plain one, and the board symmetries it
uses (arbiter/gipf/potentials/perft.py; docs/rules.md "Perft" under GIPF with potentials)."""

from __future__ import annotations

import random

import pytest

from arbiter.gipf.board import DIRECTIONS, ENTRIES, LINES, SPOT_INDEX, SPOT_NAMES, SPOT_POINTS
from arbiter.gipf.potentials import format_position, parse_sets, start_position, turns
from arbiter.gipf.potentials.perft import (
    SYMMETRIES,
    image_of,
    perft_counts,
    plain_counts,
    plies,
    symmetries_keeping,
)
from arbiter.gipf.potentials.position import Position, rows_of
from arbiter.gipf.potentials.rules import Push, Use

CENTRE_SPOT = SPOT_INDEX["e5"]


def _adjacent(a: int, b: int) -> bool:
    (c1, v1), (c2, v2) = SPOT_POINTS[a], SPOT_POINTS[b]
    return (c2 - c1, v2 - v1) in DIRECTIONS


def test_each_symmetry_maps_e5_lines_entries_and_neighbours_onto_themselves() -> None:
    # what the rules read of the board: the pushes' lines from their dots, the lines rows are made
    # on, the neighbours (DVONN, PÜNCT), the rays (ZÈRTZ, YINSH: the entries' lines from any spot on
    # them) and e5 (TAMSK)
    assert len(set(SYMMETRIES)) == 12
    entry_lines = {entry.line for entry in ENTRIES}
    line_sets = {frozenset(line) for line in LINES}
    for perm in SYMMETRIES:
        assert sorted(perm) == list(range(37))
        assert perm[CENTRE_SPOT] == CENTRE_SPOT
        assert {tuple(perm[s] for s in line) for line in entry_lines} == entry_lines
        assert {frozenset(perm[s] for s in line) for line in line_sets} == line_sets
        for a in range(37):
            for b in range(37):
                assert _adjacent(a, b) == _adjacent(perm[a], perm[b])


def test_the_standard_start_is_kept_by_six_symmetries_the_empty_board_by_all() -> None:
    # White's GIPF-pieces b5, e2, h5 are every second corner of the hexagon around e5, Black's b2,
    # e8, h2 the others: the turns by 120 and 240 degrees keep them, those by 60, 180 and 300 swap
    # the colours; of the six mirrors the three through one of White's corners (and the opposite
    # black one) keep them.
    standard = start_position("gipf-pot-standard", parse_sets("Ultimate"))
    kept = symmetries_keeping(standard)
    assert [k for k in kept if k < 6] == [0, 2, 4]  # the turns by 0, 120 and 240 degrees
    mirrors = [SYMMETRIES[k] for k in kept if k >= 6]
    white = [SPOT_INDEX[name] for name in ("b5", "e2", "h5")]
    assert sorted(next(SPOT_NAMES[s] for s in white if mirror[s] == s) for mirror in mirrors) == [
        "b5",
        "e2",
        "h5",
    ]
    tournament = start_position("gipf-pot-tournament", parse_sets("Ultimate"))
    assert symmetries_keeping(tournament) == list(range(12))


def _positions(game: str, sets: str, seed: int, plies_: int) -> list[Position]:
    """Positions of a random game that uses its potentials (stacks, TAMSK extra pushes, rows)."""
    rng = random.Random(seed)
    pos = start_position(game, parse_sets(sets))
    found = [pos]
    for _ in range(plies_):
        options = turns(pos)
        if not options:
            break
        used = [t for t in options if isinstance(t.action, Use) or t.extra is not None]
        loaded = [t for t in options if isinstance(t.action, Push) and t.action.piece not in ("", "G")]
        pool = used if used and rng.random() < 0.6 else loaded if loaded and rng.random() < 0.8 else options
        pos = rng.choice(pool).position
        found.append(pos)
    return found


GAMES = [
    ("gipf-pot-standard", "Ultimate", 1),
    ("gipf-pot-standard", "T6", 2),
    ("gipf-pot-tournament", "D6 P6", 3),
    ("gipf-pot-standard", "White Z6 Y3; Black D4 P6", 4),
]


@pytest.mark.parametrize(("game", "sets", "seed"), GAMES)
def test_a_position_and_its_images_have_the_same_plies(game: str, sets: str, seed: int) -> None:
    for pos in _positions(game, sets, seed, 60)[::10]:
        children = sorted(format_position(child) + f" {over}" for child, over in plies(pos))
        for k in range(12):
            moved = sorted(format_position(image_of(child, k)) + f" {over}" for child, over in plies(pos))
            assert moved == sorted(
                format_position(child) + f" {over}" for child, over in plies(image_of(pos, k))
            )
        assert children


@pytest.mark.parametrize(("game", "sets", "seed"), GAMES)
def test_the_fast_walk_counts_what_the_plain_walk_counts(game: str, sets: str, seed: int) -> None:
    # mid-game positions: rows to remove at the start of the turn or made by the last ply, stacks,
    # TAMSK extra pushes, ends of the game; depth 2 where a ply has few branches
    positions = _positions(game, sets, seed, 80)
    for pos in positions[::2]:
        assert perft_counts(pos, 1) == plain_counts(pos, 1)
    if sets != "Ultimate":
        for pos in positions[::10]:
            assert perft_counts(pos, 2) == plain_counts(pos, 2)


@pytest.mark.slow
def test_the_fast_walk_counts_what_the_plain_walk_counts_with_every_kind_at_depth_2() -> None:
    for pos in _positions("gipf-pot-standard", "Ultimate", 1, 80)[::8]:
        assert perft_counts(pos, 2) == plain_counts(pos, 2)


# random games and the plies where the side to move finds a row of his on the board
ROWS = [
    ("gipf-pot-standard", "T6", 5, (36, 53, 65, 73)),
    ("gipf-pot-tournament", "D6 P6", 11, (34,)),
    ("gipf-pot-standard", "White Z6 Y3; Black D4 P6", 5, (13, 21)),
]


@pytest.mark.parametrize(("game", "sets", "seed", "at"), ROWS)
def test_the_fast_walk_counts_a_row_on_the_board_as_the_plain_walk(
    game: str, sets: str, seed: int, at: tuple[int, ...]
) -> None:
    positions = _positions(game, sets, seed, max(at))
    for ply in at:
        pos = positions[ply]
        assert rows_of(pos.board, pos.to_move)
        depth = 2 if sets == "T6" else 1  # the other two's second plies have many removals
        assert perft_counts(pos, depth) == plain_counts(pos, depth)
