"""Perft of TZAAR (one move a ply, White's first turn one capture): the specification's counts from
the fixed start, and the engine's fast walk against the plain walk of tests/arbiter/tzaar/support.py
from random starts drawn here."""

from __future__ import annotations

import random

import pytest

from arbiter import registry
from tests.arbiter.tzaar.support import ALL_SPACES, FIXED, board_of, plain_perft, setup_text

#: docs: /work/shared/rules/tzaar.md, "Counting conventions (perft) and reference counts"
SPEC_COUNTS = [42, 1_797, 260_556]


def _random_setup(seed: int) -> dict[str, str]:
    pieces = [
        colour + kind
        for colour in "wb"
        for kind, count in (("T", 6), ("Z", 9), ("O", 15))
        for _ in range(count)
    ]
    random.Random(seed).shuffle(pieces)
    return dict(zip(ALL_SPACES, pieces, strict=True))


def test_perft_from_the_fixed_start_equals_the_specification() -> None:
    assert registry.perft("tzaar", 3) == SPEC_COUNTS
    fixed = registry.start("tzaar", {"start": "fixed"})
    assert registry.perft("tzaar", 3, fixed) == SPEC_COUNTS


def test_the_plain_walk_equals_the_specification_too() -> None:
    board = board_of(FIXED)
    assert [plain_perft(board, "w", False, depth) for depth in (1, 2, 3)] == SPEC_COUNTS


@pytest.mark.parametrize("seed", [1, 2])
def test_perft_from_random_starts_agrees_with_the_plain_walk(seed: int) -> None:
    stacks = _random_setup(seed)
    start = registry.start("tzaar", {"start": "random " + setup_text(stacks)})
    engine = registry.perft("tzaar", 3, start)
    plain = [plain_perft(board_of(stacks), "w", False, depth) for depth in (1, 2, 3)]
    assert engine == plain
    assert engine[0] > 0


def test_perft_of_the_placement_start_counts_type_and_space() -> None:
    # White puts one of 3 types on one of 60 spaces, then Black one of 3 on one of the 59 left
    start = registry.start("tzaar", {"start": "placement"})
    assert registry.perft("tzaar", 2, start) == [60 * 3, 60 * 3 * 59 * 3]


@pytest.mark.slow
def test_perft_depth_4_from_the_fixed_start_agrees_with_the_plain_walk() -> None:
    engine = registry.perft("tzaar", 4)
    assert engine[:3] == SPEC_COUNTS
    # docs/rules.md (TZAAR, Perft): 11,010,135, which both walks counted
    assert engine[3] == plain_perft(board_of(FIXED), "w", False, 4) == 11_010_135


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 16))
def test_more_random_starts_agree_at_depth_3(seed: int) -> None:
    stacks = _random_setup(seed)
    start = registry.start("tzaar", {"start": "random " + setup_text(stacks)})
    assert registry.perft("tzaar", 3, start)[2] == plain_perft(board_of(stacks), "w", False, 3)
