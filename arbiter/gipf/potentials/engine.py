"""The engine of GIPF with potentials behind :mod:`arbiter.registry`: replay, perft, the play calls,
legal moves, boards and random games (the calls of :class:`arbiter.engine.GameEngine`)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import InvalidOptionError, InvalidPositionError, UnknownGameError, gettext_noop
from arbiter.gipf.engine import random_header, random_walk
from arbiter.gipf.potentials.perft import perft_counts
from arbiter.gipf.potentials.play import board_points, path_and_removed, play_turn, status_of
from arbiter.gipf.potentials.position import (
    DEFAULT_SETS,
    GAME_KEYS,
    format_position,
    parse_position,
    parse_sets,
    sets_text,
    start_position,
)
from arbiter.gipf.potentials.replay import GAMES, is_potentials_record, replay_text
from arbiter.gipf.potentials.rules import Turn, turns
from arbiter.gipf.potentials.svg import render_svg
from arbiter.play import Played, Status
from arbiter.records import format_record
from arbiter.scaffold import check_same_game, claims_key
from arbiter.verdict import Verdict

MAX_RANDOM_PLIES = 600


def _sets_of(options: Mapping[str, str | int | bool] | None) -> tuple[dict[str, int], dict[str, int]]:
    options = dict(options or {})
    unknown = sorted(set(options) - {"potentials"})
    if unknown:
        raise InvalidOptionError(
            gettext_noop("unknown option '{option}' for {game}"),
            option=unknown[0],
            game="GIPF with potentials",
        )
    value = options.get("potentials")
    if not isinstance(value, str):
        raise InvalidOptionError(
            gettext_noop("a game with potentials needs the option 'potentials' (like 'Z6 Y6')")
        )
    return parse_sets(value)


class PotentialsGame:
    """start / legal_moves / play / status / replay / perft for the variant (the play API's calls)."""

    games = tuple(GAME_KEYS)

    def start(self, variant: str, options: Mapping[str, str | int | bool] | None = None) -> str:
        if variant not in GAME_KEYS:
            raise InvalidOptionError(gettext_noop("'{game}' is not a game with potentials"), game=variant)
        return format_position(start_position(variant, _sets_of(options)))

    def legal_moves(self, position: str) -> list[str]:
        return [turn.notation() for turn in turns(parse_position(position))]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        before = parse_position(position)
        turn = play_turn(before, move, ply)
        path, removed = path_and_removed(turn)
        return Played(
            format_position(before),
            format_position(turn.position),
            turn.notation(),
            path,
            removed,
            status_of(turn.position),
        )

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))

    def perft(self, game: str, depth: int, potentials: str) -> list[int]:
        return perft_counts(start_position(game, parse_sets(potentials)), depth)

    def replay(self, text: str) -> Verdict:
        """A record: ``[Game "GIPF standard with potentials"]`` and ``[Potentials "Z6 Y6"]``."""
        return replay_text(text)


GAME = PotentialsGame()


class PotentialsEngine(GameEngine):
    games = GAMES

    def claims_record(self, text: str) -> bool:
        return is_potentials_record(text)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return replay_text(text, game, trace)

    def claims_position(self, text: str) -> bool:
        return claims_key(text, GAMES)

    def side_to_move(self, position: str) -> int:
        return parse_position(position).to_move

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        if game not in GAME_KEYS:
            raise InvalidPositionError(gettext_noop("'{game}' is not a game with potentials"), game=game)
        if position is None:
            pos = start_position(game, parse_sets(DEFAULT_SETS[game]))
        else:
            pos = parse_position(position)
        check_same_game(pos.game, game)
        return perft_counts(pos, depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        """The start of ``variant`` with the option ``potentials`` (P-11), the key's own set without it."""
        if variant not in GAME_KEYS:
            raise UnknownGameError(gettext_noop("'{game}' is not a game with potentials"), game=variant)
        given = dict(options or {})
        given.setdefault("potentials", DEFAULT_SETS[variant])
        return GAME.start(variant, given)

    def legal_moves(self, position: str) -> list[LegalMove]:
        return [
            LegalMove(turn.notation(), format_position(turn.position), board_points(turn))
            for turn in turns(parse_position(position))
        ]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        return GAME.play(position, move, ply=ply)

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        return render_svg(parse_position(position), options, last)

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        if game not in GAME_KEYS:
            raise UnknownGameError(gettext_noop("'{game}' is not a game with potentials"), game=game)
        rng = random.Random(seed)
        sets = parse_sets(DEFAULT_SETS[game])
        moves, pos = random_walk(
            start_position(game, sets),
            turns,
            Turn.notation,
            lambda turn: turn.position,
            rng,
            MAX_RANDOM_PLIES,
        )
        state = status_of(pos)
        result = state.result if state.ended else None
        header = random_header(game, tags, {"Potentials": sets_text(sets), "Result": result or "*"})
        return format_record(header, moves, result)
