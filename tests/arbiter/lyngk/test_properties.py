"""Properties of LYNGK on random play (hypothesis): the notation and the position text read back
unchanged, a replay equals playing decision by decision, every piece stays counted (43: on the board
and in the stacks of five won) and every decision the rules list plays while every other one is
refused; random games from random starts end by a rule of the specification (a share here, 10,000
in a slow test)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.lyngk.engine import random_game
from arbiter.lyngk.notation import parse_decision
from arbiter.lyngk.position import Position, parse_position
from arbiter.lyngk.replay import write_record
from tests.arbiter.replaying import played_one_by_one

SEEDS = st.integers(min_value=0, max_value=2**32)
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_PIECES = Counter({"I": 8, "B": 8, "R": 8, "G": 8, "K": 8, "J": 3})
#: a game has at most 42 moves, 4 claims and 42 passes (L-11)
MOST_PLIES = 42 + 4 + 42


@FAST
@given(SEEDS)
def test_a_record_reads_back_unchanged(seed: int) -> None:
    first, moves, _ = random_game(seed)
    text = write_record(first, moves, {"Event": "x"}, None)
    verdict = registry.replay(text)
    assert verdict.valid, verdict.error
    assert verdict.moves == moves
    assert write_record(first, verdict.moves, {"Event": "x"}, None) == text
    for move in moves:
        assert parse_decision(move).text() == move
        assert parse_decision(move.upper() if len(move) > 1 else move.lower()).text() == move


@FAST
@given(SEEDS)
def test_a_replay_equals_playing_decision_by_decision(seed: int) -> None:
    first, moves, end = random_game(seed)
    position = played_one_by_one(first.text(), moves, lambda text: parse_position(text).text())
    assert position == end.text()
    status = registry.status(position)
    assert status.ended and status.termination == "stacks"
    verdict = registry.replay(write_record(first, moves, {}, None))
    assert verdict.final_position == position and verdict.result == status.result


def _pieces(position: Position) -> Counter[str]:
    counted: Counter[str] = Counter()
    for stack in position.board:
        counted.update(stack)
    for stacks in position.won:
        for stack in stacks:
            assert len(stack) == 5
            counted.update(stack)
    return counted


@FAST
@given(SEEDS)
def test_pieces_are_conserved(seed: int) -> None:
    """Every ply keeps the 43 pieces (on the board or in a stack of five won); a move takes one point
    off the board, a claim and a pass none."""
    first, moves, _ = random_game(seed)
    position = first
    occupied = sum(1 for stack in position.board if stack)
    for move in moves:
        after = parse_position(registry.play(position.text(), move).position)
        assert _pieces(after) == ALL_PIECES
        now = sum(1 for stack in after.board if stack)
        won = sum(map(len, after.won)) - sum(map(len, position.won))
        assert now == occupied - (1 + won if "-" in move else 0)
        position, occupied = after, now
    assert len(moves) <= MOST_PLIES


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, st.integers(min_value=0, max_value=60))
def test_what_the_rules_list_plays_and_nothing_else(seed: int, ply: int) -> None:
    """In a position of a random game, every listed decision plays, and every other move between two
    occupied points, claim and pass is refused with a reason."""
    first, moves, _ = random_game(seed)
    position = first.text()
    for move in moves[: ply % (len(moves) + 1)]:
        position = registry.play(position, move).position
    listed = {option.notation for option in registry.legal_moves(position)}
    board = parse_position(position).board
    from arbiter.lyngk.board import NAMES

    occupied = [NAMES[i] for i, stack in enumerate(board) if stack]
    candidates = {f"{a}-{b}" for a in occupied for b in occupied if a != b} | set("IBRGKJ") | {"pass"}
    for decision in sorted(candidates):
        try:
            registry.play(position, decision)
        except ArbiterError as refused:
            assert decision not in listed and refused.reason
        else:
            assert decision in listed, decision
    assert listed <= candidates


def _ends_by_a_rule(seeds: range) -> Counter[str]:
    results: Counter[str] = Counter()
    for seed in seeds:
        _first, moves, end = random_game(seed)
        status = registry.status(end.text())
        assert status.ended and status.termination == "stacks" and len(moves) <= MOST_PLIES, seed
        assert registry.legal_moves(end.text()) == []
        results[str(status.result)] += 1
    return results


def test_random_games_from_random_starts_end_by_a_rule() -> None:
    results = _ends_by_a_rule(range(300))
    assert results["1-0"] > 50 and results["0-1"] > 50


@pytest.mark.slow
def test_ten_thousand_random_games_from_random_starts_end_by_a_rule() -> None:
    results = _ends_by_a_rule(range(10_000))
    assert sum(results.values()) == 10_000 and results["1/2-1/2"] > 0
