"""The ZÈRTZ engine behind :mod:`arbiter.registry`: replay, perft, the play API and random games."""

from __future__ import annotations

import random

from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import InvalidPositionError, UnknownGameError, gettext_noop
from arbiter.play import Played, Status, text_options
from arbiter.verdict import Verdict
from arbiter.zertz.notation import ring_names
from arbiter.zertz.play import play_move, play_text, result_of, status_of, written_of
from arbiter.zertz.position import Position, parse_position, start_position
from arbiter.zertz.replay import is_zertz_record, replay_text, write_record
from arbiter.zertz.rules import ending, perft_counts, random_turn, turns
from arbiter.zertz.spec import GAMES


def random_game(game: str, seed: int) -> tuple[list[str], Position]:
    """A complete game of uniformly random legal turns: its turns written, its last position."""
    rng = random.Random(seed)
    position = start_position(game)
    written: list[str] = []
    while True:
        move = random_turn(position, rng)
        if move is None:
            return written, position
        step = play_move(position, move)
        written.append(step.notation)
        position = step.position


class ZertzEngine(GameEngine):
    games = GAMES

    def claims_record(self, text: str) -> bool:
        return is_zertz_record(text)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return replay_text(text, game, trace)

    def claims_position(self, text: str) -> bool:
        fields = text.split(maxsplit=1)
        return bool(fields) and fields[0] in GAMES

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        node = start_position(game) if position is None else parse_position(position)
        if node.game != game:
            raise InvalidPositionError(
                gettext_noop("the position is a {game} position, not {game2}"), game=node.game, game2=game
            )
        return perft_counts(node, depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        self._check_game(variant)
        text_options(variant, options, ())  # ZÈRTZ has no options
        return start_position(variant).text()

    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every turn: a placement's points are its ring, then the ring removed (the colour is the
        choice the board does not show); a capture's are its marble's ring, then each landing."""
        node = parse_position(position)
        geometry = node.geometry
        return [
            LegalMove(written_of(node, move), after.text(), ring_names(move, geometry))
            for move, after in turns(node)
        ]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        before = parse_position(position)
        step = play_text(before, move, ply)
        return Played(
            before.text(),
            step.position.text(),
            step.notation,
            step.path,
            step.removed,
            status_of(step.position),
        )

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))

    def side_to_move(self, position: str) -> int:
        return parse_position(position).to_move

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        from arbiter.zertz.svg import render_svg

        return render_svg(parse_position(position), options, last)

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        written, final = random_game(game, seed)
        end = ending(final)
        result = None if end is None else str(result_of(end))
        header = {"Event": "random game", "Site": "arbiter", "White": "random", "Black": "random"}
        header.update(tags or {})
        header["Result"] = result or "*"
        return write_record(game, written, header, result)

    @staticmethod
    def _check_game(game: str) -> None:
        if game not in GAMES:
            raise UnknownGameError(gettext_noop("the ZÈRTZ engine does not play '{game}'"), game=game)


__all__ = ["ZertzEngine", "random_game"]
