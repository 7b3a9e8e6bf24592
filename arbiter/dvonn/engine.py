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
from arbiter.dvonn.svg import render_svg
from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import UnknownGameError, gettext_noop
from arbiter.play import Played, Status, text_options
from arbiter.records import game_tag
from arbiter.verdict import Verdict


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


class DvonnEngine(GameEngine):
    games = (GAME,)

    def claims_record(self, text: str) -> bool:
        return detect_style(text) is not None

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return replay_text(text, game, trace)

    def side_to_move(self, position: str) -> int:
        return parse_position(position).to_move

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        return render_svg(parse_position(position), options, last)

    def claims_position(self, text: str) -> bool:
        fields = text.split(maxsplit=1)
        return bool(fields) and fields[0] == "dvonn"

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
        self._check_game(variant)
        text_options(variant, options, ())  # DVONN has no options
        return START.text()

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        before = parse_position(position)
        step = play_text(before, move, ply)
        after = step.position
        return Played(before.text(), after.text(), step.notation(), step.path, step.removed, status_of(after))

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        moves, final = random_game(seed)
        white, black = final.score()
        result = result_for_score(white, black)
        all_tags = {"Event": "random game", "Site": "arbiter", "White": "random", "Black": "random"}
        all_tags.update(tags or {})
        all_tags.update({**game_tag(GAME), "Result": result, "Score": f"{white}-{black}"})
        return write_tagged(moves, all_tags, result)

    @staticmethod
    def _check_game(game: str) -> None:
        if game != GAME:
            raise UnknownGameError(gettext_noop("the DVONN engine does not play '{game}'"), game=game)


__all__ = ["DvonnEngine", "random_game"]
