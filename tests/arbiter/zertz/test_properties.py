"""Properties of ZÈRTZ on random play (hypothesis): a turn's notation reads back to the same turn (in
either case), a record reads back and is written unchanged, a replay equals playing turn by turn
through the play API, the two walks list the same turns, a spoilt record gets a verdict; and random
games of each variant end by a rule of the specification (200 each here, 10,000 each marked slow)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.errors import UnreadableRecordError
from arbiter.zertz.engine import random_game
from arbiter.zertz.replay import write_record
from tests.arbiter.zertz.support import plain_turns

SEEDS = st.integers(min_value=0, max_value=2**32)
GAMES = st.sampled_from(["zertz-standard", "zertz-blitz", "zertz-tournament"])
FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: the ends of the specification (ZT-10 to ZT-13) as verdicts write them
ENDS = {"goal", "board-full", "no-marble", "repetition"}


def _swapped(token: str) -> str:
    """The token with the case of every letter turned (ZT-14: read in either case)."""
    return token.swapcase()


@FAST
@given(SEEDS, GAMES)
def test_a_record_and_each_turn_read_back_unchanged(seed: int, game: str) -> None:
    moves, _end = random_game(game, seed)
    record = write_record(game, moves, {"Event": "x"}, None)
    verdict = registry.replay(record)
    assert verdict.valid, verdict.error
    assert verdict.moves == moves
    assert write_record(game, verdict.moves, {"Event": "x"}, None) == record
    position = registry.start(game)
    for turn in moves:
        played = registry.play(position, turn)
        assert played.move == turn
        assert registry.play(position, _swapped(turn)) == played
        position = played.position


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # every turn listed
@given(SEEDS, GAMES)
def test_a_replay_equals_playing_turn_by_turn(seed: int, game: str) -> None:
    moves, end = random_game(game, seed)
    position = registry.start(game)
    for ply, turn in enumerate(moves, start=1):
        legal = {option.notation: option.position for option in registry.legal_moves(position)}
        played = registry.play(position, turn, ply=ply)
        assert legal[turn] == played.position
        position = played.position
    assert position == end.text()
    status = registry.status(position)
    assert status.ended and status.termination in ENDS
    verdict = registry.replay(write_record(game, moves, {}, None))
    assert verdict.final_position == position
    assert (verdict.result, verdict.termination) == (status.result, status.termination)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, GAMES, st.integers(min_value=0, max_value=60))
def test_the_plain_walk_lists_the_same_turns(seed: int, game: str, cut: int) -> None:
    moves, _end = random_game(game, seed)
    position = registry.start(game)
    for turn in moves[: cut % (len(moves) + 1)]:
        position = registry.play(position, turn).position
    assert {move.notation for move in registry.legal_moves(position)} == plain_turns(position)


@FAST
@given(SEEDS, GAMES, st.integers(min_value=0, max_value=400), st.text(max_size=12))
def test_a_spoilt_record_gets_a_verdict_never_a_crash(seed: int, game: str, where: int, junk: str) -> None:
    record = registry.random_record(game, seed % 1000)
    cut = where % len(record)
    spoilt = record[:cut] + junk + record[cut + 1 :]
    try:
        verdict = registry.replay(spoilt, game)
    except UnreadableRecordError:
        return
    assert verdict.valid or verdict.error is not None


def _ends(game: str, seeds: range) -> Counter[str]:
    ends: Counter[str] = Counter()
    for seed in seeds:
        moves, end = random_game(game, seed)
        status = registry.status(end.text())
        assert moves and status.ended and status.termination in ENDS, seed
        ends[str(status.termination)] += 1
    return ends


@pytest.mark.parametrize("game", ["zertz-standard", "zertz-blitz", "zertz-tournament"])
def test_random_games_end_by_a_rule(game: str) -> None:
    assert sum(_ends(game, range(200)).values()) == 200


@pytest.mark.slow
@pytest.mark.parametrize("game", ["zertz-standard", "zertz-blitz", "zertz-tournament"])
def test_ten_thousand_random_games_end_by_a_rule(game: str) -> None:
    ends = _ends(game, range(10_000))
    assert sum(ends.values()) == 10_000
    assert ends["goal"] > 9_000  # random play nearly always ends by a goal (measured)
