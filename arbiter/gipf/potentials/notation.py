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


#: one written removal list: (spot, mark) for each piece taken
Listed = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Written:
    before: tuple[Listed, ...]  # the removal lists before the action, in the order they are made
    action: tuple[str, str, str] | None  # (piece or kind, from, to); from is a dot for a push; None:
    # removal lists alone (a turn only when they end the game, P-28)
    use: bool
    after: tuple[Listed, ...]  # the lists after the action (before the TAMSK extra push, if any)
    convert: bool = False  # P:e5-f6=G
    extra: tuple[str, str] | None = None  # the TAMSK extra push T:dot-spot
    last: tuple[Listed, ...] = ()  # the lists after it


def _push_spots(text: str, dot: str, spot: str) -> None:
    if dot not in ENTRY_BY_DOT or spot not in SPOT_INDEX or entry_through(dot, spot) is None:
        raise InvalidNotationError(
            gettext_noop("{spot} is not on a line into the play area from {dot}"),
            move=text,
            spot=spot,
            dot=dot,
        )


def _removal(text: str, part: str, found: re.Match[str]) -> Listed:
    items = tuple(
        (item.lstrip("G" + KINDS), item[0] if item[0] in "G" + KINDS else "")
        for item in found.group(1).split(",")
    )
    if any(name not in SPOT_INDEX for name, _ in items):
        raise InvalidNotationError(
            gettext_noop("'{part}' lists a point that is not a spot of the play area"), move=text, part=part
        )
    return items


def _extra(text: str, part: str) -> tuple[str, str]:
    tamsk = re.fullmatch(rf"T:([a-i][1-9])-({SPOT})", part)
    if tamsk is None:
        raise InvalidNotationError(
            gettext_noop("the TAMSK extra push is written like T:a1-b2, not '{part}'"), move=text, part=part
        )
    return tamsk.group(1), tamsk.group(2)


def _use(text: str, part: str, found: re.Match[str]) -> tuple[tuple[str, str, str], bool]:
    kind, origin, target, mark = found.groups()
    if origin not in SPOT_INDEX or target not in SPOT_INDEX:
        raise InvalidNotationError(
            gettext_noop("a potential moves from a spot to a spot of the play area: '{part}'"),
            move=text,
            part=part,
        )
    if mark and kind != "P":
        raise InvalidNotationError(
            gettext_noop("only a PÜNCT-potential converts a GIPF-piece (=G): '{part}'"), move=text, part=part
        )
    return (kind, origin, target), bool(mark)


def _not_a_part(text: str, part: str) -> InvalidNotationError:
    return InvalidNotationError(
        gettext_noop(
            "'{part}' is neither a push like a1-b2 / Ga1-b2 / Za1-b2, a potential's move like Z:e5-e8 nor a removal list like xc3,d4,e5,f5"
        ),
        move=text,
        part=part,
    )


class _Reader:
    """The parts of one turn read in order: removal lists at three places (before the action, after
    it, after the TAMSK extra push), the action, the extra push."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lists: tuple[list[Listed], list[Listed], list[Listed]] = ([], [], [])
        self.stage = 0
        self.action: tuple[str, str, str] | None = None
        self.use = self.convert = False
        self.extra: tuple[str, str] | None = None

    def read(self, part: str) -> None:
        removal = REMOVAL_RE.match(part)
        if removal:
            self.lists[self.stage].append(_removal(self.text, part, removal))
        elif part.startswith("T:"):
            self._read_extra(part)
        else:
            self._read_action(part)

    def _read_extra(self, part: str) -> None:
        extra = _extra(self.text, part)
        if self.action is None:
            raise InvalidNotationError(
                gettext_noop(
                    "a TAMSK-potential makes no move of its own: its extra push follows the push that brought its loaded piece onto e5 ('{part}')"
                ),
                move=self.text,
                part=part,
            )
        if self.extra is not None:
            raise InvalidNotationError(
                gettext_noop("two moves in one turn '{text}'"), move=self.text, text=self.text
            )
        _push_spots(self.text, *extra)
        self.extra, self.stage = extra, 2

    def _read_action(self, part: str) -> None:
        push, used = PUSH_RE.match(part), USE_RE.match(part)
        if push is None and used is None:
            raise _not_a_part(self.text, part)
        if self.action is not None:
            raise InvalidNotationError(
                gettext_noop("two moves in one turn '{text}'"), move=self.text, text=self.text
            )
        if push is not None:
            piece, dot, spot = push.groups()
            _push_spots(self.text, dot, spot)
            self.action = (piece, dot, spot)
        elif used is not None:
            self.action, self.convert = _use(self.text, part, used)
            self.use = True
        self.stage = 1

    def written(self) -> Written:
        before, after, last = (tuple(lists) for lists in self.lists)
        if self.action is None and not before:
            raise InvalidNotationError(gettext_noop("'{text}' has no push"), move=self.text, text=self.text)
        return Written(before, self.action, self.use, after, self.convert, self.extra, last)


def parse_turn(text: str) -> Written:
    """``{xlist;}action{;xlist}[;T:dot-spot{;xlist}]``: a push ``[G|K]dot-spot`` or a use
    ``K:from-to[=G]``, then the TAMSK extra push; removal lists alone end the game (P-28). Each list
    is one player's removal, in the order they are made (P-22, P-29)."""
    reader = _Reader(text)
    for part in text.split(";"):
        reader.read(part)
    return reader.written()
