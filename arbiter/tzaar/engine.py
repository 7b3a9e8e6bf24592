"""The TZAAR engine behind :mod:`arbiter.registry`: random games and the engine object."""

from __future__ import annotations

import random

from arbiter.engine import LegalMove
from arbiter.scaffold import Parts, StartedEngine, Starts
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


class TzaarEngine(StartedEngine):
    games = (GAME,)
    parts = Parts(
        REFUSAL, REPLAY.claims, parse_position, status_of, play_text, REPLAY.replay, "arbiter.tzaar.svg"
    )
    #: the start: ``fixed``, ``placement``, or ``random`` (the rulebook's, drawn now when none is
    #: agreed), stored with its 60 pieces listed (``random a1:wO ...``) and stated in the record's
    #: ``[Setup]`` (or ``[Start]``) tag
    starts = Starts(
        start_position,
        resolved_options,
        lambda options: START in options,
        start_tags,
        lambda tags: start_value(read_start_tags(tags)),
        continuations,
        random_game,
        write_record,
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

    def end_detail(self, position: str) -> str:
        """The type the loser has no more on top of a stack (``tzaar``, ``tzarra``, ``tott``) when the
        game ended so; "" otherwise (no capture at the start of a turn tells itself)."""
        pos = parse_position(position)
        over = game_over(pos)
        missing = pos.missing_type()
        if over is None or over[1] != "no-type" or missing is None:
            return ""
        return TYPE_NAMES[missing[1]]


__all__ = ["TzaarEngine", "board_points", "random_game"]
