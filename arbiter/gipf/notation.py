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

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidNotationError
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
        raise InvalidNotationError(f"'{part}' is not a removal list like xc3,d4,e5,f5", move=text)
    items = []
    for item in match.group(1).split(","):
        marked = item.startswith("G")
        name = item[1:] if marked else item
        if name not in SPOT_INDEX:
            raise InvalidNotationError(
                f"'{name}' in a removal list is not a spot of the play area", move=text
            )
        items.append((name, marked))
    return tuple(items)


def parse_turn(text: str, allow_no_push: bool = False) -> WrittenTurn:
    """Parse one turn; with ``allow_no_push`` a bare removal list (a record's last word) is accepted."""
    parts = text.split(";")
    before: list[tuple[tuple[str, bool], ...]] = []
    after: list[tuple[tuple[str, bool], ...]] = []
    push: WrittenPush | None = None
    for part in parts:
        if not part:
            raise InvalidNotationError(f"empty part in '{text}'", move=text)
        if part.startswith("x"):
            (after if push is not None else before).append(_parse_removal(part, text))
            continue
        match = PUSH_RE.match(part)
        if not match:
            raise InvalidNotationError(
                f"'{part}' is neither a push like a1-b2 / Ga1-b2 nor a removal list like xc3,d4,e5,f5",
                move=text,
            )
        if push is not None:
            raise InvalidNotationError(f"two pushes in one turn '{text}'", move=text)
        gipf, dot, spot = bool(match.group(1)), match.group(2), match.group(3)
        if dot not in ENTRY_BY_DOT:
            raise InvalidNotationError(
                f"a push starts on a dot of the outer ring; {dot} is not one", move=text
            )
        if spot not in SPOT_INDEX:
            raise InvalidNotationError(
                f"a push ends on a spot of the play area; {spot} is not one", move=text
            )
        if entry_through(dot, spot) is None:
            raise InvalidNotationError(f"{spot} is not on a line into the play area from {dot}", move=text)
        push = WrittenPush(gipf, dot, spot)
    if push is None and not allow_no_push:
        raise InvalidNotationError(f"'{text}' has no push", move=text)
    return WrittenTurn(tuple(before), push, tuple(after))


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
        raise InvalidNotationError(f"a JSON turn needs the key {exc}") from None
    if not isinstance(gipf, bool) or not isinstance(dot, str) or not isinstance(spot, str):
        raise InvalidNotationError("a JSON turn needs gipf: bool, from: dot, to: spot")
    lists: dict[str, list[str]] = {}
    for side, value in groups.items():
        if not isinstance(value, list) or not all(
            isinstance(group, list) and group and all(isinstance(s, str) for s in group) for group in value
        ):
            raise InvalidNotationError(f"'{side}' must be a list of non-empty lists of spots")
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
    what: str,
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
            f"the record does not say how to remove {what}", options=_options_text(options)
        )
    spots: set[int] = set()
    for group in groups:
        for name, marked in group:
            spot = SPOT_INDEX[name]
            if spot in spots:
                raise IllegalMoveError(f"{name} is listed twice in the removal of {what}")
            if marked and board[spot] < WHITE_GIPF:
                raise IllegalMoveError(f"{name} is marked G but holds no GIPF-piece")
            spots.add(spot)
    wanted = frozenset(spots)
    for option in options:
        if option.removed == wanted:
            return option
    written = "x" + ",".join(SPOT_NAMES[s] for s in sorted(wanted))
    if len(options) == 1 and not options[0].removed:
        raise IllegalMoveError(f"{written} removes pieces but there is no row to remove ({what})")
    raise IllegalMoveError(
        f"{written} is not a legal removal of {what}; legal: {' | '.join(_options_text(options))}"
    )


def find_push(pos: Position, push: WrittenPush) -> tuple[int, int]:
    """(entry index, chain end) of a written push in the position (its side to move has removed)."""
    entry = entry_through(push.dot, push.spot)
    assert entry is not None  # checked by parse_turn
    end = chain_end(pos.board, entry)
    if end is None:
        raise IllegalMoveError(
            f"the line from {push.dot} is full up to {entry.far_dot}: no piece may be pushed off the board"
        )
    target = SPOT_INDEX[push.spot]
    if target != entry.line[0] and target != entry.line[end]:
        raise IllegalMoveError(
            f"{push.text()}: the push from {push.dot} would end on {SPOT_NAMES[entry.line[end]]}, "
            f"not on {push.spot}"
        )
    return entry.index, end
