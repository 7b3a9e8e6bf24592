"""The YINSH engine behind :mod:`arbiter.registry`: replay, perft, the play API and random games."""

from __future__ import annotations

import random

from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import InvalidPositionError, UnknownGameError, gettext_noop
from arbiter.play import Played, Status, text_options
from arbiter.records import format_record, game_tag
from arbiter.verdict import Verdict
from arbiter.yinsh.notation import format_turn
from arbiter.yinsh.play import decision_points, play_text, result_of, status_of, turns
from arbiter.yinsh.position import Position, format_position, parse_position, start_position
from arbiter.yinsh.replay import is_yinsh_record, replay_text
from arbiter.yinsh.rules import Decision, apply, decisions, ending, perft_counts
from arbiter.yinsh.spec import GAMES
from arbiter.yinsh.svg import render_svg


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


class YinshEngine(GameEngine):
    games = GAMES

    def claims_record(self, text: str) -> bool:
        return is_yinsh_record(text)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return replay_text(text, game, trace)

    def claims_position(self, text: str) -> bool:
        fields = text.split(maxsplit=1)
        return bool(fields) and fields[0] in GAMES

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        pos = start_position(game) if position is None else parse_position(position)
        if pos.game != game:
            raise InvalidPositionError(
                gettext_noop("the position is a {game} position, not {game2}"), game=pos.game, game2=game
            )
        return perft_counts(pos, depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        self._check_game(variant)
        text_options(variant, options, ())  # YINSH has no options
        return format_position(start_position(variant))

    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every turn: its decisions' points in order (a placement's point; a move's ring and
        destination; a row's two end markers; a removed ring's point)."""
        out = []
        for done, after in turns(parse_position(position)):
            points = tuple(point for decision in done for point in decision_points(decision))
            out.append(LegalMove(format_turn(done), format_position(after), points))
        return out

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

    def side_to_move(self, position: str) -> int:
        return parse_position(position).to_move

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        return render_svg(parse_position(position), options, last)

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        written, final = random_game(game, seed)
        end = ending(final)
        result = None if end is None else result_of(end)
        header = {"Event": "random game", "White": "random", "Black": "random"}
        header.update(tags or {})
        header.update(game_tag(game))
        header["Result"] = result or "*"
        return format_record(header, written, result)

    @staticmethod
    def _check_game(game: str) -> None:
        if game not in GAMES:
            raise UnknownGameError(gettext_noop("the YINSH engine does not play '{game}'"), game=game)


__all__ = ["YinshEngine", "random_game"]
