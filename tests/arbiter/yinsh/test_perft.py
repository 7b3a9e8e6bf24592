"""Perft, one decision a step, against the counts of the specification (shared/rules/yinsh.md):
from the empty board and from its two positions of play, each given by the decisions leading to it."""

from __future__ import annotations

import pytest

from arbiter import registry
from tests.arbiter.yinsh.support import played

AFTER_40 = (
    "i9 b1 g8 h7 j6 a3 e1 h8 i4 f10 j6-j9 b1-b4 e1-e3 h8-d4 i9-i10 f10-c7 e3-e6 c7-d7 i4-g2 a3-d3 "
    "i10-j10 d3-d1 g8-g11 d7-e8 g2-a2 h7-f7 e6-e7 f7-i7 e7-g9 d4-f6 g11-g10 i7-f4 g9-g7 f6-d6 "
    "j10-k10 b4-e4 k10-h10 d6-d8 j9-j11 e8-e5"
)
AFTER_60 = (
    "h10 i8 h4 h11 i4 j9 d6 d5 i7 h9 h10-i10 d5-f5 i7-g5 h11-d7 d6-f8 d7-d4 h4-f4 j9-j5 i4-g4 "
    "d4-b4 g5-j8 h9-e6 g4-i6 i8-h7 j8-h8 h7-g6 f8-d8 g6-g3 d8-a5 j5-j10 i6-h5 b4-b3 a5-b5 b3-b1 "
    "f4-e4 e6-g8 b5-b2 g8-g9 h5-i5 g9-g7 h8-h6 g3-a3 e4-e7 b1-d3 h6-j6 d3-e3 e7-f7 a3-a2 b2-c3 "
    "f5-f3 j6-j7 e3-k9 xf8-j8 rj7 c3-c4 k9-i9 f7-f6 g7-g8 f6-e5 g8-k8"
)


def test_the_decision_lists_are_the_specification_s_forty_and_sixty() -> None:
    assert len(AFTER_40.split()) == 40 and len(AFTER_60.split()) == 60


def test_perft_from_the_empty_board() -> None:
    assert registry.perft("yinsh", 3) == [85, 7_140, 592_620]
    assert registry.perft("yinsh-blitz", 2) == [85, 7_140]


def test_perft_after_forty_decisions() -> None:
    assert registry.perft("yinsh", 3, played(AFTER_40).text()) == [29, 1_204, 33_399]


def test_perft_after_sixty_decisions() -> None:
    # White took the row f8-j8 that Black's e3-k9 made for him, then removed j7: 1-0 in rings
    position = played(AFTER_60)
    assert position.removed == (1, 0)
    assert registry.perft("yinsh", 3, position.text()) == [16, 270, 3_993]


@pytest.mark.slow
def test_perft_depth_four_of_the_positions_of_play() -> None:
    assert registry.perft("yinsh", 4, played(AFTER_40).text())[-1] == 1_283_578
    assert registry.perft("yinsh", 4, played(AFTER_60).text())[-1] == 61_723


@pytest.mark.slow
def test_perft_depth_four_from_the_empty_board() -> None:
    assert registry.perft("yinsh", 4)[-1] == 85 * 84 * 83 * 82
