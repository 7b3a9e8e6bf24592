"""The ZÈRTZ notation (ZT-14): one token a turn, the official notation without its spaces.

* ``Wd4,d1``: a white marble put on d4, then the ring d1 removed; ``Wd4`` when no ring can be;
* ``xd1Gd3Wd5``: the marble on d1 jumps the grey marble between d1 and d3 to d3, then the white one
  between d3 and d5 to d5: ``x``, the jumping marble's ring, then each jump's colour jumped and ring
  landed on.

Colours are written in capitals (W, G, B) and rings in lower case; both are read in either case (a
token's shape tells a colour from a column: a colour is always followed by a ring). Claims are not
written. Rules at home here: what a token may say (:func:`read_token`: its rings those of the
variant's board); whether it is legal is :mod:`arbiter.zertz.play`'s to say.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from arbiter.errors import InvalidNotationError, gettext_noop
from arbiter.zertz.board import Geometry
from arbiter.zertz.rules import NONE, Capture, Move, Placement
from arbiter.zertz.spec import COLOURS

_RING = r"[a-hA-H][1-9]"
_PLACE_RE = re.compile(rf"^([WGBwgb])({_RING})(?:,({_RING}))?$")
_CAPTURE_RE = re.compile(rf"^[xX]({_RING})((?:[WGBwgb]{_RING})+)$")
_JUMP_RE = re.compile(rf"([WGBwgb])({_RING})")


class WrittenPlacement(NamedTuple):
    colour: int
    ring: int
    removed: int  # NONE when the token writes no removal


class WrittenCapture(NamedTuple):
    start: int
    jumps: tuple[tuple[int, int], ...]  # (colour jumped, ring landed on)


Written = WrittenPlacement | WrittenCapture


def _ring(name: str, geometry: Geometry) -> int:
    bit = geometry.bit_by_name.get(name.lower())
    if bit is None:
        raise InvalidNotationError(
            gettext_noop("{ring} is no ring of the {count}-ring board"),
            ring=name.lower(),
            count=geometry.board.rings,
        )
    return bit


def read_token(token: str, geometry: Geometry) -> Written:
    """One turn's token; :class:`InvalidNotationError` when it is neither form or names a ring the
    board does not have."""
    placed = _PLACE_RE.match(token)
    if placed is not None:
        colour, ring, removed = placed.groups()
        return WrittenPlacement(
            COLOURS.index(colour.upper()),
            _ring(ring, geometry),
            NONE if removed is None else _ring(removed, geometry),
        )
    captured = _CAPTURE_RE.match(token)
    if captured is not None:
        start, jumps = captured.groups()
        return WrittenCapture(
            _ring(start, geometry),
            tuple((COLOURS.index(c.upper()), _ring(ring, geometry)) for c, ring in _JUMP_RE.findall(jumps)),
        )
    raise InvalidNotationError(
        gettext_noop("'{token}' is no ZÈRTZ turn (a placement like Wd4,d1 or Wd4, a capture like xd1Gd3)"),
        token=token[:40],
    )


def write_placement(move: Placement, geometry: Geometry) -> str:
    text = COLOURS[move.colour] + geometry.name_by_bit[move.ring]
    return text if move.removed == NONE else f"{text},{geometry.name_by_bit[move.removed]}"


def write_capture(move: Capture, jumped: tuple[int, ...], geometry: Geometry) -> str:
    """A capture: ``jumped`` are the colours of the marbles it jumps, in turn."""
    names = geometry.name_by_bit
    return (
        "x"
        + names[move.start]
        + "".join(COLOURS[c] + names[land] for c, land in zip(jumped, move.landings, strict=True))
    )


def ring_names(move: Move, geometry: Geometry) -> tuple[str, ...]:
    """The rings a player picks on the board to make ``move``, in order: a placement's ring, then
    the ring removed; a capture's marble, then each ring it lands on."""
    names = geometry.name_by_bit
    if isinstance(move, Placement):
        return tuple(names[ring] for ring in (move.ring, move.removed) if ring != NONE)
    return (names[move.start], *(names[land] for land in move.landings))
