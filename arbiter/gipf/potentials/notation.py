"""GIPF with potentials: a turn as a record writes it, read into its parts (docs/rules.md's grammar)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter.errors import InvalidNotationError, gettext_noop
from arbiter.gipf.board import ENTRY_BY_DOT, SPOT_INDEX, entry_through
from arbiter.gipf.potentials.position import KINDS

SPOT = r"[a-i][1-9]"
PUSH_RE = re.compile(rf"^([G{KINDS}]?)({SPOT})-({SPOT})$")
USE_RE = re.compile(rf"^([{KINDS}]):({SPOT})-({SPOT})((?:=G)?)$")
REMOVAL_RE = re.compile(rf"^x([G{KINDS}]?{SPOT}(?:,[G{KINDS}]?{SPOT})*)$")


@dataclass(frozen=True)
class Written:
    before: tuple[tuple[str, str], ...]  # (spot, mark) of the removals before the action
    action: tuple[str, str, str] | None  # (piece or kind, from, to); from is a dot for a push; None:
    # a removal list alone (a turn only when it ends the game, P-28)
    use: bool
    after: tuple[tuple[str, str], ...]
    convert: bool = False  # P:e5-f6=G
    extra: tuple[str, str] | None = None  # the TAMSK extra push T:dot-spot
    last: tuple[tuple[str, str], ...] = ()  # the removals after it


def _push_spots(text: str, dot: str, spot: str) -> None:
    if dot not in ENTRY_BY_DOT or spot not in SPOT_INDEX or entry_through(dot, spot) is None:
        raise InvalidNotationError(
            gettext_noop("{spot} is not on a line into the play area from {dot}"),
            move=text,
            spot=spot,
            dot=dot,
        )


def parse_turn(text: str) -> Written:
    """``[xlist;]action[;xlist][;T:dot-spot[;xlist]]``: a push ``[G|K]dot-spot`` or a use
    ``K:from-to[=G]``, then the TAMSK extra push."""
    lists: list[list[tuple[str, str]]] = [[], [], []]  # before the action, after it, after the extra push
    stage = 0
    action: tuple[str, str, str] | None = None
    use = convert = False
    extra: tuple[str, str] | None = None
    for part in text.split(";"):
        removal = REMOVAL_RE.match(part)
        if removal:
            items = [
                (item.lstrip("G" + KINDS), item[0] if item[0] in "G" + KINDS else "")
                for item in removal.group(1).split(",")
            ]
            if any(name not in SPOT_INDEX for name, _ in items):
                raise InvalidNotationError(
                    gettext_noop("'{part}' lists a point that is not a spot of the play area"),
                    move=text,
                    part=part,
                )
            if lists[stage] and stage < 2 and action is not None:
                stage += 1  # a second list after the action: the removals after the TAMSK-potential left
            if lists[stage]:
                raise InvalidNotationError(
                    gettext_noop("'{text}' lists removals twice in one place"), move=text, text=text
                )
            lists[stage].extend(items)
            continue
        push = PUSH_RE.match(part)
        used = USE_RE.match(part)
        if part.startswith("T:"):
            tamsk = re.fullmatch(rf"T:([a-i][1-9])-({SPOT})", part)
            if tamsk is None:
                raise InvalidNotationError(
                    gettext_noop("the TAMSK extra push is written like T:a1-b2, not '{part}'"),
                    move=text,
                    part=part,
                )
            if action is None:
                raise InvalidNotationError(
                    gettext_noop(
                        "a TAMSK-potential makes no move of its own: its extra push follows the push that brought its loaded piece onto e5 ('{part}')"
                    ),
                    move=text,
                    part=part,
                )
            if extra is not None:
                raise InvalidNotationError(
                    gettext_noop("two moves in one turn '{text}'"), move=text, text=text
                )
            _push_spots(text, *tamsk.groups())
            extra = (tamsk.group(1), tamsk.group(2))
            stage = 2
            continue
        if action is not None and (push or used):
            raise InvalidNotationError(gettext_noop("two moves in one turn '{text}'"), move=text, text=text)
        if push:
            piece, dot, spot = push.groups()
            _push_spots(text, dot, spot)
            action = (piece, dot, spot)
            stage = 1
        elif used:
            kind, origin, target, mark = used.groups()
            if origin not in SPOT_INDEX or target not in SPOT_INDEX:
                raise InvalidNotationError(
                    gettext_noop("a potential moves from a spot to a spot of the play area: '{part}'"),
                    move=text,
                    part=part,
                )
            if mark and kind != "P":
                raise InvalidNotationError(
                    gettext_noop("only a PÜNCT-potential converts a GIPF-piece (=G): '{part}'"),
                    move=text,
                    part=part,
                )
            action, use, convert = (kind, origin, target), True, bool(mark)
            stage = 1
        else:
            raise InvalidNotationError(
                gettext_noop(
                    "'{part}' is neither a push like a1-b2 / Ga1-b2 / Za1-b2, a potential's move like Z:e5-e8 nor a removal list like xc3,d4,e5,f5"
                ),
                move=text,
                part=part,
            )
    if action is None and (not lists[0] or len(text.split(";")) > 1):
        raise InvalidNotationError(gettext_noop("'{text}' has no push"), move=text, text=text)
    return Written(tuple(lists[0]), action, use, tuple(lists[1]), convert, extra, tuple(lists[2]))
