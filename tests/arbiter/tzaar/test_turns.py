"""TZAAR's two-move turn is stated once (``GameEngine.continues``, Z-6: each placement a turn, then
White's first capture alone, then a capture and a second move a turn); a record's turns and the move
numbers are derived from it. Checked here against the rules' own account of the turn: the position
after a turn's first move is at its second step (``SECOND``, the same player to move)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.turns import grouped, turns
from arbiter.tzaar.engine import random_game
from arbiter.tzaar.notation import STARTS
from arbiter.tzaar.play import play_text
from arbiter.tzaar.position import SECOND


def test_grouping_joins_a_move_to_the_one_it_continues() -> None:
    assert grouped(["a", "b", "c", "d", "e"], [False, False, True, False, True]) == ["a", "b;c", "d;e"]
    assert grouped(["a"], [True]) == ["a"]  # nothing before it to continue
    assert grouped([], []) == []
    with pytest.raises(ValueError):
        grouped(["a", "b"], [False])


def test_the_fixed_start_hand_worked() -> None:
    # White's first turn is one capture; then Black captures and makes a second move, and so on
    moves = ["c4xc5", "d3xd4", "d2+d4", "c3xc2", "pass"]
    assert registry.continues("tzaar", moves) == [False, False, True, False, True]
    numbered = turns([0, 1, 1, 0, 0], registry.continues("tzaar", moves))
    assert [(t.number, t.mover, t.opens) for t in numbered] == [
        (1, 0, True),
        (1, 1, False),
        (1, 1, False),
        (2, 0, True),
        (2, 0, False),
    ]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), start=st.sampled_from(STARTS))
def test_the_statement_agrees_with_the_rules_on_random_games(seed: int, start: str) -> None:
    first, moves, _final = random_game(seed, start)
    position, seconds = first, []
    for written in moves:
        seconds.append(position.step == SECOND)  # the rules: this move is its turn's second
        position = play_text(position, written).position
    assert registry.continues("tzaar", moves) == seconds
    # a refused move's flag, after any prefix, is the step the rules are at there
    cut = seed % (len(moves) + 1)
    position = first
    for written in moves[:cut]:
        position = play_text(position, written).position
    assert registry.continues("tzaar", [*moves[:cut], "pass"])[-1] == (position.step == SECOND)
