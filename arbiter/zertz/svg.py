"""The ZÈRTZ board drawn as SVG: the rings left, the marbles, the pool, the captures, the last turn.

Rules at home here: how a position is shown. Column a is on the left, each column's numbers grow
upwards (turned half round when flipped); the frame is the whole board's, so the board visibly
shrinks as rings leave it. Every ring on the board is a circle named by ``data-point`` (the page
picks turns by it; ``class="ring free"`` when it is free), its name written small inside; a ring no
longer on the board is not drawn. A marble is a disc of its colour with its letter on it
(``class="marble white"``, ``data-marble="W"``): white, grey and black are told apart by the letter
as well as by the colour. Below the board, the pool and each player's captures, marble by colour
with its count, and how many marbles each player still lacks for his nearest goal
(``data-from-goal``). The last turn: a placement's ring is ringed, the ring it removed and the
rings it claimed are dashed outlines where they stood (claimed marbles crossed); a capture's path
runs from the marble's ring through each landing, the marbles jumped crossed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.errors import ArbiterError
from arbiter.svg import check_size, cross, document, element, group, label, mark, num, player_label
from arbiter.zertz.board import Geometry, bits
from arbiter.zertz.notation import WrittenPlacement, read_token
from arbiter.zertz.position import Position, Triple, from_goal
from arbiter.zertz.rules import ending, free_rings
from arbiter.zertz.spec import COLOURS, LABELS, STYLE

UNIT = 44.0  # distance between neighbouring rings
RING_R = 17.0
MARBLE_R = 13.0
MARGIN = 30.0
ROW = 26.0  # the height of one line below the board
TRAY_STEP = 44.0  # from one marble of a line below the board to the next
PANEL_HALF_WIDTH = 215.0  # the lines below the board are at least this wide on each side
SIN60 = math.sqrt(3) / 2
COLOUR_CLASSES = ("white", "grey", "black")
COLOUR_LABELS = ("ZERTZ white", "ZERTZ grey", "ZERTZ black")


class _Frame:
    """Where the rings of a board stand: the whole board's bounds, centred on the origin."""

    def __init__(self, geometry: Geometry, flip: bool) -> None:
        heights = [y - x / 2 for x, y in geometry.pairs]
        columns = [x for x, _y in geometry.pairs]
        self.centre = ((min(columns) + max(columns)) / 2, (min(heights) + max(heights)) / 2)
        self.half_w = (max(columns) - min(columns)) / 2 * SIN60 * UNIT + RING_R + MARGIN
        self.half_h = (max(heights) - min(heights)) / 2 * UNIT + RING_R + MARGIN
        self.flip = flip
        self.geometry = geometry

    def xy(self, x: float, y: float) -> tuple[float, float]:
        px = (x - self.centre[0]) * SIN60 * UNIT
        py = -((y - x / 2) - self.centre[1]) * UNIT
        return (-px, -py) if self.flip else (px, py)

    def at(self, bit: int) -> tuple[float, float]:
        return self.xy(*self.geometry.pair_by_bit[bit])


def _rings(position: Position, frame: _Frame) -> list[str]:
    out = []
    free = free_rings(position.rings, position.vacant)
    names = position.geometry.name_by_bit
    for bit in bits(position.rings):
        x, y = frame.at(bit)
        css = "ring free" if free >> bit & 1 else "ring"
        out.append(
            element(
                "circle", [("class", css), ("data-point", names[bit]), ("cx", x), ("cy", y), ("r", RING_R)]
            )
        )
        out.append(element("text", [("class", "ring-name"), ("x", x), ("y", y)], names[bit]))
    return out


def _columns(position: Position, frame: _Frame) -> list[str]:
    out = []
    for x, column in enumerate(position.geometry.columns):
        bottom = position.geometry.pair_by_bit[column[0]]
        cx, cy = frame.xy(bottom[0], bottom[1] - 0.75)
        out.append(element("text", [("class", "coord"), ("x", cx), ("y", cy)], "abcdefgh"[x]))
    return out


def _marble(colour: int, x: float, y: float, r: float, attrs: list[tuple[str, str | int | float]]) -> str:
    return group(
        [("class", f"marble {COLOUR_CLASSES[colour]}"), ("data-marble", COLOURS[colour]), *attrs],
        [
            element(
                "circle", [("class", f"marble {COLOUR_CLASSES[colour]}"), ("cx", x), ("cy", y), ("r", r)]
            ),
            element("text", [("class", "marble-letter"), ("x", x), ("y", y)], COLOURS[colour]),
        ],
    )


