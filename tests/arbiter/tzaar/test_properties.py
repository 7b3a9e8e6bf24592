"""Properties of TZAAR on random play (hypothesis): the notation and the position text read back
unchanged, a replay equals playing move by move, every legal move plays and nothing crashes; and
10,000 random games from random starts each end by a rule (slow)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.tzaar.engine import random_game
from arbiter.tzaar.notation import parse_move
from arbiter.tzaar.position import parse_position
from arbiter.tzaar.replay import write_record
from tests.arbiter.replaying import played_one_by_one

SEEDS = st.integers(min_value=0, max_value=2**32)
STARTS = st.sampled_from(["random", "fixed", "placement"])
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(SEEDS, STARTS)
def test_a_record_reads_back_unchanged(seed: int, start: str) -> None:
    first, moves, _ = random_game(seed, start)
    record = write_record(first, moves, {"Event": "x"}, None)
    verdict = registry.replay(record)
    assert verdict.valid, verdict.error
    assert verdict.moves == moves
    assert write_record(first, verdict.moves, {"Event": "x"}, None) == record
    for move in moves:
        parsed, colour = parse_move(move)
        assert parsed.text(colour or 0) == move


@FAST
@given(SEEDS, STARTS)
def test_a_replay_equals_playing_move_by_move(seed: int, start: str) -> None:
    first, moves, end = random_game(seed, start)
    position = played_one_by_one(first.text(), moves, lambda text: parse_position(text).text())
    assert position == end.text()
    status = registry.status(position)
    assert status.ended and status.termination in ("no-type", "no-capture")
    record = write_record(first, moves, {}, None)
    assert registry.replay(record).final_position == position


@FAST
@given(SEEDS, st.integers(min_value=0, max_value=400), st.text(max_size=12))
def test_a_spoilt_record_gets_a_verdict_never_a_crash(seed: int, where: int, junk: str) -> None:
    record = registry.random_record("tzaar", seed % 1000)
    cut = where % len(record)
    spoilt = record[:cut] + junk + record[cut + 1 :]
    try:
        verdict = registry.replay(spoilt, "tzaar")
    except Exception as exc:  # only the arbiter's typed refusal of a text that is no record at all
        from arbiter.errors import UnreadableRecordError

        assert isinstance(exc, UnreadableRecordError)
        return
    assert verdict.valid or verdict.error is not None


@pytest.mark.slow
def test_ten_thousand_random_games_from_random_starts_end_by_a_rule() -> None:
    ends: dict[str, int] = {}
    for seed in range(10_000):
        _, moves, end = random_game(seed)
        status = registry.status(end.text())
        assert status.ended and moves, seed
        assert status.termination is not None
        ends[status.termination] = ends.get(status.termination, 0) + 1
    assert set(ends) == {"no-type", "no-capture"}
