"""Random games of GIPF with potentials: every legal move's notation reads back to the same move,
a replay equals playing move by move, nothing crashes, potentials never exceed the agreed sets."""

from __future__ import annotations

import random

import pytest

from arbiter.gipf.potentials import (
    GAME,
    KINDS,
    Push,
    Use,
    format_position,
    parse_position,
    parse_sets,
    parse_turn,
    play_turn,
    start_position,
    turns,
)
from arbiter.records import format_record

SETS = [
    "Z6",
    "Y3",
    "Z3 Y6",
    "White Z6; Black none",
    "White Y4; Black Z5",
    "D6",
    "P6",
    "T6",
    "Ultimate",
    "White D6 P3; Black T4 P5",
]


def _random_game(game: str, sets: str, seed: int, plies: int = 90) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    pos = start_position(game, parse_sets(sets))
    agreed = parse_sets(sets)
    moves, positions = [], [format_position(pos)]
    for _ in range(plies):
        options = turns(pos)
        if not options:
            break
        # lean towards potentials, so that games use them (a basic piece brought in loses them)
        uses = [t for t in options if isinstance(t.action, Use)]
        loaded = [t for t in options if isinstance(t.action, Push) and t.action.piece in KINDS]
        extra = [t for t in options if t.extra is not None]  # a TAMSK extra push, when one is open
        pool = uses if uses and rng.random() < 0.4 else loaded if loaded and rng.random() < 0.8 else options
        pool = extra if extra and rng.random() < 0.9 else pool
        turn = rng.choice(pool)
        written = turn.notation(adjacent=rng.random() < 0.3)
        assert parse_turn(written)
        again = play_turn(pos, written)
        assert again.position == turn.position  # the notation reads back to the same move
        assert again.notation() == turn.notation()
        pos = turn.position
        text = format_position(pos)
        assert parse_position(text) == pos  # the position text reads back unchanged
        layers = "".join(pos.board)  # every piece of every stack
        for player in (0, 1):
            in_play = sum(layers.count(kind if player == 0 else kind.lower()) for kind in KINDS)
            in_play += layers.count("Uu"[player]) + sum(pos.hand_of(player).values())
            assert in_play <= sum(agreed[player].values())
            for kind in "DP":  # loaded, used (in stacks) and in hand, of each stacking kind
                mine = layers.count(kind if player == 0 else kind.lower()) + pos.hand_of(player).get(kind, 0)
                assert mine <= agreed[player].get(kind, 0)
        moves.append(written)
        positions.append(text)
    return moves, positions


@pytest.mark.parametrize("game", ["gipf-pot-standard", "gipf-pot-tournament"])
@pytest.mark.parametrize("seed", range(10))
def test_random_games_round_trip_and_replay_equals_play(game: str, seed: int) -> None:
    sets = SETS[seed % len(SETS)]
    moves, positions = _random_game(game, sets, seed)
    position = GAME.start(game, {"potentials": sets})
    assert position == positions[0]
    for ply, move in enumerate(moves, 1):
        position = GAME.play(position, move, ply=ply).position
        assert position == positions[ply]
    name = {
        "gipf-pot-standard": "GIPF standard with potentials",
        "gipf-pot-tournament": "GIPF tournament with potentials",
    }
    status = GAME.status(position)
    result = status.result
    record = format_record({"Game": name[game], "Potentials": sets, "Result": result or "*"}, moves, result)
    verdict = GAME.replay(record)
    assert verdict.valid, verdict.error
    assert verdict.final_position == position and verdict.plies == len(moves)
