"""The gipf.com move notation, its JSON form, and matching written turns against the rules.

A turn is written ``[removals;]push[;removals]``:

* a push ``[G]dot-spot`` (``G`` for a GIPF-piece); the spot is the one next to the dot or the spot
  where the farthest pushed piece ends (the official form, which :func:`format_turn` writes);
* a removal list ``x`` + comma-separated spots, each optionally marked ``G`` for a GIPF-piece,
  holding every piece taken off the board. Lists before the push remove the mover's rows already
  on the board when his turn starts; lists after it remove the rows his push made in his colour.
  Several lists on the same side of the push are joined.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidNotationError, Message, gettext_noop
from arbiter.gipf.board import ENTRY_BY_DOT, SPOT_INDEX, SPOT_NAMES, WHITE_GIPF, chain_end, entry_through
from arbiter.gipf.position import Position
from arbiter.gipf.rules import Removal, Turn

SPOT_RE = r"[a-i][1-9]"
PUSH_RE = re.compile(rf"^(G?)({SPOT_RE})-({SPOT_RE})$")
REMOVAL_RE = re.compile(rf"^x(G?{SPOT_RE}(?:,G?{SPOT_RE})*)$")


@dataclass(frozen=True)
class WrittenPush:
    gipf: bool
    dot: str
    spot: str

    def text(self) -> str:
        return f"{'G' if self.gipf else ''}{self.dot}-{self.spot}"


@dataclass(frozen=True)
class WrittenTurn:
    """A turn as written: removal lists (spot, marked G) before and after an optional push."""

    before: tuple[tuple[tuple[str, bool], ...], ...]
    push: WrittenPush | None
    after: tuple[tuple[tuple[str, bool], ...], ...]


def _parse_removal(part: str, text: str) -> tuple[tuple[str, bool], ...]:
    match = REMOVAL_RE.match(part)
    if not match:
        raise InvalidNotationError(
            gettext_noop("'{part}' is not a removal list like xc3,d4,e5,f5"), move=text, part=part
        )
    items = []
    for item in match.group(1).split(","):
        marked = item.startswith("G")
        name = item[1:] if marked else item
        if name not in SPOT_INDEX:
            raise InvalidNotationError(
                gettext_noop("'{name}' in a removal list is not a spot of the play area"),
                move=text,
                name=name,
            )
        items.append((name, marked))
    return tuple(items)


def parse_turn(text: str, allow_no_push: bool = False) -> WrittenTurn:
    """Parse one turn; with ``allow_no_push`` a bare removal list (a record's last word) is accepted.
    A short turn read before is not read again (the pushes and removals of every game recur; the
    cache is bounded in entries and, by the length, in memory)."""
    if len(text) <= _CACHED_LENGTH:
        return _read_turn_cached(text, allow_no_push)
    return _read_turn(text, allow_no_push)


_CACHED_LENGTH = 64


def _read_turn(text: str, allow_no_push: bool) -> WrittenTurn:
    parts = text.split(";")
    before: list[tuple[tuple[str, bool], ...]] = []
    after: list[tuple[tuple[str, bool], ...]] = []
    push: WrittenPush | None = None
    for part in parts:
        if not part:
            raise InvalidNotationError(gettext_noop("empty part in '{text}'"), move=text, text=text)
        if part.startswith("x"):
            (after if push is not None else before).append(_parse_removal(part, text))
            continue
        match = PUSH_RE.match(part)
        if not match:
            raise InvalidNotationError(
                gettext_noop(
                    "'{part}' is neither a push like a1-b2 / Ga1-b2 nor a removal list like xc3,d4,e5,f5"
                ),
                move=text,
                part=part,
            )
        if push is not None:
            raise InvalidNotationError(gettext_noop("two pushes in one turn '{text}'"), move=text, text=text)
        gipf, dot, spot = bool(match.group(1)), match.group(2), match.group(3)
        if dot not in ENTRY_BY_DOT:
            raise InvalidNotationError(
                gettext_noop("a push starts on a dot of the outer ring; {dot} is not one"), move=text, dot=dot
            )
        if spot not in SPOT_INDEX:
            raise InvalidNotationError(
                gettext_noop("a push ends on a spot of the play area; {spot} is not one"),
                move=text,
                spot=spot,
            )
        if entry_through(dot, spot) is None:
            raise InvalidNotationError(
                gettext_noop("{spot} is not on a line into the play area from {dot}"),
                move=text,
                spot=spot,
                dot=dot,
            )
        push = WrittenPush(gipf, dot, spot)
    if push is None and not allow_no_push:
        raise InvalidNotationError(gettext_noop("'{text}' has no push"), move=text, text=text)
    return WrittenTurn(tuple(before), push, tuple(after))


_read_turn_cached = lru_cache(maxsize=8192)(_read_turn)


def looks_like_turn(text: str) -> bool:
    try:
        return parse_turn(text, allow_no_push=True).push is not None or text.startswith("x")
    except InvalidNotationError:
        return False


# ---------------------------------------------------------------- writing


def removal_text(removal: Removal) -> str:
    return "x" + ",".join(SPOT_NAMES[spot] for spot in sorted(removal.removed))


def push_text(turn: Turn, adjacent: bool = False) -> str:
    spot = turn.entry.line[0 if adjacent else turn.end]
    return f"{'G' if turn.gipf else ''}{turn.entry.dot}-{SPOT_NAMES[spot]}"


def format_turn(turn: Turn, adjacent: bool = False) -> str:
    """The turn in notation: the official end-of-chain push unless ``adjacent``; every removal listed."""
    parts = []
    if turn.pre.removed:
        parts.append(removal_text(turn.pre))
    parts.append(push_text(turn, adjacent))
    if turn.post.removed:
        parts.append(removal_text(turn.post))
    return ";".join(parts)


# ---------------------------------------------------------------- JSON form


def turn_to_json(text: str) -> dict[str, object]:
    """``{"gipf": bool, "from": dot, "to": spot, "before": [[spots]], "after": [[spots]]}``."""
    written = parse_turn(text)
    assert written.push is not None
    return {
        "gipf": written.push.gipf,
        "from": written.push.dot,
        "to": written.push.spot,
        "before": [[("G" if marked else "") + name for name, marked in group] for group in written.before],
        "after": [[("G" if marked else "") + name for name, marked in group] for group in written.after],
    }


def turn_from_json(data: dict[str, object]) -> str:
    """The notation of a turn given in the JSON form (validated by parsing it back)."""
    try:
        gipf = data.get("gipf", False)
        dot = data["from"]
        spot = data["to"]
        groups = {side: data.get(side, []) for side in ("before", "after")}
    except KeyError as exc:
        raise InvalidNotationError(gettext_noop("a JSON turn needs the key {key}"), key=str(exc)) from None
    if not isinstance(gipf, bool) or not isinstance(dot, str) or not isinstance(spot, str):
        raise InvalidNotationError(gettext_noop("a JSON turn needs gipf: bool, from: dot, to: spot"))
    lists: dict[str, list[str]] = {}
    for side, value in groups.items():
        if not isinstance(value, list) or not all(
            isinstance(group, list) and group and all(isinstance(s, str) for s in group) for group in value
        ):
            raise InvalidNotationError(
                gettext_noop("'{side}' must be a list of non-empty lists of spots"), side=side
            )
        lists[side] = ["x" + ",".join(group) for group in value]
    text = ";".join([*lists["before"], f"{'G' if gipf else ''}{dot}-{spot}", *lists["after"]])
    parse_turn(text)
    return text


# ---------------------------------------------------------------- matching against the rules


def _options_text(options: list[Removal]) -> list[str]:
    return [removal_text(option) if option.removed else "no removal" for option in options]


def choose_removal(
    options: list[Removal],
    groups: tuple[tuple[tuple[str, bool], ...], ...],
    board: tuple[int, ...],
    what: Message,
) -> Removal:
    """The option a written removal list names. No list: nothing removed when that is allowed,
    else the only option, else an ambiguity."""
    if not groups:
        for option in options:
            if not option.removed:
                return option
        if len(options) == 1:
            return options[0]
        raise AmbiguousMoveError(
            gettext_noop("the record does not say how to remove {what}"),
            options=_options_text(options),
            what=what,
        )
    spots: set[int] = set()
    for group in groups:
        for name, marked in group:
            spot = SPOT_INDEX[name]
            if spot in spots:
                raise IllegalMoveError(
                    gettext_noop("{name} is listed twice in the removal of {what}"), name=name, what=what
                )
            if marked and board[spot] < WHITE_GIPF:
                raise IllegalMoveError(gettext_noop("{name} is marked G but holds no GIPF-piece"), name=name)
            spots.add(spot)
    wanted = frozenset(spots)
    for option in options:
        if option.removed == wanted:
            return option
    written = "x" + ",".join(SPOT_NAMES[s] for s in sorted(wanted))
    if len(options) == 1 and not options[0].removed:
        raise IllegalMoveError(
            gettext_noop("{written} removes pieces but there is no row to remove ({what})"),
            written=written,
            what=what,
        )
    raise IllegalMoveError(
        gettext_noop("{written} is not a legal removal of {what}; legal: {legal}"),
        written=written,
        what=what,
        legal=" | ".join(_options_text(options)),
    )


def find_push(pos: Position, push: WrittenPush) -> tuple[int, int]:
    """(entry index, chain end) of a written push in the position (its side to move has removed)."""
    entry = entry_through(push.dot, push.spot)
    assert entry is not None  # checked by parse_turn
    end = chain_end(pos.board, entry)
    if end is None:
        raise IllegalMoveError(
            gettext_noop("the line from {dot} is full up to {far_dot}: no piece may be pushed off the board"),
            dot=push.dot,
            far_dot=entry.far_dot,
        )
    target = SPOT_INDEX[push.spot]
    if target != entry.line[0] and target != entry.line[end]:
        raise IllegalMoveError(
            gettext_noop("{push}: the push from {dot} would end on {end}, not on {spot}"),
            push=push.text(),
            dot=push.dot,
            end=SPOT_NAMES[entry.line[end]],
            spot=push.spot,
        )
    return entry.index, end
