"""The registry: every game key has an engine, and each call goes to the engine that claims the input."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import InvalidPositionError, UnknownGameError, UnreadableRecordError

EMPTY_GIPF = "gipf-basic ..../...../....../......./....../...../.... w reserve=15/15 captured=0/0"


def test_every_game_key_has_one_engine() -> None:
    for game in registry.game_keys():
        owners = [engine for engine in registry.engines() if game in engine.games]
        assert len(owners) == 1, game
        assert registry.engine_for(game) is owners[0]
    with pytest.raises(UnknownGameError):
        registry.engine_for("chess")


def test_records_go_to_the_engine_that_claims_them() -> None:
    assert registry.replay('[Game "GIPF basic"]\n\n1. a1-b2\n').game == "gipf-basic"
    assert registry.replay("D2 B1 C3\n").game == "dvonn"
    with pytest.raises(UnreadableRecordError):
        registry.replay("hello world")
    with pytest.raises(UnknownGameError):
        registry.replay("1. a1-b2", "chess")


def test_positions_go_to_the_engine_that_claims_them() -> None:
    assert len(registry.legal_moves(EMPTY_GIPF)) == 42
    assert registry.perft("dvonn", 1) == [49]
    assert registry.perft("gipf-basic", 1, EMPTY_GIPF) == [42]
    with pytest.raises(InvalidPositionError):
        registry.legal_moves("chess 8/8/8")


def test_random_records_replay_through_the_registry() -> None:
    for game in registry.game_keys():
        verdict = registry.replay(registry.random_record(game, 7))
        assert verdict.valid and verdict.game == game, verdict.error


def test_one_games_board_words_never_change_anothers() -> None:
    """A game that names the shared word "White" otherwise ("Crosses") renames its own boards only."""
    from dataclasses import replace

    from arbiter.svg import LABELS
    from tests.arbiter import fake_game

    crosses = replace(fake_game.SPEC, labels={"White": "Crosses"})
    registry.register(crosses)
    try:
        assert registry.board_labels(fake_game.KEY)["White"] == "Crosses"
        for key in ("dvonn", "gipf-standard", "yinsh", "tzaar"):
            assert registry.board_labels(key)["White"] == LABELS["White"] == "White"
    finally:
        registry.unregister(crosses)


def test_game_packages_are_read_as_comma_separated_dotted_paths() -> None:
    assert registry.packages_from(None) == []
    assert registry.packages_from(" tests.toygame , ,tests.optiongame") == [
        "tests.toygame",
        "tests.optiongame",
    ]
