"""The TZAAR engine behind :mod:`arbiter.registry`: random games and the engine object."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from arbiter.engine import LegalMove, StartOptions
from arbiter.errors import ArbiterError
from arbiter.records import random_tags
from arbiter.scaffold import PackageEngine, Parts
from arbiter.spec import StartOption
from arbiter.tzaar.board import NAMES
from arbiter.tzaar.notation import (
    RANDOM_START,
    START,
    read_start_tags,
    resolved_options,
    start_position,
    start_tags,
    start_value,
)
from arbiter.tzaar.play import play_text, status_of
from arbiter.tzaar.position import FIXED, Position, parse_position
from arbiter.tzaar.replay import REFUSAL, REPLAY, continuations, write_record
from arbiter.tzaar.rules import PASS, PUT, Move, apply_move, game_over, legal_moves, perft_counts
from arbiter.tzaar.spec import GAME, TYPE_NAMES


def random_game(seed: int, start: str = RANDOM_START) -> tuple[Position, list[str], Position]:
    """A complete game of uniformly random legal moves from a start drawn with the same seed:
    (its start, its moves written, its end)."""
    rng = random.Random(seed)
    first = start_position({"start": start}, rng)
    position = first
    moves: list[str] = []
    while True:
        options = legal_moves(position)
        if not options:
            return first, moves, position
        move = rng.choice(options)
        moves.append(move.text(position.to_move))
        position = apply_move(position, move)


def board_points(move: Move) -> tuple[str, ...]:
    """The spaces a click picks: from and to; a placement's space (its type is asked); none for a pass."""
    if move.kind == PASS:
        return ()
    if move.kind == PUT:
        return (NAMES[move.dst],)
    return (NAMES[move.src], NAMES[move.dst])


class TzaarEngine(PackageEngine):
    games = (GAME,)
    parts = Parts(
        REFUSAL, REPLAY.claims, parse_position, status_of, play_text, REPLAY.replay, "arbiter.tzaar.svg"
    )

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        self._check_game(game)
        start = FIXED if position is None else parse_position(position)
        return perft_counts(start, depth)

    def legal_moves(self, position: str) -> list[LegalMove]:
        node = parse_position(position)
        return [
            LegalMove(move.text(node.to_move), apply_move(node, move).text(), board_points(move))
            for move in legal_moves(node)
        ]

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        """The start the option ``start`` gives (``fixed``, ``placement``, ``random`` and its pieces);
        random, drawn now, when none."""
        self._check_game(variant)
        return start_position(options).text()

    def resolve_options(self, variant: str, options: Mapping[str, str], seed: int) -> dict[str, str]:
        """The start stored with a game: a random one (the rulebook's, when none is agreed) drawn with
        ``seed``, its 60 pieces listed (``random a1:wO ...``), so its record states them."""
        self._check_game(variant)
        return resolved_options(options, seed)

    def option_tags(
        self, variant: str, options: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The ``[Setup]`` tag: ``fixed``, ``placement`` or a random start's 60 pieces."""
        return start_tags(start_position(options)) if START in options else {}

    def tag_options(
        self, variant: str, tags: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The start a record's ``[Setup]`` (or ``[Start]``) tag states; none when it states none."""
        try:
            return {START: start_value(read_start_tags(tags))}
        except ArbiterError:
            return {}

    def continues(self, moves: Sequence[str]) -> list[bool]:
        return continuations(moves)

    def end_detail(self, position: str) -> str:
        """The type the loser has no more on top of a stack (``tzaar``, ``tzarra``, ``tott``) when the
        game ended so; "" otherwise (no capture at the start of a turn tells itself)."""
        pos = parse_position(position)
        over = game_over(pos)
        missing = pos.missing_type()
        if over is None or over[1] != "no-type" or missing is None:
            return ""
        return TYPE_NAMES[missing[1]]

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        first, moves, final = random_game(seed)
        status = status_of(final)
        result = None if status.result is None else str(status.result)
        return write_record(first, moves, random_tags(tags, {"Result": result}), result)


__all__ = ["TzaarEngine", "board_points", "random_game"]
