"""The TZAAR board drawn as SVG: the 60 spaces on their lines, the centre, the stacks, the last turn.

Rules at home here: how a position is shown. Seen from White's side (``e1`` at the bottom) unless
flipped. A stack is a disc of its colour; its top type is told by shape as well as colour: a Tott is
a plain disc, a Tzarra carries a dot, a Tzaar a ring around a dot (``class="stack white tzaar"``,
``data-type``, ``data-height``); a stack higher than one shows its height in a red badge. The last
turn's moves are strokes from their from to their to space (the turn's first move dashed), and the
last move's spaces are ringed. Geometry comes from :mod:`arbiter.tzaar.board`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.svg import check_size, document, element, group, label, mark, num, player_label
from arbiter.tzaar.board import BY_NAME, CENTRE, COLUMNS, DIRECTIONS, INDEX, NAMES, POINTS
from arbiter.tzaar.position import PLACE, SECOND, TZAAR, TZARRA, Position, Stack
from arbiter.tzaar.rules import game_over
from arbiter.tzaar.spec import LABELS, STYLE

UNIT = 40.0
STACK_R = 15.0
MARGIN = 36.0
INFO_HEIGHT = 64.0
TYPE_CLASSES = ("tzaar", "tzarra", "tott")
COLOURS = ("white", "black")


def xy(point: tuple[float, float], flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of an axial point; the centre e5 is (0, 0), e1 below it."""
    col, v = point
    x = (col - 4) * UNIT * math.sqrt(3) / 2
    y = -((v - 5) - (col - 4) / 2) * UNIT
    return (-x, -y) if flip else (x, y)


def _lines(flip: bool) -> list[str]:
    """A line between each two neighbouring spaces (none to the centre)."""
    out = []
    for index, (col, v) in enumerate(POINTS):
        for dc, dv in DIRECTIONS[::2]:
            other = INDEX.get((col + dc, v + dv))
            if other is None:
                continue
            (x1, y1), (x2, y2) = xy(POINTS[index], flip), xy(POINTS[other], flip)
            out.append(element("line", [("class", "line"), ("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]))
    return out


def _spaces(flip: bool) -> list[str]:
    out = []
    for name, point in zip(NAMES, POINTS, strict=True):
        x, y = xy(point, flip)
        out.append(mark("space", "data-space", name, x, y, 3.0))
    x, y = xy(CENTRE, flip)
    out.append(element("circle", [("class", "centre"), ("cx", x), ("cy", y), ("r", STACK_R)]))
    return out


def _coordinates(flip: bool) -> list[str]:
    out = []
    for col, letter in enumerate(COLUMNS):
        lowest = min(v for c, v in POINTS if c == col)
        x, y = xy((col, lowest - 0.8), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], letter))
    for row in range(1, 10):
        leftmost = min((c for c, v in POINTS if v - max(0, c - 4) == row), default=None)
        if leftmost is None:
            continue
        v = row + max(0, leftmost - 4)
        x, y = xy((leftmost, v), flip)
        shift = -0.8 * UNIT if not flip else 0.8 * UNIT
        out.append(element("text", [("class", "coord"), ("x", x + shift), ("y", y)], str(row)))
    return out


def _stack(stack: Stack, name: str, x: float, y: float) -> str:
    colour, kind, height = stack
    children = [element("circle", [("class", COLOURS[colour]), ("cx", x), ("cy", y), ("r", STACK_R)])]
    if kind == TZAAR:
        children.append(element("circle", [("class", "mark"), ("cx", x), ("cy", y), ("r", 9.0)]))
    if kind in (TZAAR, TZARRA):
        children.append(element("circle", [("class", "tzaar-dot"), ("cx", x), ("cy", y), ("r", 4.5)]))
    if height > 1:
        bx, by = x + 11, y - 11
        children.append(element("circle", [("class", "badge"), ("cx", bx), ("cy", by), ("r", 8.0)]))
        children.append(element("text", [("class", "height badge-text"), ("x", bx), ("y", by)], str(height)))
    attrs: list[tuple[str, str | int | float]] = [
        ("class", f"stack {COLOURS[colour]} {TYPE_CLASSES[kind]}"),
        ("data-space", name),
        ("data-type", TYPE_CLASSES[kind]),
        ("data-height", height),
    ]
    return group(attrs, children)


def _turn(position: Position, flip: bool) -> list[str]:
    """The strokes of the last turn's moves (its first dashed when it has two)."""
    out = []
    moves = position.last
    for number, move in enumerate(moves):
        if len(move) != 5 or move[2] not in "x+":
            continue
        src, dst = BY_NAME.get(move[:2]), BY_NAME.get(move[3:])
        if src is None or dst is None:
            continue
        (x1, y1), (x2, y2) = xy(POINTS[src], flip), xy(POINTS[dst], flip)
        css = "last-move first-move" if number == 0 and len(moves) == 2 else "last-move"
        out.append(element("path", [("class", css), ("d", f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")]))
    return out


def _marks(last: PlyTrace, flip: bool) -> list[str]:
    out = []
    for name in last.path:
        if name in BY_NAME:
            x, y = xy(POINTS[BY_NAME[name]], flip)
            out.append(mark("last-mark", "data-space", name, x, y, STACK_R + 4))
    return out


def _info(position: Position, left: float, top: float, labels: Mapping[str, str]) -> list[str]:
    player = player_label(labels, position.to_move)
    if position.step == PLACE:
        state = label(labels, "TZAAR placement", number=position.pieces() + 1, player=player)
    else:
        if game_over(position) is not None:
            state = label(labels, "game over")
        elif position.step == SECOND:
            state = label(labels, "TZAAR second move", player=player)
        else:
            state = label(labels, "TZAAR first move", player=player)
    out = [element("text", [("class", "info"), ("x", left), ("y", top)], state)]
    for colour in (0, 1):
        tops = position.tops(colour)
        text = label(
            labels,
            "TZAAR tops",
            player=player_label(labels, colour),
            tzaars=tops[TZAAR],
            tzarras=tops[TZARRA],
            totts=tops[2],
        )
        out.append(element("text", [("class", "info"), ("x", left), ("y", top + 18 * (colour + 1))], text))
    return out


def render_svg(position: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 4 * UNIT * math.sqrt(3) / 2 + MARGIN
    half_h = 4 * UNIT + MARGIN
    body = [*_lines(flip), *_spaces(flip), *_coordinates(flip)]
    if options.highlight:
        body.extend(_turn(position, flip))
    for index, stack in enumerate(position.board):
        if stack is not None:
            body.append(_stack(stack, NAMES[index], *xy(POINTS[index], flip)))
    if last is not None and options.highlight:
        body.extend(_marks(last, flip))
    body.extend(_info(position, -half_w + 8, half_h + 16, labels))
    title = options.title or label(labels, "TZAAR title", player=player_label(labels, position.to_move))
    view = (-half_w, -half_h, 2 * half_w, 2 * half_h + INFO_HEIGHT)
    return document(size, view, title, body, STYLE, css_class="board-tall")
