"""A ZÈRTZ position and its text.

The text is one line of five or six fields: the game key, the board, the player to move (``w`` or
``b``), the pool and the players' captures, then the positions seen before that a repetition counts::

    zertz-standard ..../...../....../......./....../...../.... w pool=6/8/10 captures=0/0/0,0/0/0

The board lists the columns a to g (tournament: a to h), ``/`` between them, each from its bottom
ring up: ``.`` a vacant ring, ``W``, ``G``, ``B`` a white, grey or black marble on its ring, ``-`` a
ring no longer on the board (removed or claimed). The pool and each player's captures (White's,
then Black's) are counts of white, grey and black marbles. ``seen=`` (left out while empty) lists
the positions that occurred since the last turn that removed a ring, counted only while the pool is
empty (ZT-13: only then can a position recur), each by a digest of its text (:meth:`Position.key`);
the third occurrence of a position is a draw, so the text carries what the repetition needs.

Rules at home here: what a position may hold (:func:`parse_position`: every marble of the variant
on the board, in the pool or among the captures; no group of rings without a vacant ring, since a
full group is claimed at once; at most one player holding a goal).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import cached_property

from arbiter.errors import InvalidPositionError, gettext_noop
from arbiter.zertz.board import GEOMETRIES, Geometry, bits, reached
from arbiter.zertz.spec import COLOURS, GAMES, RULES, Rules

Triple = tuple[int, int, int]
VACANT, GONE = ".", "-"
DIGEST_LENGTH = 12  # hexadecimal digits of a seen position's digest
PLACES = 100  # the bits a board uses (board.py: STRIDE * STRIDE)
_CHARS = str.maketrans({"0": GONE, "1": VACANT, "3": "W", "4": "G", "5": "B"})


@dataclass(frozen=True)
class Position:
    game: str
    rings: int  # the mask of the rings on the board
    marbles: tuple[int, int, int]  # the masks of the white, grey and black marbles
    pool: Triple
    captures: tuple[Triple, Triple]  # White's, Black's
    to_move: int
    seen: tuple[str, ...] = ()  # digests of the earlier positions a repetition counts (ZT-13)

    @property
    def rules(self) -> Rules:
        return RULES[self.game]

    @property
    def geometry(self) -> Geometry:
        return GEOMETRIES[RULES[self.game].rings]

    @property
    def occupied(self) -> int:
        white, grey, black = self.marbles
        return white | grey | black

    @property
    def vacant(self) -> int:
        return self.rings & ~self.occupied

    def colour_at(self, bit: int) -> int | None:
        """0 white, 1 grey, 2 black: the marble on the ring ``bit``; None for none."""
        for colour, mask in enumerate(self.marbles):
            if mask >> bit & 1:
                return colour
        return None

    def board_text(self) -> str:
        """The board field: each column's rings from its bottom, ``/`` between columns.

        Written without a loop over the rings: each mask's binary digits read as a decimal number put
        bit i at decimal digit i, so ring + 2 white + 3 grey + 4 black gives each place's digit (0 no
        ring, 1 vacant, 3, 4, 5 a marble), and a column's bits are consecutive (board.py)."""
        white, grey, black = self.marbles
        total = int(f"{self.rings:b}") + 2 * int(f"{white:b}") + 3 * int(f"{grey:b}") + 4 * int(f"{black:b}")
        places = str(total).zfill(PLACES)[::-1].translate(_CHARS)
        return "/".join(places[low:high] for low, high in self.geometry.spans)

    @cached_property
    def _text(self) -> str:
        captures = ",".join(_triple(side) for side in self.captures)
        text = f"{self.game} {self.board_text()} {'wb'[self.to_move]} pool={_triple(self.pool)} captures={captures}"
        return text + (f" seen={','.join(self.seen)}" if self.seen else "")

    def text(self) -> str:
        return self._text

    def key(self) -> str:
        """The digest a repetition counts this position by: of its text without its history."""
        text = replace(self, seen=()).text()
        return hashlib.blake2b(text.encode(), digest_size=DIGEST_LENGTH // 2).hexdigest()


def _triple(values: Triple) -> str:
    return "/".join(str(value) for value in values)


def start_position(game: str) -> Position:
    rules = RULES[game]
    return Position(game, GEOMETRIES[rules.rings].all, (0, 0, 0), rules.pool, ((0, 0, 0), (0, 0, 0)), 0)


def _read_board(text: str, geometry: Geometry) -> tuple[int, tuple[int, int, int]]:
    columns = text.split("/")
    if len(columns) != len(geometry.columns):
        raise InvalidPositionError(
            gettext_noop("the board must list {count} columns separated by /"), count=len(geometry.columns)
        )
    rings = 0
    marbles = [0, 0, 0]
    for letter, column, places in zip("abcdefgh", columns, geometry.columns, strict=False):
        if len(column) != len(places):
            raise InvalidPositionError(
                gettext_noop("column {letter} of the board has {count} rings, not {size}"),
                letter=letter,
                count=len(column),
                size=len(places),
            )
        for char, bit in zip(column, places, strict=True):
            if char == GONE:
                continue
            if char != VACANT and char not in COLOURS:
                raise InvalidPositionError(
                    gettext_noop("'{char}' on the board is neither a ring (. or -) nor a marble (W, G, B)"),
                    char=char,
                )
            rings |= 1 << bit
            if char in COLOURS:
                marbles[COLOURS.index(char)] |= 1 << bit
    return rings, (marbles[0], marbles[1], marbles[2])


def _read_triple(text: str, what: str) -> Triple:
    parts = text.split("/")
    if len(parts) != 3 or not all(part.isascii() and part.isdigit() and len(part) <= 2 for part in parts):
        raise InvalidPositionError(
            gettext_noop("the {what} must be written as three numbers, white/grey/black, not '{text}'"),
            what=what,
            text=text[:30],
        )
    return int(parts[0]), int(parts[1]), int(parts[2])


def _named(fields: list[str]) -> dict[str, str]:
    values: dict[str, str] = {}
    for field in fields:
        name, equals, value = field.partition("=")
        if not equals or name not in ("pool", "captures", "seen") or name in values:
            raise InvalidPositionError(
                gettext_noop("'{field}' is none of pool=, captures= and seen= (each once)"), field=field[:30]
            )
        values[name] = value
    return values


def _read_seen(text: str) -> tuple[str, ...]:
    seen = tuple(text.split(",")) if text else ()
    for digest in seen:
        if len(digest) != DIGEST_LENGTH or any(char not in "0123456789abcdef" for char in digest):
            raise InvalidPositionError(
                gettext_noop("the seen positions are digests of {length} hexadecimal digits, not '{digest}'"),
                length=DIGEST_LENGTH,
                digest=digest[:20],
            )
    return seen


def parse_position(text: str) -> Position:
    """Read a position text; :class:`InvalidPositionError` naming what is wrong."""
    fields = text.split()
    if len(fields) not in (5, 6) or fields[0] not in GAMES:
        raise InvalidPositionError(
            gettext_noop(
                "a ZÈRTZ position is '<game> <board> <w|b> pool=<w/g/b> captures=<w/g/b>,<w/g/b>' (and seen=)"
            )
        )
    game, board_text, side = fields[:3]
    rules = RULES[game]
    geometry = GEOMETRIES[rules.rings]
    rings, marbles = _read_board(board_text, geometry)
    if side not in ("w", "b"):
        raise InvalidPositionError(
            gettext_noop("the player to move must be w or b, not '{side}'"), side=side[:10]
        )
    values = _named(fields[3:])
    if "pool" not in values or "captures" not in values:
        raise InvalidPositionError(gettext_noop("a ZÈRTZ position gives the pool and the captures"))
    pool = _read_triple(values["pool"], "pool")
    white, comma, black = values["captures"].partition(",")
    if not comma:
        raise InvalidPositionError(gettext_noop("the captures are White's and Black's, separated by a comma"))
    captures = (_read_triple(white, "captures"), _read_triple(black, "captures"))
    position = Position(
        game, rings, marbles, pool, captures, "wb".index(side), _read_seen(values.get("seen", ""))
    )
    _check(position)
    return position


def _check(position: Position) -> None:
    rules = position.rules
    for colour in range(3):
        count = (
            len(bits(position.marbles[colour]))
            + position.pool[colour]
            + position.captures[0][colour]
            + position.captures[1][colour]
        )
        if count != rules.pool[colour]:
            raise InvalidPositionError(
                gettext_noop(
                    "the {colour} marbles on the board, in the pool and captured are {count}, not the {total} of the game"
                ),
                colour=COLOURS[colour],
                count=count,
                total=rules.pool[colour],
            )
    if reached(position.vacant, position.rings) != position.rings:
        raise InvalidPositionError(
            gettext_noop(
                "a group of rings without a vacant ring is claimed at once: it cannot stay on the board"
            )
        )
    if all(holds_goal(rules, side) for side in position.captures):
        raise InvalidPositionError(gettext_noop("only one player can hold a goal"))


def holds_goal(rules: Rules, captured: Triple) -> bool:
    """Whether ``captured`` holds one of the variant's goals (ZT-1). (Tested after every jump: a
    plain loop, no generator.)"""
    white, grey, black = captured
    for need_white, need_grey, need_black in rules.goals:
        if white >= need_white and grey >= need_grey and black >= need_black:
            return True
    return False


def from_goal(rules: Rules, captured: Triple) -> int:
    """How many marbles ``captured`` lacks for its nearest goal (0: it holds one)."""
    return min(
        sum(max(0, need - have) for have, need in zip(captured, goal, strict=True)) for goal in rules.goals
    )


__all__ = ["Position", "Triple", "from_goal", "holds_goal", "parse_position", "start_position"]
