"""Perft of ZÈRTZ (ZT-16: one turn a step, a whole chain one move): the specification's counts from the
start of each variant and from its two positions of play, counted by the engine and by the plain walk
of tests/arbiter/zertz/support.py."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import InvalidPositionError
from tests.arbiter.zertz.support import plain_perft, position_text

#: shared/rules/zertz.md, "Counting conventions (perft) and reference counts"
START_COUNTS = {
    "zertz-standard": [1_944, 3_277_260],
    "zertz-blitz": [1_944, 3_277_260],
    "zertz-tournament": [2_961, 7_824_600],
}
P1 = (
    "Be6,d1 Gc1,a1 Be1,d7 We3,b5 Wb2,f1 Wa4,g4 Bf4,g3 Bc5,c6 Bg1,d6 Ba3,a2 Gg2,f5 Wc4,b1 xc5Wc3 "
    "xb2Bd4Wf2 xg1We3 Wc3,c5"
)
P2 = (
    "Bg2,b6 Ga4,a1 Gd6,a3 We4,e7 Bc3,f1 Be2,c1 Wf5,c7 Wd8,g1 Ba2,h3 Wh4,h2 Bd1,c6 Wa5,b1 Gb3,h1 "
    "xb3Bd3 xe2Gc3 We2,g5 Bb3,g3 xa2Bc4Bc2 Bb3,b5 Bd4,f2 xd4Wf4Wf6 Ge4,g4 Gf5,f4 Ga2,e1 xa2Bc4 "
    "Gc3,c5 Ba2,b2 Be6,d7 Gd5,b4 xc4Ge5Ge3 xc2Gc4 xe2Ge4 Wd3,f3 Wc2,e3 We5,e2 xf5Wd5Bb3 xa2Gc4 We5,b3"
)
PLAY = {"P1": ("zertz-standard", P1, [168, 2_325, 24_612]), "P2": ("zertz-tournament", P2, [60, 393, 1_238])}


def _reached(game: str, turns: str) -> str:
    position = registry.start(game)
    for ply, turn in enumerate(turns.split(), start=1):
        position = registry.play(position, turn, ply=ply).position
    return position


@pytest.mark.parametrize("game", sorted(START_COUNTS))
def test_perft_from_the_start_equals_the_specification(game: str) -> None:
    assert registry.perft(game, 2) == START_COUNTS[game]
    assert registry.perft(game, 2, registry.start(game)) == START_COUNTS[game]


@pytest.mark.parametrize("game", sorted(START_COUNTS))
def test_the_plain_walk_from_the_start_equals_the_specification(game: str) -> None:
    start = position_text(game)  # every ring vacant, the whole pool: written by the tests' own writer
    assert [plain_perft(start, depth) for depth in (1, 2)] == START_COUNTS[game]


def test_depth_one_by_hand() -> None:
    # shared/rules/zertz.md: 18 of the 37 rings are free; a marble on a free ring leaves 17 to remove,
    # elsewhere 18, for each of the 3 colours; on 48 rings 21 are free
    assert registry.perft("zertz-standard", 1) == [(18 * 17 + 19 * 18) * 3]
    assert registry.perft("zertz-tournament", 1) == [(21 * 20 + 27 * 21) * 3]


@pytest.mark.parametrize("name", sorted(PLAY))
def test_perft_from_the_positions_of_play_equals_the_specification(name: str) -> None:
    game, turns, counts = PLAY[name]
    position = _reached(game, turns)
    assert registry.perft(game, 3, position) == counts
    assert [plain_perft(position, depth) for depth in (1, 2, 3)] == counts


def test_the_positions_of_play_are_as_the_specification_says() -> None:
    # P1: White to move, pool W1 G6 B4; P2: White to move, the pool empty, White holds W1 G4 B2
    p1 = _reached("zertz-standard", P1).split()
    assert p1[2] == "w" and p1[3] == "pool=1/6/4"
    p2 = _reached("zertz-tournament", P2).split()
    assert p2[2] == "w" and p2[3] == "pool=0/0/0" and p2[4].startswith("captures=1/4/2,")


def test_perft_refuses_a_position_of_another_variant() -> None:
    with pytest.raises(InvalidPositionError):
        registry.perft("zertz-blitz", 1, registry.start("zertz-standard"))
