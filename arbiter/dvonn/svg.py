"""The DVONN board drawn as SVG: the 49 spaces with their coordinates, the stacks, the score.

Rules at home here: how a position is shown. Row 1 is at the bottom, columns run left to right
(turned half round when flipped). A stack is a disc in the colour of its top piece (its owner;
red for a lone DVONN piece) with its height written on it when higher than one, and a red mark
when a DVONN piece is in it (``class="stack ..."``, ``data-height``, ``data-dvonn``). The last
move marks its from and to spaces (a placement: its space); the pieces it removed are crossed.
Columns are labelled below their lowest space, rows left of their leftmost one. Geometry comes
from :mod:`arbiter.dvonn.board`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.dvonn.board import BY_NAME, CELLS, COLUMNS, DVONN, NAMES, ROW_SPANS, WHITE_PIECE
from arbiter.dvonn.position import Position
from arbiter.dvonn.spec import LABELS, STYLE
from arbiter.engine import PlyTrace, SvgOptions
from arbiter.svg import check_size, cross, document, element, group, label, mark, num, player_label

UNIT = 44.0  # distance between neighbouring spaces
SPACE_R = UNIT / math.sqrt(3)  # hexagon corner radius: neighbouring hexagons touch
STACK_R = 16.0
INFO_HEIGHT = 56.0
MARGIN = 34.0
ROWS = len(ROW_SPANS)


def xy(cell: tuple[int, int], flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of (column, row); the centre space f3 is (0, 0), row 1 below it."""
    col, row = cell
    x = (col - 5 - (row - 3) / 2) * UNIT
    y = -(row - 3) * UNIT * math.sqrt(3) / 2
    if flip:
        return -x, -y
    return x, y


def _hexagon(name: str, x: float, y: float) -> str:
    corners = []
    for k in range(6):
        angle = math.pi / 6 + k * math.pi / 3  # pointy-top hexagons
        corners.append(f"{num(x + SPACE_R * math.cos(angle))},{num(y + SPACE_R * math.sin(angle))}")
    return element("polygon", [("class", "space"), ("data-space", name), ("points", " ".join(corners))])


def _label(cell: tuple[int, int], outward: tuple[int, int], flip: bool, step: float) -> tuple[float, float]:
    """Where a coordinate is written: ``step`` of the way from ``cell`` towards ``outward``."""
    (x1, y1), (x2, y2) = xy(cell, flip), xy(outward, flip)
    return x1 + step * (x2 - x1), y1 + step * (y2 - y1)


def _coordinates(flip: bool) -> list[str]:
    out = []
    for col, letter in enumerate(COLUMNS):
        lowest = min(row for c, row in CELLS if c == col)
        x, y = _label((col, lowest), (col, lowest - 1), flip, 0.6)  # where the column would go on
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], letter))
    for row, (lo, _) in enumerate(ROW_SPANS, start=1):
        x, y = _label((lo, row), (lo - 1, row), flip, 0.75)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], str(row)))
    return out


def _stack(stack: str, name: str, x: float, y: float) -> str:
    top = stack[-1]
    kind = "dvonn" if top == DVONN else ("white" if top == WHITE_PIECE else "black")
    has_dvonn = DVONN in stack
    children = [element("circle", [("class", kind), ("cx", x), ("cy", y), ("r", STACK_R)])]
    if has_dvonn and top != DVONN:
        children.append(
            element("circle", [("class", "dvonn-mark"), ("cx", x + 10), ("cy", y - 10), ("r", 5.0)])
        )
    if len(stack) > 1:
        children.append(
            element("text", [("class", f"height on-{kind}"), ("x", x), ("y", y)], str(len(stack)))
        )
    attrs: list[tuple[str, str | int | float]] = [
        ("class", f"stack {kind}"),
        ("data-space", name),
        ("data-height", len(stack)),
        ("data-dvonn", "yes" if has_dvonn else "no"),
    ]
    return group(attrs, children)


def _path(last: PlyTrace, flip: bool) -> list[str]:
    """The stroke from a stacking move's from space to its to space (drawn under the stacks)."""
    points = [xy(CELLS[BY_NAME[name]], flip) for name in last.path if name in BY_NAME]
    if len(points) != 2:
        return []
    (x1, y1), (x2, y2) = points
    return [element("path", [("class", "last-move"), ("d", f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")])]


def _highlight(last: PlyTrace, flip: bool) -> list[str]:
    out = []
    points = [xy(CELLS[BY_NAME[name]], flip) for name in last.path if name in BY_NAME]
    for name, (x, y) in zip(last.path, points, strict=False):
        out.append(mark("last-mark", "data-space", name, x, y, STACK_R + 4))
    for name in last.removed:
        if name in BY_NAME:
            x, y = xy(CELLS[BY_NAME[name]], flip)
            out.append(cross(x, y, 11.0))
    return out


def _info(pos: Position, left: float, top: float, labels: Mapping[str, str] | None) -> list[str]:
    white, black = pos.score()
    player = player_label(labels, pos.to_move)
    if pos.placing:
        state = label(labels, "placement", number=pos.placed + 1, player=player)
    elif pos.is_over():
        state = label(labels, "game over")
    else:
        state = label(labels, "to move", player=player)
    text = label(labels, "DVONN state", state=state, white=white, black=black)
    return [element("text", [("class", "info"), ("x", left), ("y", top)], text)]


def render_svg(pos: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 5.5 * UNIT + MARGIN
    half_h = 2 * UNIT * math.sqrt(3) / 2 + MARGIN
    body: list[str] = []
    for index, cell in enumerate(CELLS):
        body.append(_hexagon(NAMES[index], *xy(cell, flip)))
    body.extend(_coordinates(flip))
    if last is not None and options.highlight:
        body.extend(_path(last, flip))
    for index, stack in enumerate(pos.board):
        if stack:
            body.append(_stack(stack, NAMES[index], *xy(CELLS[index], flip)))
    if last is not None and options.highlight:
        body.extend(_highlight(last, flip))
    body.extend(_info(pos, -half_w + 10, half_h + 24, labels))
    title = options.title or label(labels, "DVONN title", player=player_label(labels, pos.to_move))
    return document(size, (-half_w, -half_h, 2 * half_w, 2 * half_h + INFO_HEIGHT), title, body, STYLE)
