"""The YINSH record notation (Y-4): one token per decision, a turn its tokens joined by ``;``.

* ``e5`` a ring placed; ``e5-e8`` a move (a marker put in the ring on e5, the ring moved to e8);
* ``xe5-e9`` a row taken, named by its two end markers; ``rf3`` a ring removed; ``pass``.

Coordinates are written in lower case and read in either case; a row's ends are read in either
order and written from the lower end (the end where the line's letter or number is smaller), so
that a turn read back is written unchanged. Rules at home here: what a token may say
(:func:`parse_decision`); whether it is legal is :mod:`arbiter.yinsh.play`'s to say.
"""

from __future__ import annotations

import re

from arbiter.errors import InvalidNotationError, gettext_noop
from arbiter.yinsh.board import BY_NAME, NAMES, WINDOWS
from arbiter.yinsh.rules import MOVE, PASS, PLACE, REMOVE, ROW, Decision

_POINT = r"([a-kA-K](?:1[01]|[1-9]))"
_PLACE_RE = re.compile(rf"^{_POINT}$")
_MOVE_RE = re.compile(rf"^{_POINT}-{_POINT}$")
_ROW_RE = re.compile(rf"^[xX]{_POINT}-{_POINT}$")
_RING_RE = re.compile(rf"^[rR]{_POINT}$")


class Written:
    """A decision as written: its kind and its points (a row: its two ends, as written)."""

    __slots__ = ("kind", "points", "text")

    def __init__(self, kind: str, points: tuple[int, ...], text: str) -> None:
        self.kind = kind
        self.points = points
        self.text = text


def _point(name: str) -> int:
    index = BY_NAME.get(name.lower())
    if index is None:
        raise InvalidNotationError(gettext_noop("{point} is not a point of the YINSH board"), point=name)
    return index


def parse_decision(token: str) -> Written:
    """One decision token; :class:`InvalidNotationError` when it is none of the five forms."""
    if token.lower() == "pass":
        return Written(PASS, (), "pass")
    for pattern, kind in ((_PLACE_RE, PLACE), (_MOVE_RE, MOVE), (_ROW_RE, ROW), (_RING_RE, REMOVE)):
        match = pattern.match(token)
        if match:
            return Written(kind, tuple(_point(name) for name in match.groups()), token)
    raise InvalidNotationError(
        gettext_noop("'{token}' is no YINSH decision (e5, e5-e8, xe5-e9, rf3 or pass)"), token=token[:40]
    )


def split_turn(text: str) -> list[str]:
    """A turn's decision tokens; :class:`InvalidNotationError` for an empty one."""
    tokens = text.split(";")
    if not text or any(not token for token in tokens):
        raise InvalidNotationError(gettext_noop("'{text}' has an empty decision"), text=text[:40])
    return tokens


def looks_like_turn(token: str) -> bool:
    """True when the token reads as a YINSH turn (for telling records of games apart)."""
    try:
        for part in split_turn(token):
            parse_decision(part)
    except InvalidNotationError:
        return False
    return True


def format_decision(decision: Decision) -> str:
    kind = decision.kind
    if kind == PLACE:
        return NAMES[decision.a]
    if kind == MOVE:
        return f"{NAMES[decision.a]}-{NAMES[decision.b]}"
    if kind == ROW:
        window = WINDOWS[decision.a]
        return f"x{NAMES[window[0]]}-{NAMES[window[-1]]}"
    if kind == REMOVE:
        return f"r{NAMES[decision.a]}"
    return "pass"


def format_turn(decisions: list[Decision] | tuple[Decision, ...]) -> str:
    return ";".join(format_decision(decision) for decision in decisions)


__all__ = ["Written", "format_decision", "format_turn", "looks_like_turn", "parse_decision", "split_turn"]
