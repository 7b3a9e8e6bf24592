"""The ZÈRTZ engine behind :mod:`arbiter.registry`: replay, perft, the play API and random games."""

from __future__ import annotations

import random
from operator import attrgetter

from arbiter.engine import LegalMove, StartOptions
from arbiter.errors import gettext_noop
from arbiter.records import random_tags
from arbiter.scaffold import PackageEngine, Parts, check_same_game
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


#: the refusal of a game key it does not play
REFUSAL = gettext_noop("the ZÈRTZ engine does not play '{game}'")


class ZertzEngine(PackageEngine):
    games = GAMES
    # its step's move is written once, when the turn is played
    parts = Parts(
        REFUSAL,
        is_zertz_record,
        parse_position,
        status_of,
        play_text,
        replay_text,
        "arbiter.zertz.svg",
        written=attrgetter("notation"),
    )

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        node = start_position(game) if position is None else parse_position(position)
        check_same_game(node.game, game)
        return perft_counts(node, depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        return self._start_text(variant, options, start_position)  # ZÈRTZ has no options

    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every turn: a placement's points are its ring, then the ring removed (the colour is the
        choice the board does not show); a capture's are its marble's ring, then each landing."""
        node = parse_position(position)
        geometry = node.geometry
        return [
            LegalMove(written_of(node, move), after.text(), ring_names(move, geometry))
            for move, after in turns(node)
        ]

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        written, final = random_game(game, seed)
        end = ending(final)
        result = None if end is None else str(result_of(end))
        return write_record(game, written, random_tags(tags, {"Result": result or "*"}), result)


__all__ = ["ZertzEngine", "random_game"]
