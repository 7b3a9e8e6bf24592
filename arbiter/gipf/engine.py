"""The GIPF engine behind :mod:`arbiter.registry`: replay, perft, legal moves and random games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from arbiter.engine import LegalMove, StartOptions
from arbiter.errors import InvalidPositionError, InvalidRecordError, gettext_noop
from arbiter.gipf.board import SPOT_NAMES
from arbiter.gipf.notation import format_turn, removal_text
from arbiter.gipf.play import play_text, start_of, status_of, winner_result
from arbiter.gipf.position import format_position, parse_position, start_position
from arbiter.gipf.replay import GAMES, is_gipf_record, replay_text
from arbiter.gipf.rules import (
    apply_removal,
    perft_counts,
    removal_options,
    status_after_own_removals,
    status_at_turn_start,
    turns,
)
from arbiter.play import text_options
from arbiter.records import format_record, game_tag, random_tags
from arbiter.scaffold import PackageEngine, Parts, check_same_game

MAX_RANDOM_PLIES = 1000
#: the options a game may start with: a basic game's handicap ("White 2"), a set-up position
OPTIONS = ("handicap", "position")

State = TypeVar("State")
Move = TypeVar("Move")


# ---------------------------------------------------------------- what GIPF with potentials shares


def random_walk(
    pos: State,
    turns_of: Callable[[State], Sequence[Move]],
    write: Callable[[Move, bool], str],
    after: Callable[[Move], State],
    rng: random.Random,
    most: int,
) -> tuple[list[str], State]:
    """A random game from ``pos``: the written turns (each the adjacent spot's spelling of a push
    three times in ten) and the position they reach, at most ``most`` turns."""
    moves: list[str] = []
    while len(moves) < most:
        options = turns_of(pos)
        if not options:
            break
        turn = rng.choice(options)
        moves.append(write(turn, rng.random() < 0.3))
        pos = after(turn)
    return moves, pos


def random_header(game: str, tags: dict[str, str] | None, last: dict[str, str]) -> dict[str, str]:
    """The tags of a random game's record, ``tags`` over the defaults, the game's key (the record
    contract's ``[Game]`` tag) and ``last`` after them."""
    return random_tags(tags, {**game_tag(game), **last}, site=False)


#: the refusal of a game key it does not play
REFUSAL = gettext_noop("'{game}' is not a GIPF game")


class GipfEngine(PackageEngine):
    games = GAMES
    parts = Parts(
        REFUSAL,
        is_gipf_record,
        parse_position,
        status_of,
        play_text,
        replay_text,
        "arbiter.gipf.svg",
        format_position,
    )

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        if game not in GAMES:
            raise InvalidRecordError(gettext_noop("'{game}' is not a GIPF game"), game=game)
        rng = random.Random(seed)
        moves, pos = random_walk(
            start_position(game), turns, format_turn, lambda turn: turn.position, rng, MAX_RANDOM_PLIES
        )
        result: str | None = None
        ended = status_at_turn_start(pos)
        if ended is None and len(moves) < MAX_RANDOM_PLIES:
            removals = removal_options(pos.board, pos.to_move)
            removal = rng.choice(removals)
            if len(removals) > 1 and removal.removed:
                moves.append(removal_text(removal))
            ended = status_after_own_removals(apply_removal(pos, pos.to_move, removal))
        if ended is not None:
            result = winner_result(ended[0])
        return format_record(random_header(game, tags, {"Result": result or "*"}), moves, result)

    # ------------------------------------------------------------ positions

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        if game not in GAMES:
            raise InvalidPositionError(gettext_noop("'{game}' is not a GIPF game"), game=game)
        pos = start_position(game) if position is None else parse_position(position)
        check_same_game(pos.game, game)
        return perft_counts(pos, depth)

    def legal_moves(self, position: str) -> list[LegalMove]:
        pos = parse_position(position)
        return [
            LegalMove(
                format_turn(turn),
                format_position(turn.position),
                (turn.entry.dot, SPOT_NAMES[turn.entry.line[0]]),
            )
            for turn in turns(pos)
        ]

    # ------------------------------------------------------------ play

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        self._check_game(variant)
        given = text_options(variant, options, OPTIONS)
        return format_position(start_of(variant, given.get("handicap"), given.get("position")))
