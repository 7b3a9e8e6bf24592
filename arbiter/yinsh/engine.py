"""The YINSH engine behind :mod:`arbiter.registry`: replay, perft, the play API and random games."""

from __future__ import annotations

import random

from arbiter.engine import LegalMove, StartOptions
from arbiter.errors import gettext_noop
from arbiter.records import format_record, game_tag, random_tags
from arbiter.scaffold import PackageEngine, Parts, check_same_game
from arbiter.yinsh.notation import format_turn
from arbiter.yinsh.play import decision_points, play_text, result_of, status_of, turns
from arbiter.yinsh.position import Position, format_position, parse_position, start_position
from arbiter.yinsh.replay import is_yinsh_record, replay_text
from arbiter.yinsh.rules import Decision, apply, decisions, ending, perft_counts
from arbiter.yinsh.spec import GAMES


def random_game(game: str, seed: int) -> tuple[list[str], Position]:
    """A complete game of uniformly random decisions, written turn by turn."""
    rng = random.Random(seed)
    pos = start_position(game)
    written: list[str] = []
    turn: list[Decision] = []
    player = pos.to_move
    while True:
        options = decisions(pos)
        if not options:
            break
        decision = rng.choice(options)
        pos = apply(pos, decision)
        turn.append(decision)
        if pos.to_move != player or ending(pos) is not None:
            written.append(format_turn(turn))
            turn, player = [], pos.to_move
    return written, pos


#: the refusal of a game key it does not play
REFUSAL = gettext_noop("the YINSH engine does not play '{game}'")


class YinshEngine(PackageEngine):
    games = GAMES
    parts = Parts(
        REFUSAL,
        is_yinsh_record,
        parse_position,
        status_of,
        play_text,
        replay_text,
        "arbiter.yinsh.svg",
        format_position,
    )

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        pos = start_position(game) if position is None else parse_position(position)
        check_same_game(pos.game, game)
        return perft_counts(pos, depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        return self._start_text(variant, options, start_position)  # YINSH has no options

    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every turn: its decisions' points in order (a placement's point; a move's ring and
        destination; a row's two end markers; a removed ring's point)."""
        out = []
        for done, after in turns(parse_position(position)):
            points = tuple(point for decision in done for point in decision_points(decision))
            out.append(LegalMove(format_turn(done), format_position(after), points))
        return out

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        written, final = random_game(game, seed)
        end = ending(final)
        result = None if end is None else result_of(end)
        header = random_tags(tags, {**game_tag(game), "Result": result or "*"}, site=False)
        return format_record(header, written, result)


__all__ = ["YinshEngine", "random_game"]
