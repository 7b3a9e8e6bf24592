"""Hand-made YINSH positions for the tests, written as position texts from lists of points.

The columns and their points are the specification's (A2-A5, B1-B7 ... K7-K10), written out
here rather than taken from the engine, so that the position reader is tested too.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter.yinsh.notation import parse_decision
from arbiter.yinsh.play import check
from arbiter.yinsh.position import Position, start_position
from arbiter.yinsh.rules import apply

#: the specification's columns: letter, lowest and highest number
SPANS = {
    "a": (2, 5), "b": (1, 7), "c": (1, 8), "d": (1, 9), "e": (1, 10), "f": (2, 10),
    "g": (2, 11), "h": (3, 11), "i": (4, 11), "j": (5, 11), "k": (7, 10),
}  # fmt: skip
ALL_POINTS = [f"{letter}{n}" for letter, (lo, hi) in SPANS.items() for n in range(lo, hi + 1)]


def position(
    *,
    W: Iterable[str] = (),
    B: Iterable[str] = (),
    w: Iterable[str] = (),
    b: Iterable[str] = (),
    to_move: str = "w",
    stage: str = "turn",
    removed: str = "0-0",
    game: str = "yinsh",
) -> str:
    """A position text: White rings ``W``, Black rings ``B``, white and black markers ``w``, ``b``."""
    pieces: dict[str, str] = {}
    for char, names in (("W", W), ("B", B), ("w", w), ("b", b)):
        for name in names:
            assert name in ALL_POINTS and name not in pieces, name
            pieces[name] = char
    columns = []
    for letter, (lo, hi) in SPANS.items():
        text, run = "", 0
        for n in range(lo, hi + 1):
            char = pieces.get(f"{letter}{n}")
            if char is None:
                run += 1
                continue
            text += (str(run) if run else "") + char
            run = 0
        columns.append(text + (str(run) if run else ""))
    return f"{game} {'/'.join(columns)} {to_move} {stage} {removed}"


def pattern_colour(name: str) -> str:
    """A colour for every point such that no line holds more than two of one colour in a row:
    white where (letter index + 2 * number) mod 4 is 0 or 1. Along a column the value moves by 2
    (colours alternate), along a number by 1 (two and two), along the diagonal by 3 (two and two)."""
    letter, number = "abcdefghijk".index(name[0]), int(name[1:])
    return "w" if (letter + 2 * number) % 4 < 2 else "b"


def filled(
    empty: Iterable[str], rings_w: list[str], rings_b: list[str], **colours: str
) -> dict[str, list[str]]:
    """Markers of :func:`pattern_colour` on every point but ``empty`` and the rings; ``colours``
    overrides a point's colour (``e1="w"``)."""
    skip = set(empty) | set(rings_w) | set(rings_b)
    out: dict[str, list[str]] = {"W": rings_w, "B": rings_b, "w": [], "b": []}
    for name in ALL_POINTS:
        if name not in skip:
            out[colours.get(name, pattern_colour(name))].append(name)
    return out


def played(decisions: str, game: str = "yinsh") -> Position:
    """The position after the decisions (one a step, as the specification's perft positions)."""
    pos = start_position(game)
    for token in decisions.split():
        pos = apply(pos, check(pos, parse_decision(token)))
    return pos
