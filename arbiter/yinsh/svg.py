"""The YINSH board drawn as SVG: the 85 points on their lines, rings and markers, the score.

Rules at home here: how a position is shown. Column a is on the left, each column's numbers grow
upwards (turned half round when flipped). Every point is a dot named by ``data-point`` (the page
picks moves by it); a ring is an open circle ``class="ring ring-w"`` / ``ring-b``, a marker a disc
``class="marker white"`` / ``black`` (the colour up). The rings each player has removed stand
beside the board (``class="removed-ring"``, White's bottom left, Black's top right): the score.
The last turn shows its move's path, its ring's from and to points and the markers it turned over
(``class="flipped"``), and crosses where its rows and rings were taken; the rows the player to
move has to take are struck through (``class="row-taken"``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.svg import check_size, cross, document, element, group, label, mark, num, player_label
from arbiter.yinsh.board import (
    BY_NAME,
    CELLS,
    COLUMNS,
    EMPTY,
    MARKER,
    NAMES,
    RAYS,
    RING,
    RINGS_EACH,
    WINDOWS,
    line_between,
    rows,
)
from arbiter.yinsh.position import Position
from arbiter.yinsh.spec import LABELS, STYLE

UNIT = 40.0  # distance between neighbouring points
RING_R = 15.0
MARKER_R = 11.0
MARGIN = 40.0
INFO_HEIGHT = 40.0
SIN60 = math.sqrt(3) / 2


def xy(cell: tuple[float, float], flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of (letter index, number); the centre point f6 is (0, 0)."""
    col, number = cell
    x = (col - 5) * SIN60 * UNIT
    y = -((number - 6) - (col - 5) / 2) * UNIT
    return (-x, -y) if flip else (x, y)


def _lines(flip: bool) -> list[str]:
    out = []
    for index, cell in enumerate(CELLS):
        x1, y1 = xy(cell, flip)
        for ray in RAYS[index][:3]:
            if ray:
                x2, y2 = xy(CELLS[ray[0]], flip)
                out.append(
                    element("path", [("class", "line"), ("d", f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")])
                )
    return out


def _coordinates(flip: bool) -> list[str]:
    out = []
    for col, letter in enumerate(COLUMNS):
        lowest = min(n for c, n in CELLS if c == col)
        x, y = xy((col, lowest - 0.7), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], letter))
    for number in range(1, 12):
        col = min(c for c, n in CELLS if n == number)
        x, y = xy((col - 0.7, number - 0.35), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], str(number)))
    return out


def _piece(here: int, name: str, x: float, y: float) -> str:
    if here >= MARKER:
        colour = "white" if here == MARKER else "black"
        return element(
            "circle",
            [("class", f"marker {colour}"), ("data-piece", name), ("cx", x), ("cy", y), ("r", MARKER_R)],
        )
    colour = "w" if here == RING else "b"
    return group(
        [("class", f"ring ring-{colour}"), ("data-piece", name)],
        [
            element("circle", [("class", "ring-edge"), ("cx", x), ("cy", y), ("r", RING_R + 3)]),
            element("circle", [("class", f"ring-{colour}"), ("cx", x), ("cy", y), ("r", RING_R)]),
            element("circle", [("class", "ring-edge"), ("cx", x), ("cy", y), ("r", RING_R - 3)]),
        ],
    )


def _removed_rings(pos: Position, half_w: float, half_h: float) -> list[str]:
    """The rings each player removed, beside the board: White's bottom left, Black's top right."""
    out = []
    for player, (x0, y0, step) in enumerate(
        ((-half_w + 24, half_h - 24, 1), (half_w - 24, -half_h + 24, -1))
    ):
        for k in range(pos.removed[player]):
            colour = "w" if player == 0 else "b"
            x = x0 + step * k * (2 * RING_R + 8)
            ring = _piece(RING + player, f"removed-{colour}{k + 1}", x, y0)
            out.append(ring.replace('class="ring ', 'class="removed-ring ring ', 1))
    return out


def _last(last: PlyTrace, pos: Position, flip: bool) -> list[str]:
    out = []
    points = [BY_NAME[name] for name in last.path if name in BY_NAME]
    if len(points) == 2:
        (x1, y1), (x2, y2) = xy(CELLS[points[0]], flip), xy(CELLS[points[1]], flip)
        out.append(
            element("path", [("class", "last-move"), ("d", f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")])
        )
        for point in (line_between(points[0], points[1]) or ())[:-1]:
            if pos.board[point] >= MARKER:
                x, y = xy(CELLS[point], flip)
                out.append(mark("flipped", "data-flipped", NAMES[point], x, y, MARKER_R + 4))
    for point in points:
        x, y = xy(CELLS[point], flip)
        out.append(mark("last-mark", "data-mark", NAMES[point], x, y, RING_R + 5))
    for name in last.removed:
        if name in BY_NAME and pos.board[BY_NAME[name]] == EMPTY:
            out.append(cross(*xy(CELLS[BY_NAME[name]], flip), 9.0))
    return out


def _rows_to_take(pos: Position, flip: bool) -> list[str]:
    out = []
    for window in rows(pos.board, pos.to_move) if not pos.ring_owed else []:
        (x1, y1), (x2, y2) = xy(CELLS[WINDOWS[window][0]], flip), xy(CELLS[WINDOWS[window][-1]], flip)
        out.append(
            element("path", [("class", "row-taken"), ("d", f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")])
        )
    return out


def _info(pos: Position, left: float, top: float, labels: Mapping[str, str]) -> list[str]:
    player = player_label(labels, pos.to_move)
    if pos.placing:
        state = label(labels, "YINSH placing", player=player)
    else:
        state = label(labels, "to move", player=player)
    white, black = pos.removed
    text = label(labels, "YINSH state", state=state, white=white, black=black, pool=pos.pool)
    return [element("text", [("class", "info"), ("x", left), ("y", top)], text)]


def render_svg(pos: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 5 * SIN60 * UNIT + MARGIN
    half_h = 5 * UNIT + MARGIN
    body: list[str] = [*_lines(flip), *_coordinates(flip)]
    for index, cell in enumerate(CELLS):
        x, y = xy(cell, flip)
        body.append(mark("point", "data-point", NAMES[index], x, y, 3.0))
    body.extend(_rows_to_take(pos, flip))
    for index, here in enumerate(pos.board):
        if here != EMPTY:
            body.append(_piece(here, NAMES[index], *xy(CELLS[index], flip)))
    if last is not None and options.highlight:
        body.extend(_last(last, pos, flip))
    body.extend(_removed_rings(pos, half_w, half_h))
    body.extend(_info(pos, -half_w + 8, half_h + 24, labels))
    title = options.title or label(labels, "YINSH title", player=player_label(labels, pos.to_move))
    assert RINGS_EACH == 5
    return document(
        size, (-half_w, -half_h, 2 * half_w, 2 * half_h + INFO_HEIGHT), title, body, STYLE, "board-tall"
    )
