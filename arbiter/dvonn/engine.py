"""The DVONN engine behind :mod:`arbiter.registry`: random games and the engine object."""

from __future__ import annotations

import random

from arbiter.dvonn.board import NAMES
from arbiter.dvonn.moves import PASS, PLACE, Move, apply_move, legal_moves
from arbiter.dvonn.notation import TAGGED, format_move
from arbiter.dvonn.perft import perft_counts
from arbiter.dvonn.play import play_text, result_for_score, status_of
from arbiter.dvonn.position import START, Position, parse_position
from arbiter.dvonn.replay import detect_style, replay_text, write_tagged
from arbiter.dvonn.spec import GAME
from arbiter.engine import LegalMove, StartOptions
from arbiter.errors import gettext_noop
from arbiter.records import game_tag, random_tags
from arbiter.scaffold import PackageEngine, Parts


def random_game(seed: int) -> tuple[list[Move], Position]:
    """A complete game of uniformly random legal moves (placements, stacking moves, forced passes)."""
    rng = random.Random(seed)
    position = START
    moves: list[Move] = []
    while True:
        options = legal_moves(position)
        if not options:
            return moves, position
        move = rng.choice(options)
        moves.append(move)
        position, _ = apply_move(position, move)


#: the refusal of a game key it does not play
REFUSAL = gettext_noop("the DVONN engine does not play '{game}'")


def _is_record(text: str) -> bool:
    return detect_style(text) is not None


class DvonnEngine(PackageEngine):
    games = (GAME,)
    parts = Parts(REFUSAL, _is_record, parse_position, status_of, play_text, replay_text, "arbiter.dvonn.svg")

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        start = START if position is None else parse_position(position)
        return perft_counts(start, depth)

    def legal_moves(self, position: str) -> list[LegalMove]:
        node = parse_position(position)
        out = []
        for move in legal_moves(node):
            child, _ = apply_move(node, move)
            points = (
                ()
                if move.kind == PASS
                else (NAMES[move.src],)
                if move.kind == PLACE
                else (NAMES[move.src], NAMES[move.dst])
            )
            out.append(LegalMove(format_move(move, TAGGED), child.text(), points))
        return out

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        return self._start_text(variant, options, lambda _: START)  # DVONN has no options

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        moves, final = random_game(seed)
        white, black = final.score()
        result = result_for_score(white, black)
        all_tags = random_tags(tags, {**game_tag(GAME), "Result": result, "Score": f"{white}-{black}"})
        return write_tagged(moves, all_tags, result)


__all__ = ["DvonnEngine", "random_game"]
