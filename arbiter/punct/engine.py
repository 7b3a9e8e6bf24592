"""The PÜNCT engine behind :mod:`arbiter.registry`: replay, perft, the play API and random games.

A position is read from its text (``punct …``, :mod:`arbiter.punct.position`) or from a list of
turns from the start (the specification gives its positions so: ``1. T:i4,h4,i5 L:g3,f3,f4 …``).
The legal turns are in the thousands (4,986 from the start): a move's position is built only when
read (:class:`arbiter.engine.LegalMove`), the moves a player's picks lead to are listed without the
others (:meth:`PunctEngine.picked_moves`) and the first points to pick found without listing any
(:meth:`PunctEngine.picking`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from arbiter.engine import LegalMove, Picking, StartOptions, picking_of
from arbiter.errors import gettext_noop
from arbiter.punct.board import BY_NAME, KINDS, NAMES
from arbiter.punct.ends import count_turns, ending, legal_turns, perft_counts
from arbiter.punct.moves import (
    ADD,
    PASS_TURN,
    WAY_TURNS,
    Turn,
    addable_kinds,
    additions,
    apply,
    count_additions,
    free_pieces,
    nth_addition,
    piece_moves,
    turn_points,
    turn_text,
)
from arbiter.punct.play import play_text, result_of, status_of
from arbiter.punct.position import PUNCT, START, Position, parse_position
from arbiter.punct.replay import is_punct_record, position_of_turns, replay_text, write_record
from arbiter.punct.spec import GAME
from arbiter.records import random_tags
from arbiter.scaffold import PackageEngine, Parts


def read_position(text: str) -> Position:
    """A position text, or the position a list of turns from the start reaches."""
    if text.split(maxsplit=1)[:1] == ["punct"]:
        return parse_position(text)
    return position_of_turns(text)


def _turn_list(text: str) -> bool:
    """Whether ``text`` opens like a list of PÜNCT turns (its first turn an addition)."""
    for token in text.split():
        if token.rstrip(".").isdigit():
            continue
        head = token.lstrip("0123456789.")
        return len(head) > 2 and head[0].upper() in KINDS and head[1] == ":"
    return False


def random_game(seed: int, moving: float | None = 0.5) -> tuple[list[str], Position]:
    """A complete game of random legal turns: with ``moving`` None, uniform among the turns; else a
    move with that chance when there is one (or no addition), an addition otherwise, each uniform
    among its kind (random additions alone fill the hands in 35 turns)."""
    rng = random.Random(seed)
    position = START
    written: list[str] = []
    while ending(position) is None:
        player = position.to_move
        added = count_additions(position, player)
        moves = [turn for index in free_pieces(position, player) for turn in piece_moves(position, index)]
        if moving is None:
            total = added + len(moves)
            pick = rng.randrange(total) if total else -1
            if pick < 0:
                turn = PASS_TURN
            else:
                turn = nth_addition(position, player, pick) if pick < added else moves[pick - added]
        elif moves and (not added or rng.random() < moving):
            turn = rng.choice(moves)
        elif added:
            turn = nth_addition(position, player, rng.randrange(added))
        else:
            turn = PASS_TURN
        written.append(turn_text(position, turn))
        position = apply(position, turn)
    return written, position


def _after(position: Position, turn: Turn) -> Callable[[], str]:
    return lambda: apply(position, turn).text()


#: an addition's notation and points, the same whatever the position (written once)
_ADDITION_WORDS: dict[Turn, tuple[str, tuple[str, ...]]] = {
    turn: (turn_text(START, turn), turn_points(START, turn)) for turn in WAY_TURNS
}


def _legal(position: Position, turns: Iterator[Turn] | list[Turn]) -> list[LegalMove]:
    out = []
    for turn in turns:
        words = _ADDITION_WORDS.get(turn) if turn.kind == ADD else None
        if words is None:
            words = turn_text(position, turn), turn_points(position, turn)
        out.append(LegalMove(words[0], _after(position, turn), words[1]))
    return out


#: the refusal of a game key it does not play
REFUSAL = gettext_noop("the PÜNCT engine does not play '{game}'")


class PunctEngine(PackageEngine):
    games = (GAME,)
    parts = Parts(
        REFUSAL, is_punct_record, read_position, status_of, play_text, replay_text, "arbiter.punct.svg"
    )

    def claims_position(self, text: str) -> bool:
        return text.split(maxsplit=1)[:1] == ["punct"] or _turn_list(text) or is_punct_record(text)

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        return perft_counts(START if position is None else read_position(position), depth)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        return self._start_text(variant, options, lambda _: START)  # one fixed start (P-4)

    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every turn with its points (P-14's order, :func:`arbiter.punct.moves.turn_points`); each
        move's position built when read."""
        return _legal(*_node(position))

    def picked_moves(self, position: str, picked: Sequence[str]) -> list[LegalMove]:
        """Only the turns of the kind or the piece picked first, then filtered by the other points."""
        node, turns = _node(position, picked[0] if picked else None)
        head = tuple(picked)
        return [move for move in _legal(node, turns) if move.points[: len(head)] == head]

    def picking(self, position: str, picked: Sequence[str], limit: int | None = None) -> Picking:
        """With nothing picked yet: the kinds the player may add and his pieces that may move, the
        turns counted, not listed (unless at most ``limit``)."""
        if picked:
            return picking_of(picked, self.picked_moves(position, picked), limit)
        node = read_position(position)
        count = count_turns(node)
        if limit is None or count <= limit or count == 1:
            return picking_of((), self.legal_moves(position), limit)
        player = node.to_move
        first = [KINDS[kind] for kind in addable_kinds(node, player)]
        for index in sorted(free_pieces(node, player), key=lambda index: node.pieces[index][PUNCT]):
            if next(piece_moves(node, index), None) is not None:
                first.append(_name(node, index))
        return Picking((), tuple(first), (), count, None)

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        written, final = random_game(seed)
        end = ending(final)
        result = None if end is None else str(result_of(end))
        return write_record(written, random_tags(tags, {"Result": result or "*"}), result)


def _name(position: Position, index: int) -> str:
    return NAMES[position.pieces[index][PUNCT]]


def _node(position: str, first: str | None = None) -> tuple[Position, list[Turn]]:
    """The position and its legal turns (only those of the kind or piece ``first`` names)."""
    node = read_position(position)
    if first is None or ending(node) is not None:
        return node, legal_turns(node)
    player = node.to_move
    if first in KINDS:
        return node, list(additions(node, player, KINDS.index(first)))
    space = BY_NAME.get(first, -1)
    pieces = [index for index in free_pieces(node, player) if node.pieces[index][PUNCT] == space]
    return node, [turn for index in pieces for turn in piece_moves(node, index)]


__all__ = ["PunctEngine", "random_game", "read_position"]
