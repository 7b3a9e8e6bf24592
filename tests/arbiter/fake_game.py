"""A tiny game for the registry's tests: "pebbles", two players take 1 or 2 of 5 pebbles in turn,
whoever takes the last one wins. Its record is ``pebbles`` then the takes (``pebbles 2 1 2``).

It is a game package in one module (``SPEC``), registered at run time by the tests that need it,
never by the project: nothing outside this file names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from arbiter import registry
from arbiter.engine import GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import UnreadableRecordError, gettext_noop
from arbiter.play import Played, Status
from arbiter.spec import End, GameSpec, Variant
from arbiter.verdict import Result, Termination, Verdict

KEY = "pebbles"
FAMILY = "pebbles"
LAST_PEBBLE = "last-pebble"
PEBBLES = 5


class PebblesEngine(GameEngine):
    """Positions are ``pebbles <left> <to move: 0 or 1>``; a move is the number taken."""

    games = (KEY,)

    def claims_record(self, text: str) -> bool:
        return text.split()[:1] == [KEY]

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        if not self.claims_record(text):
            raise UnreadableRecordError(gettext_noop("not a pebbles record"))
        position, moves = self.start(KEY), text.split()[1:]
        for move in moves:
            position = self.play(position, move).position
        status = self.status(position)
        termination = status.termination or Termination.UNFINISHED
        return Verdict(KEY, True, status.result, termination, len(moves), moves=moves)

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        return f"{KEY} {PEBBLES} 0"

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        left, to_move = (int(field) for field in position.split()[1:])
        after = f"{KEY} {left - int(move)} {1 - to_move}"
        return Played(position, after, move, (), (), self.status(after))

    def status(self, position: str) -> Status:
        left, to_move = (int(field) for field in position.split()[1:])
        if left == 0:  # the player who took the last pebble, not the one to move, won
            return Status(None, Result.won_by(1 - to_move), LAST_PEBBLE)
        return Status(to_move)

    def claims_position(self, text: str) -> bool:
        return self.claims_record(text)

    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        return []

    def legal_moves(self, position: str) -> list[LegalMove]:
        return []

    def side_to_move(self, position: str) -> int:
        return int(position.split()[2])

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        return ""

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        return f"{KEY} 2 2 1"


SPEC = GameSpec(
    name="Pebbles",
    family=FAMILY,
    variants=(Variant(KEY, "Pebbles", {"pebbles": PEBBLES}),),
    ends=(End(LAST_PEBBLE, Termination.GOAL, "took the last pebble"),),
    notation="pebbles records",
    engine=PebblesEngine(),
)


@contextmanager
def registered() -> Iterator[GameSpec]:
    """Pebbles registered for the time of a test."""
    registry.register(SPEC)
    try:
        yield SPEC
    finally:
        registry.unregister(SPEC)
