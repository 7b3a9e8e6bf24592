"""The GIPF engine behind :mod:`arbiter.registry`: replay, perft, legal moves and random games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import InvalidPositionError, InvalidRecordError, UnknownGameError, gettext_noop
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
from arbiter.gipf.svg import render_svg
from arbiter.play import Played, Status, text_options
from arbiter.records import format_record, game_tag
from arbiter.verdict import Verdict

MAX_RANDOM_PLIES = 1000
#: the options a game may start with: a basic game's handicap ("White 2"), a set-up position
OPTIONS = ("handicap", "position")

State = TypeVar("State")
Move = TypeVar("Move")


# ---------------------------------------------------------------- what GIPF with potentials shares


def claims_key(text: str, keys: Sequence[str]) -> bool:
    """Whether a position text starts with one of the game keys."""
    fields = text.split()
    return bool(fields) and fields[0] in keys


def check_same_game(found: str, game: str) -> None:
    if found != game:
        raise InvalidPositionError(
            gettext_noop("the position is a {game} position, not {game2}"), game=found, game2=game
        )


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


def random_header(game: str, tags: dict[str, str] | None) -> dict[str, str]:
    """The tags of a random game's record, ``tags`` over the defaults, the game's key last (the
    record contract's ``[Game]`` tag)."""
    header = {"Event": "random game", "White": "random", "Black": "random"}
    header.update(tags or {})
    header.update(game_tag(game))
    return header


class GipfEngine(GameEngine):
    games = GAMES

    def claims_record(self, text: str) -> bool:
        return is_gipf_record(text)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return replay_text(text, game, trace)

    def side_to_move(self, position: str) -> int:
        return parse_position(position).to_move

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        return render_svg(parse_position(position), options, last)

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
        header = random_header(game, tags)
        header["Result"] = result or "*"
        return format_record(header, moves, result)

    # ------------------------------------------------------------ positions

    def claims_position(self, text: str) -> bool:
        return claims_key(text, GAMES)

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
        if variant not in GAMES:
            raise UnknownGameError(gettext_noop("'{game}' is not a GIPF game"), game=variant)
        given = text_options(variant, options, OPTIONS)
        return format_position(start_of(variant, given.get("handicap"), given.get("position")))

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        before = parse_position(position)
        step = play_text(before, move, ply)
        return Played(
            format_position(before),
            format_position(step.position),
            step.notation(),
            step.path,
            step.removed,
            status_of(step.position),
        )

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))
