"""Typed errors raised by the arbiter.

Every error carries the ply (1-based index of the move in the record, counting placements,
pushes and passes; ``None`` for errors that are not about one move), the move text as written,
a human-readable reason and the position before the move in the game's position text format.
The edges (CLI, views, API) turn these into user messages with :meth:`ArbiterError.describe`.
"""

from __future__ import annotations


class ArbiterError(Exception):
    """Base class of every error the arbiter raises on bad input."""

    kind = "error"

    def __init__(
        self,
        reason: str,
        *,
        ply: int | None = None,
        move: str | None = None,
        position: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ply = ply
        self.move = move
        self.position = position

    def at(
        self, *, ply: int | None = None, move: str | None = None, position: str | None = None
    ) -> ArbiterError:
        """Fill in the ply, move and position where they are not known yet; returns self."""
        if self.ply is None:
            self.ply = ply
        if self.move is None:
            self.move = move
        if self.position is None:
            self.position = position
        return self

    def describe(self) -> str:
        """One line for a person: where it went wrong and why."""
        where = []
        if self.ply is not None:
            where.append(f"ply {self.ply}")
        if self.move is not None:
            where.append(f"move '{self.move}'")
        prefix = (", ".join(where) + ": ") if where else ""
        return prefix + self.reason

    def to_json(self) -> dict[str, object]:
        return {"ply": self.ply, "move": self.move, "reason": self.reason, "kind": self.kind}

    def __str__(self) -> str:
        return self.describe()


class UnreadableRecordError(ArbiterError):
    """The text is not a record of any known game or format (CLI exit code 2)."""

    kind = "unreadable"


class InvalidRecordError(ArbiterError):
    """The record is readable but wrong as a whole: bad tags, a result that contradicts the play."""

    kind = "invalid-record"


class InvalidNotationError(ArbiterError):
    """A move text that does not parse in the game's notation."""

    kind = "invalid-notation"


class IllegalMoveError(ArbiterError):
    """A well-formed move that the rules do not allow in the position."""

    kind = "illegal-move"


class AmbiguousMoveError(ArbiterError):
    """The rules leave a choice (which row, keep a GIPF-piece or not) and the record is silent."""

    kind = "ambiguous-move"

    def __init__(
        self,
        reason: str,
        *,
        options: list[str] | None = None,
        ply: int | None = None,
        move: str | None = None,
        position: str | None = None,
    ) -> None:
        self.options = list(options or [])
        if self.options:
            reason = f"{reason} (options: {'; '.join(self.options)})"
        super().__init__(reason, ply=ply, move=move, position=position)

    def to_json(self) -> dict[str, object]:
        data = super().to_json()
        data["options"] = self.options
        return data


class InvalidPositionError(ArbiterError):
    """A position text that does not parse or describes an impossible position."""

    kind = "invalid-position"


class UnknownGameError(ArbiterError):
    """A game key that no engine in the registry provides."""

    kind = "unknown-game"


class PlyOutOfRangeError(ArbiterError):
    """A ply number outside 0..the record's plies (asking for a position it does not reach)."""

    kind = "ply-out-of-range"
