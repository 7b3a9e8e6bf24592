"""A draw agreed, the record contract's ending word ``draw`` (``arbiter.records.AGREED``), property
tested on the arbiter's random legal games: written after any ply of a game still in play, it is
1/2-1/2 by agreement in the games whose rules allow a draw (DVONN, YINSH, ZÈRTZ: ``GameSpec.draws``) and a
refused record in those whose rules do not (GIPF, TZAAR); written after a game's natural end, it is
refused everywhere (the game is over already)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import registry
from arbiter.records import format_record
from arbiter.verdict import Result, Termination

GAMES = ["dvonn", "yinsh", "gipf-standard", "tzaar", "zertz-standard"]


def _record(key: str, moves: list[str]) -> str:
    return format_record({"Game": key}, registry.turns(key, moves), "draw")


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 40), cut=st.floats(0, 1, exclude_max=True))
def test_a_draw_agreed_mid_game_is_a_draw_where_the_rules_allow_one(key: str, seed: int, cut: float) -> None:
    _verdict, plies = registry.replay_traced(registry.random_record(key, seed), key)
    moves = [ply.move for ply in plies]
    verdict = registry.replay(_record(key, moves[: int(cut * len(moves))]), key)
    if registry.draws(key):
        assert (verdict.valid, verdict.result, verdict.termination) == (
            True,
            Result.DRAW,
            Termination.AGREEMENT,
        )
    else:
        assert not verdict.valid and verdict.result is None


@pytest.mark.parametrize("key", ["dvonn", "yinsh"])
def test_a_draw_agreed_after_the_natural_end_is_refused(key: str) -> None:
    finished, plies = registry.replay_traced(registry.random_record(key, 0), key)
    assert finished.result is not None and finished.termination != Termination.AGREEMENT
    verdict = registry.replay(_record(key, [ply.move for ply in plies]), key)
    assert not verdict.valid and verdict.result is None
