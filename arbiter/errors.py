"""Typed errors raised by the arbiter.

Every error carries the ply (1-based index of the move in the record, counting placements,
pushes and passes; ``None`` for errors that are not about one move), the move text as written,
a human-readable reason and the position before the move in the game's position text format.
The edges (CLI, views, API) turn these into user messages with :meth:`ArbiterError.describe`.

The reason is built from a ``template`` (English, with ``{name}`` placeholders, marked with
:func:`gettext_noop` so that Django's ``makemessages`` finds it) and its ``params``; ``reason`` is
the English text, and an edge may translate the template and fill in the same params. A param is a
move, a spot, a number as written (never translated) or a :class:`Message` (a phrase translated
in turn, like a player's colour).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def visible(text: str) -> str:
    """``text`` with every character that shows nothing escaped as Python writes it (a NUL byte
    ``\\x00``, a right-to-left override ``\\u202e``; the space stays): what an error quotes from a
    record is shown, never acted on by a terminal or a page."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation at the edge; returns it unchanged (the arbiter stays English)."""
    return message


@dataclass(frozen=True)
class Message:
    """A translatable phrase: an English template with ``{name}`` placeholders and their values."""

    template: str
    params: Mapping[str, str | int | Message] = field(default_factory=dict)

    def __str__(self) -> str:
        try:
            return self.template.format(**{key: str(value) for key, value in self.params.items()})
        except (KeyError, IndexError, ValueError):  # a text that is no template (stray braces)
            return self.template

    def to_json(self) -> dict[str, object]:
        return {"template": self.template, "params": params_json(self.params)}


def params_json(params: Mapping[str, str | int | Message]) -> dict[str, object]:
    """The params as JSON: a nested :class:`Message` becomes ``{"template": ..., "params": ...}``."""
    return {key: value.to_json() if isinstance(value, Message) else value for key, value in params.items()}


WHITE_NAME = Message(gettext_noop("White"))
BLACK_NAME = Message(gettext_noop("Black"))
PLAYER_MESSAGES = (WHITE_NAME, BLACK_NAME)


class ArbiterError(Exception):
    """Base class of every error the arbiter raises on bad input."""

    kind = "error"

    def __init__(
        self,
        template: str | Message,
        *,
        ply: int | None = None,
        move: str | None = None,
        position: str | None = None,
        **params: str | int | Message,
    ) -> None:
        if isinstance(template, Message):  # a reason built elsewhere, with its params
            params = {**template.params, **params}
            template = template.template
        self.template = template
        # what the record wrote, quoted with its control characters escaped (:func:`visible`)
        self.params: dict[str, str | int | Message] = {
            key: visible(value) if isinstance(value, str) else value for key, value in params.items()
        }
        reason = str(Message(template, self.params))
        super().__init__(reason)
        self.reason = reason
        self.ply = ply
        self.move = None if move is None else visible(move)
        self.position = position

    def at(
        self, *, ply: int | None = None, move: str | None = None, position: str | None = None
    ) -> ArbiterError:
        """Fill in the ply, move and position where they are not known yet; returns self."""
        if self.ply is None:
            self.ply = ply
        if self.move is None and move is not None:
            self.move = visible(move)
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
        return {
            "ply": self.ply,
            "move": self.move,
            "reason": self.reason,
            "kind": self.kind,
            "template": self.template,
            "params": params_json(self.params),
        }

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
        template: str | Message,
        *,
        options: list[str] | None = None,
        ply: int | None = None,
        move: str | None = None,
        position: str | None = None,
        **params: str | int | Message,
    ) -> None:
        self.options = list(options or [])
        if self.options:
            reason = template if isinstance(template, Message) else Message(template, params)
            params = {"reason": reason, "options": "; ".join(self.options)}
            template = gettext_noop("{reason} (options: {options})")
        super().__init__(template, ply=ply, move=move, position=position, **params)

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


class InvalidOptionError(ArbiterError):
    """A game option at the start that the game does not know or a value it does not take."""

    kind = "invalid-option"
