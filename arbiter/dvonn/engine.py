"""The DVONN engine behind :mod:`arbiter.registry`: perft, random games and the engine object."""

from __future__ import annotations

import random

from arbiter.dvonn.moves import Move, apply_move, count_moves, legal_moves
from arbiter.dvonn.notation import TAGGED, format_move
from arbiter.dvonn.position import START, Position, parse_position
from arbiter.dvonn.replay import GAME, detect_style, replay_text, result_for_score, write_tagged
from arbiter.engine import GameEngine, LegalMove
from arbiter.errors import UnknownGameError
from arbiter.verdict import Verdict

PerftKey = tuple[tuple[str, ...], int, int, int]


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth.

    One ply is one placement, one stacking move or one forced pass; a position where the game is
    over has no children. Positions are memoized on (board, side, placed, depth), and the last
    ply is counted without being played.
    """
    memo: dict[PerftKey, int] = {}

    def count(node: Position, remaining: int) -> int:
        if remaining == 1:
            return count_moves(node)
        key = (node.board, node.to_move, node.placed, remaining)
        cached = memo.get(key)
        if cached is not None:
            return cached
        total = 0
        for move in legal_moves(node):
            child, _ = apply_move(node, move)
            total += count(child, remaining - 1)
        memo[key] = total
        return total

    return [count(position, d) for d in range(1, depth + 1)]


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

    def replay(self, text: str, game: str | None = None) -> Verdict:
        return replay_text(text, game)

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
            out.append(LegalMove(format_move(move, TAGGED), child.text()))
        return out

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        moves, final = random_game(seed)
        white, black = final.score()
        result = result_for_score(white, black)
        all_tags = {"Event": "random game", "Site": "arbiter", "White": "random", "Black": "random"}
        all_tags.update(tags or {})
        all_tags.update({"Game": "DVONN", "Result": result, "Score": f"{white}-{black}"})
        return write_tagged(moves, all_tags, result)

    @staticmethod
    def _check_game(game: str) -> None:
        if game != GAME:
            raise UnknownGameError(f"the DVONN engine does not play '{game}'")


__all__ = ["DvonnEngine", "perft_counts", "random_game"]