def _marbles(position: Position, frame: _Frame) -> list[str]:
    out = []
    names = position.geometry.name_by_bit
    for colour, mask in enumerate(position.marbles):
        for bit in bits(mask):
            x, y = frame.at(bit)
            out.append(_marble(colour, x, y, MARBLE_R, [("data-ring", names[bit])]))
    return out


def _gone(frame: _Frame, name: str) -> str:
    x, y = frame.at(frame.geometry.bit_by_name[name])
    return mark("ring-gone", "data-gone", name, x, y, RING_R)


def _last(last: PlyTrace, position: Position, frame: _Frame) -> list[str]:
    """The last turn: a placement's ring and the rings it took away; a capture's path and jumps."""
    by_name = frame.geometry.bit_by_name
    points = [name for name in last.path if name in by_name]
    out: list[str] = []
    placement = _is_placement(last, position)
    if placement:
        if points:
            x, y = frame.at(by_name[points[0]])
            out.append(mark("last-mark", "data-mark", points[0], x, y, RING_R + 5))
        gone = points[1:2] + [name for name in last.removed if name in by_name]
        out.extend(_gone(frame, name) for name in gone)
        out.extend(cross(*frame.at(by_name[name]), 8.0) for name in last.removed if name in by_name)
        return out
    if len(points) > 1:
        coordinates = [frame.at(by_name[name]) for name in points]
        d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in coordinates)
        out.append(element("path", [("class", "last-move"), ("d", d)]))
        x, y = coordinates[-1]
        out.append(mark("last-mark", "data-mark", points[-1], x, y, RING_R + 5))
    out.extend(cross(*frame.at(by_name[name]), 8.0) for name in last.removed if name in by_name)
    return out


def _is_placement(last: PlyTrace, position: Position) -> bool:
    try:
        return isinstance(read_token(last.move, position.geometry), WrittenPlacement)
    except ArbiterError:
        return False


def _tray(
    kind: str,
    words: str,
    counts: Triple,
    left: float,
    right: float,
    top: float,
    attrs: list[tuple[str, str | int | float]],
) -> str:
    """One line below the board: its words on the left, a marble of each colour with its count on the right."""
    children = [element("text", [("class", "info"), ("x", left), ("y", top)], words)]
    x = right - 3 * TRAY_STEP + 10
    for colour, count in enumerate(counts):
        children.append(_marble(colour, x, top - 4, 9.0, []))
        children.append(element("text", [("class", "info"), ("x", x + 13), ("y", top)], str(count)))
        x += TRAY_STEP
    return group([("class", f"tray-line {kind}"), *attrs], children)


def _panel(position: Position, left: float, right: float, top: float, labels: Mapping[str, str]) -> list[str]:
    over = ending(position) is not None
    state = (
        label(labels, "game over")
        if over
        else label(labels, "to move", player=player_label(labels, position.to_move))
    )
    rings = label(labels, "ZERTZ rings", count=len(bits(position.rings)))
    out = [element("text", [("class", "info"), ("x", left), ("y", top)], f"{state} · {rings}")]
    pool = "/".join(map(str, position.pool))
    out.append(
        _tray(
            "pool", label(labels, "ZERTZ pool"), position.pool, left, right, top + ROW, [("data-pool", pool)]
        )
    )
    for side in (0, 1):
        captured = position.captures[side]
        missing = from_goal(position.rules, captured)
        far = label(labels, "ZERTZ goal") if missing == 0 else label(labels, "ZERTZ from goal", count=missing)
        words = label(labels, "ZERTZ captures", player=player_label(labels, side)) + " · " + far
        attrs: list[tuple[str, str | int | float]] = [
            ("data-player", ("white", "black")[side]),
            ("data-captures", "/".join(map(str, captured))),
            ("data-from-goal", missing),
        ]
        out.append(_tray("captures", words, captured, left, right, top + ROW * (side + 2), attrs))
    return out


def render_svg(position: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    labels = {**LABELS, **(options.labels or {})}
    frame = _Frame(position.geometry, options.flip)
    half_w = max(frame.half_w, PANEL_HALF_WIDTH)
    body: list[str] = [*_columns(position, frame), *_rings(position, frame), *_marbles(position, frame)]
    if last is not None and options.highlight:
        body.extend(_last(last, position, frame))
    body.extend(_panel(position, -half_w + 8, half_w - 8, frame.half_h + 14, labels))
    title = options.title or label(labels, "ZERTZ title", player=player_label(labels, position.to_move))
    view = (-half_w, -frame.half_h, 2 * half_w, 2 * frame.half_h + ROW * 4 + 6)
    return document(size, view, title, body, STYLE, css_class="board-tall")
