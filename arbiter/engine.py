"""What every game engine provides: the :class:`GameEngine` interface, the :class:`LegalMove`
it lists, and the game keys with their names (:data:`GAME_NAMES`).

The game packages (``arbiter.gipf``, ``arbiter.dvonn``) implement the interface;
:mod:`arbiter.registry` imports them and dispatches to them. Nothing here imports a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

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
