"""What the two test-only take-away games share (Stones, ``tests.toygame``, and Piles,
``tests.optiongame``): stones taken from one row, one to three a turn, whoever takes the last stone
winning. A position is ``<key> <left> <to move>``; a record is the service's tagged format, read
through the record contract (``arbiter.records``). Each game keeps its own start, moves, board and
random records."""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.engine import GameEngine, PlyTrace, Tracer
from arbiter.errors import ArbiterError, InvalidPositionError, UnreadableRecordError
from arbiter.play import Status
from arbiter.records import (
    GAME_TAG,
    has_tag_block,
    judge_ending,
    key_of_game_tag,
    parse_tagged,
    read_ending,
    split_ending,
)
from arbiter.spec import StartOption
from arbiter.verdict import Result, Verdict

MOST = 3
LAST_STONE = "last-stone"


class TakeAwayEngine(GameEngine):
    """A take-away game's engine but for its start, moves, board and random records."""

    key: str
    names: Mapping[str, str]
    options: tuple[StartOption, ...] = ()
    not_a_position: str  # the message, with ``{text}``
    not_a_record: str

    def read(self, position: str) -> tuple[int, int]:
        """The stones left and the side to move."""
        fields = position.split()
        if (
            len(fields) != 3
            or fields[0] != self.key
            or not fields[1].isdigit()
            or fields[2] not in ("0", "1")
        ):
            raise InvalidPositionError(self.not_a_position, text=position[:40])
        return int(fields[1]), int(fields[2])

    def claims_record(self, text: str) -> bool:
        if not has_tag_block(text):
            return False
        return key_of_game_tag(parse_tagged(text).tags.get(GAME_TAG, ""), self.names) == self.key

    def claims_position(self, text: str) -> bool:
        return text.split()[:1] == [self.key]

    def status(self, position: str) -> Status:
        left, to_move = self.read(position)
        if left == 0:  # the player who took the last stone moved before the one to move
            return Status(None, Result.won_by(1 - to_move), LAST_STONE)
        return Status(to_move)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        if not self.claims_record(text):
            raise UnreadableRecordError(self.not_a_record)
        key, record = self.key, parse_tagged(text)
        moves: list[str] = []
        written, words = split_ending(record.tokens)  # the record contract's ending words
        try:
            position = self.start(key, self.tag_options(key, record.tags, self.options))
        except ArbiterError as error:
            return Verdict(key, False, error=error, tags=record.tags)
        for ply, move in enumerate(written, start=1):
            try:
                played = self.play(position, move, ply=ply)
            except ArbiterError as error:
                return Verdict(
                    key, False, None, None, ply - 1, error, position, tags=record.tags, moves=moves
                )
            if trace is not None:
                trace(PlyTrace(ply, move, position, played.position))
            position = played.position
            moves.append(move)
        status = self.status(position)
        natural = None if status.result is None else (status.result, status.termination or "")
        try:
            result, termination = judge_ending(read_ending(words), status.to_move or 0, natural)
        except ArbiterError as error:
            return Verdict(key, False, None, None, len(moves), error, position, tags=record.tags, moves=moves)
        return Verdict(
            key, True, result, termination, len(moves), None, position, tags=record.tags, moves=moves
        )

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        counts, level = [], [position or self.start(self.key)]
        for _ in range(depth):
            level = [move.position for here in level for move in self.legal_moves(here)]
            counts.append(len(level))
        return counts

    def side_to_move(self, position: str) -> int:
        return self.read(position)[1]
