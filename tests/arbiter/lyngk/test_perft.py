"""Perft of LYNGK, one decision a step (L-6): the specification's counts from S1, S2 and S3 (depths 1
to 3), by the engine and by the plain walk of tests/arbiter/lyngk/plain.py, which shares no code
with the engine; and the two walks agree from random starts drawn here."""

from __future__ import annotations

import random

import pytest

from arbiter import registry
from arbiter.errors import InvalidPositionError
from tests.arbiter.lyngk import plain
from tests.arbiter.lyngk.support import S1, S2, S3, SPEC_COUNTS

STARTS = [S1, S2, S3]


@pytest.mark.parametrize("setup", STARTS, ids=["S1", "S2", "S3"])
def test_perft_to_depth_2_equals_the_specification(setup: str) -> None:
    assert registry.perft("lyngk", 2, setup) == SPEC_COUNTS[setup][:2]
    start = registry.start("lyngk", {"start": setup})  # the start option given, then its position text
    assert registry.perft("lyngk", 2, start) == SPEC_COUNTS[setup][:2]


def test_s1_counts_5_claims_and_156_moves_first() -> None:
    moves = registry.legal_moves(registry.start("lyngk", {"start": S1}))
    claims = [move.notation for move in moves if len(move.notation) == 1]
    assert claims == ["I", "B", "R", "G", "K"] and len(moves) - len(claims) == 156


@pytest.mark.parametrize(
    "setup",
    [S1, pytest.param(S2, marks=pytest.mark.slow), pytest.param(S3, marks=pytest.mark.slow)],
    ids=["S1", "S2", "S3"],
)
def test_perft_to_depth_3_equals_the_specification(setup: str) -> None:
    """S1 in the fast suite (3.5 million leaves, a few seconds), S2 and S3 in the slow one."""
    assert registry.perft("lyngk", 3, setup) == SPEC_COUNTS[setup]


@pytest.mark.parametrize("setup", STARTS, ids=["S1", "S2", "S3"])
def test_the_plain_walk_equals_the_specification_to_depth_2(setup: str) -> None:
    state = plain.start(setup)
    assert [plain.perft(state, depth) for depth in (1, 2)] == SPEC_COUNTS[setup][:2]


@pytest.mark.slow
@pytest.mark.parametrize("setup", STARTS, ids=["S1", "S2", "S3"])
def test_the_plain_walk_equals_the_specification_to_depth_3(setup: str) -> None:
    assert plain.perft(plain.start(setup), 3) == SPEC_COUNTS[setup][2]


def _random_setup(seed: int) -> str:
    pieces = [letter for letter in "IBRGK" for _ in range(8)] + ["J"] * 3
    random.Random(seed).shuffle(pieces)
    return " ".join(f"{name}:{piece}" for name, piece in zip(plain.ORDER, pieces, strict=True))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_two_walks_agree_from_random_starts(seed: int) -> None:
    setup = _random_setup(seed)
    engine = registry.perft("lyngk", 2, setup)
    assert engine == [plain.perft(plain.start(setup), depth) for depth in (1, 2)]
    assert engine[0] > 5


def _positions_of_play(seeds: range, every: int) -> list[str]:
    from arbiter.lyngk.engine import random_game

    found = []
    for seed in seeds:
        first, moves, _end = random_game(seed)
        position = first.text()
        for ply, move in enumerate(moves):
            if ply % every == every - 1:
                found.append(position)
            position = registry.play(position, move).position
    return found


def _agree(position: str, depth: int) -> None:
    state = plain.from_position(position)
    engine = sorted(option.notation for option in registry.legal_moves(position))
    assert sorted(plain.notation(d) for d in plain.decisions(state)) == engine, position
    if depth > 1:
        assert registry.perft("lyngk", depth, position)[-1] == plain.perft(state, depth), position


def test_the_two_walks_agree_in_positions_of_play() -> None:
    """Positions further into random games (claims made, stacks high, chains long): the decisions
    of the engine and of the plain walk, and for some the next step's count."""
    positions = _positions_of_play(range(12), 3)
    assert len(positions) > 100
    for number, position in enumerate(positions):
        _agree(position, 2 if number % 15 == 0 else 1)


@pytest.mark.slow
def test_the_two_walks_agree_in_positions_of_60_random_games() -> None:
    """About 700 positions, the next two steps counted by both walks (some minutes)."""
    for position in _positions_of_play(range(100, 160), 3):
        _agree(position, 2)


def test_perft_needs_a_position_lyngk_has_no_fixed_start() -> None:
    with pytest.raises(InvalidPositionError, match="no fixed start"):
        registry.perft("lyngk", 1)


def test_the_starts_are_the_specifications_own() -> None:
    """S1 to S3 as written here are the specification's (when ../shared is present)."""
    import re

    from tests.conftest import shared_path

    text = shared_path("rules", "lyngk.md").read_text(encoding="utf-8")
    for name, setup in (("S1", S1), ("S2", S2), ("S3", S3)):
        found = re.search(rf"- {name}: `(.*?)`", text)
        assert found is not None and found.group(1) == setup
