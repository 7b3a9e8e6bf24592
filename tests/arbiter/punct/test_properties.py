"""Properties of PÜNCT on random play (hypothesis): the notation reads back to the same turn in any
case and minor-dot order, a replay equals playing turn by turn, pieces are conserved, a spoilt
record gets a verdict; and random games each end by a rule of the specification (a few here, 2,000
in a slow test).

A random game takes a move four times in five when it has one (``random_game``'s ``moving``), so
pieces climb, bridge and cover one another, or takes every turn uniformly (additions dominate)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.punct.engine import random_game
from arbiter.punct.position import parse_position
from arbiter.punct.replay import write_record

SEEDS = st.integers(min_value=0, max_value=2**32)
MOVING = st.sampled_from([None, 0.5, 0.8])
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: P-3: a player's pieces by kind (T, C, E, M, L, R)
COUNTS = {"T": 6, "C": 2, "E": 4, "M": 2, "L": 2, "R": 2}
ENDS = ("connection", "last-piece", "limit", "blocked")


def _variant(turn: str, rng: random.Random) -> str:
    """The same turn written another way P-14 reads: its minor dots swapped, in another case."""
    if turn == "pass":
        return "PASS"
    head, dots = turn.split(":")
    *punct, x, y = dots.split(",")  # an addition writes its PÜNCT's space first
    written = f"{head}:{','.join([*punct, y, x])}"
    return written.upper() if rng.random() < 0.5 else written.lower()


@FAST
@given(SEEDS, MOVING)
def test_the_notation_reads_back_to_the_same_turn(seed: int, moving: float | None) -> None:
    turns, _end = random_game(seed % 100_000, moving)
    rng = random.Random(seed)
    position = registry.start("punct")
    for turn in turns[:60]:
        variant = _variant(turn, rng)
        assert registry.play(position, variant).move == turn
        position = registry.play(position, turn).position
    record = write_record(turns, {"Event": "x"}, None)
    verdict = registry.replay(record)
    assert verdict.valid and verdict.moves == turns
    assert write_record(verdict.moves, {"Event": "x"}, None) == record


@FAST
@given(SEEDS, MOVING)
def test_a_replay_equals_playing_turn_by_turn(seed: int, moving: float | None) -> None:
    turns, end = random_game(seed % 100_000, moving)
    position = registry.start("punct")
    rng = random.Random(seed)
    for ply, turn in enumerate(turns, start=1):
        played = registry.play(position, turn, ply=ply)
        if rng.random() < 0.1:  # now and then, the play API's legal move leads to the same position
            legal = {option.notation: option for option in registry.legal_moves(position)}
            assert legal[turn].position == played.position
        assert parse_position(played.position).text() == played.position
        position = played.position
    assert position == end.text()
    status = registry.status(position)
    verdict = registry.replay(write_record(turns, {}, None))
    assert verdict.valid and verdict.final_position == position and verdict.plies == len(turns)
    assert (verdict.result, verdict.termination) == (status.result, status.termination)


def _held(position: str) -> dict[str, Counter[str]]:
    """Each player's pieces by kind, on the board and in hand, read from the position text."""
    fields = position.split()
    held = {"w": Counter[str](), "b": Counter[str]()}
    for player, hand in zip("wb", fields[4:6], strict=True):
        for index in range(0, len(hand) if hand != "-" else 0, 2):
            held[player][hand[index]] += int(hand[index + 1])
    for piece in fields[6:]:
        held[piece[0]][piece[1]] += 1
    return held


@FAST
@given(SEEDS, MOVING)
def test_pieces_are_conserved(seed: int, moving: float | None) -> None:
    """Every player keeps 6 + 2 + 4 + 2 + 2 + 2 pieces, on the board or in hand, and his hand only
    shrinks, by one at each addition."""
    turns, _end = random_game(seed % 100_000, moving)
    position = registry.start("punct")
    in_hand = {"w": 18, "b": 18}
    for ply, turn in enumerate(turns):
        position = registry.play(position, turn).position
        held = _held(position)
        assert held["w"] == held["b"] == Counter(COUNTS)
        if ":" in turn and "-" not in turn.split(":")[0]:
            in_hand["wb"[ply % 2]] -= 1
        hands = position.split()[4:6]
        assert [sum(int(h[i + 1]) for i in range(0, len(h), 2)) if h != "-" else 0 for h in hands] == [
            in_hand["w"],
            in_hand["b"],
        ]


@FAST
@given(SEEDS, st.integers(min_value=0, max_value=2000), st.text(max_size=12))
def test_a_spoilt_record_gets_a_verdict_never_a_crash(seed: int, where: int, junk: str) -> None:
    record = registry.random_record("punct", seed % 1000)
    cut = where % len(record)
    spoilt = record[:cut] + junk + record[cut + 1 :]
    try:
        verdict = registry.replay(spoilt)
    except ArbiterError:
        return  # not a PÜNCT record any more (its Game tag spoilt)
    assert verdict.valid or verdict.error is not None


def _ends(seeds: range) -> Counter[str]:
    ends: Counter[str] = Counter()
    for seed in seeds:
        turns, end = random_game(seed, (None, 0.5, 0.8)[seed % 3])
        status = registry.status(end.text())
        assert status.ended and status.termination in ENDS and len(turns) <= 300, seed
        ends[str(status.termination)] += 1
    return ends


def test_random_games_end_by_a_rule() -> None:
    assert sum(_ends(range(15)).values()) == 15


@pytest.mark.slow
def test_two_thousand_random_games_end_by_a_rule() -> None:
    ends = _ends(range(2000))  # measured: 1,994 by the last piece, 6 by a connection
    assert sum(ends.values()) == 2000 and ends["last-piece"] > 0
