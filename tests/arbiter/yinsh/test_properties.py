"""Property tests over random YINSH games (Hypothesis): the notation reads back to the same turn,
a replay is the same as playing turn by turn, nothing a player writes crashes the engine, and
random games end by a rule of the specification."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.records import parse_tagged
from arbiter.yinsh.engine import random_game
from arbiter.yinsh.notation import format_decision, parse_decision
from arbiter.yinsh.play import check
from arbiter.yinsh.position import start_position
from arbiter.yinsh.rules import apply, decisions, ending

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=20, deadline=None)
GAMES = st.sampled_from(["yinsh", "yinsh-blitz"])
ENDS = {"rings", "markers", "blocked"}


def positions_of(game: str, seed: int) -> list[str]:
    """Every position at a turn's start of a random game, by playing its record turn by turn."""
    moves = parse_tagged(registry.random_record(game, seed)).tokens[:-1]
    positions = [registry.start(game)]
    for move in moves:
        positions.append(registry.play(positions[-1], move).position)
    return positions


@FAST
@given(GAMES, SEEDS)
def test_every_legal_turn_reads_back_to_itself(game: str, seed: int) -> None:
    rng = random.Random(seed)
    for pos in rng.sample(positions_of(game, seed), 6):
        for move in registry.legal_moves(pos):
            played = registry.play(pos, move.notation)
            assert played.move == move.notation
            assert played.position == move.position
            assert registry.play(pos, move.notation.upper().replace("PASS", "pass")).move == move.notation


@FAST
@given(GAMES, SEEDS)
def test_every_decision_reads_back_to_itself(game: str, seed: int) -> None:
    rng = random.Random(seed)
    pos = start_position(game)
    while ending(pos) is None:
        options = decisions(pos)
        for decision in options:
            text = format_decision(decision)
            assert format_decision(check(pos, parse_decision(text))) == text
            assert format_decision(check(pos, parse_decision(text.upper()))) == text
        pos = apply(pos, rng.choice(options))


@FAST
@given(GAMES, SEEDS)
def test_a_replay_is_playing_turn_by_turn(game: str, seed: int) -> None:
    text = registry.random_record(game, seed)
    verdict, plies = registry.replay_traced(text)
    assert verdict.valid, verdict.error
    positions = positions_of(game, seed)
    assert [ply.after for ply in plies] == positions[1:]
    assert verdict.final_position == positions[-1]
    status = registry.status(positions[-1])
    assert status.ended and status.result == verdict.result and status.termination == verdict.termination
    assert verdict.termination in ENDS


@FAST
@given(SEEDS, st.text(alphabet="abcdefghijklmnopqrstuvwxyzABK0123456789-;x ", max_size=24))
def test_nothing_written_crashes_the_engine(seed: int, written: str) -> None:
    positions = positions_of("yinsh", seed % 1000)
    pos = positions[seed % len(positions)]
    try:
        played = registry.play(pos, written)
    except ArbiterError:
        return
    assert played.move in {move.notation for move in registry.legal_moves(pos)}


def test_random_games_end_by_a_rule_of_the_specification() -> None:
    for seed in range(200):
        for game in ("yinsh", "yinsh-blitz"):
            _, final = random_game(game, seed)
            end = ending(final)
            assert end is not None and end.code in ENDS


@pytest.mark.slow
def test_ten_thousand_random_games_end_by_a_rule_of_the_specification() -> None:
    seen: dict[str, int] = {}
    for seed in range(10_000):
        game = "yinsh" if seed % 4 else "yinsh-blitz"
        _, final = random_game(game, seed)
        end = ending(final)
        assert end is not None and end.code in ENDS, seed
        seen[end.code] = seen.get(end.code, 0) + 1
    assert seen.get("rings", 0) > 0 and seen.get("markers", 0) > 0
