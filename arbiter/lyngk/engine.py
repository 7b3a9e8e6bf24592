"""The LYNGK engine behind :mod:`arbiter.registry`: random games and the engine object."""

from __future__ import annotations

import random

from arbiter.engine import LegalMove
from arbiter.errors import InvalidPositionError, gettext_noop
from arbiter.lyngk.board import NAMES
from arbiter.lyngk.notation import START, read_start_tags, resolved_options, start_position, start_tags
from arbiter.lyngk.play import play_text, status_of
from arbiter.lyngk.position import Position, format_setup, is_setup, parse_position
from arbiter.lyngk.replay import REFUSAL, REPLAY, continuations, write_record
from arbiter.lyngk.rules import MOVE, Decision, apply, decisions, perft_counts
from arbiter.lyngk.spec import GAME
from arbiter.scaffold import Parts, StartedEngine, Starts


def random_game(seed: int, start: Position | None = None) -> tuple[Position, list[str], Position]:
    """A complete game of uniformly random legal decisions from ``start`` (by default a start drawn
    with the same seed): (its start, its decisions written, its end)."""
    rng = random.Random(seed)
    first = start_position(None, rng) if start is None else start
    position = first
    played: list[str] = []
    while True:
        options = decisions(position)
        if not options:
            return first, played, position
        decision = rng.choice(options)
        played.append(decision.text())
        position = apply(position, decision)


def board_points(decision: Decision) -> tuple[str, ...]:
    """The points a click picks: a move's stack, then its landing; none for a claim (a choice of
    colour) or a pass."""
    if decision.kind != MOVE:
        return ()
    return (NAMES[decision.src], NAMES[decision.dst])


class LyngkEngine(StartedEngine):
    games = (GAME,)
    parts = Parts(
        REFUSAL, REPLAY.claims, parse_position, status_of, play_text, REPLAY.replay, "arbiter.lyngk.svg"
    )
    #: the start: random (drawn now when none is agreed) or the 43 placements given, stored with
    #: its placements listed (``random a1:J ...``) and stated in the record's ``[Setup]`` tag
    starts = Starts(
        start_position,
        resolved_options,
        lambda options: is_setup(str(options.get(START, ""))),
        start_tags,
        lambda tags: format_setup(read_start_tags(tags).board),
        continuations,
        random_game,
        write_record,
    )

    def claims_position(self, text: str) -> bool:
        """A position text (``lyngk ...``) or a start's 43 placements (``a1:J b1:I ...``)."""
        fields = text.split(maxsplit=1)
        return bool(fields) and (fields[0] == "lyngk" or is_setup(text))

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        """Counts from a position text or a start's placements; LYNGK has no fixed start."""
        self._check_game(game)
        if position is None:
            raise InvalidPositionError(
                gettext_noop(
                    "LYNGK has no fixed start: give a position or a start's 43 placements (a1:J b1:I …)"
                )
            )
        return perft_counts(parse_position(position), depth)

    def legal_moves(self, position: str) -> list[LegalMove]:
        node = parse_position(position)
        return [
            LegalMove(decision.text(), apply(node, decision).text(), board_points(decision))
            for decision in decisions(node)
        ]


__all__ = ["LyngkEngine", "board_points", "random_game"]
