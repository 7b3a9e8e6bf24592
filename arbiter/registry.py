"""One registry of games: every engine answers the same calls.

Game keys: ``gipf-basic``, ``gipf-standard``, ``gipf-tournament``, ``dvonn``. The Django side and
the CLI go only through the functions at the bottom of this module.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from arbiter.errors import InvalidPositionError, UnknownGameError, UnreadableRecordError
from arbiter.verdict import Verdict

GAME_NAMES = {
    "gipf-basic": "GIPF basic",
    "gipf-standard": "GIPF standard",
    "gipf-tournament": "GIPF tournament",
    "dvonn": "DVONN",
}


@dataclass(frozen=True)
class LegalMove:
    notation: str  # the move as the writer emits it
    position: str  # the position text after it


class GameEngine(ABC):
    """What every game package provides (see ``arbiter/gipf`` and ``arbiter/dvonn``)."""

    #: the game keys this engine plays
    games: tuple[str, ...] = ()

    @abstractmethod
    def claims_record(self, text: str) -> bool:
        """True when the record text is in one of this engine's formats."""

    @abstractmethod
    def replay(self, text: str, game: str | None = None) -> Verdict:
        """Replay a record to a verdict. ``game`` forces the game key (else from the record).

        Errors in the record are returned in the verdict, not raised; only a text that is not
        a record of this engine at all raises :class:`UnreadableRecordError`.
        """

    @abstractmethod
    def claims_position(self, text: str) -> bool:
        """True when the position text is in this engine's position format."""

    @abstractmethod
    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        """Leaf counts for depths 1..depth from the position (the game's start when None)."""

    @abstractmethod
    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every legal move (turn) in the position with its notation and resulting position."""

    @abstractmethod
    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        """A complete random game, legal from start to end, written as a record."""


_ENGINES: list[GameEngine] = []


def _engines() -> list[GameEngine]:
    if not _ENGINES:
        from arbiter.dvonn import ENGINE as DVONN_ENGINE
        from arbiter.gipf import ENGINE as GIPF_ENGINE

        _ENGINES.extend([GIPF_ENGINE, DVONN_ENGINE])
    return _ENGINES


def engine_for(game: str) -> GameEngine:
    for engine in _engines():
        if game in engine.games:
            return engine
    raise UnknownGameError(f"unknown game '{game}' (known: {', '.join(GAME_NAMES)})")


def replay(text: str, game: str | None = None) -> Verdict:
    """Replay a record of any known game. ``game`` forces the engine and the game key."""
    if game is not None:
        return engine_for(game).replay(text, game)
    for engine in _engines():
        if engine.claims_record(text):
            return engine.replay(text)
    raise UnreadableRecordError("not a record of any known game (GIPF or DVONN)")


def perft(game: str, depth: int, position: str | None = None) -> list[int]:
    return engine_for(game).perft(game, depth, position)


def legal_moves(position: str) -> list[LegalMove]:
    for engine in _engines():
        if engine.claims_position(position):
            return engine.legal_moves(position)
    raise InvalidPositionError("not a position of any known game (GIPF or DVONN)")


def random_record(game: str, seed: int, tags: dict[str, str] | None = None) -> str:
    return engine_for(game).random_record(game, seed, tags)
