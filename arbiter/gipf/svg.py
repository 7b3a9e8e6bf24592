"""The GIPF board drawn as SVG: the hexagon, 24 dots, 37 spots, the 21 lines, the coordinates
``a``-``i`` / ``1``-``9``, the pieces, and the reserves and captured pieces beside the board.

Rules at home here: how a position is shown. The board is seen from White's side (``e1`` at the
bottom) unless flipped (turned half round, ``e9`` at the bottom). A basic piece is one disc; a
GIPF-piece is a stack of two discs (``class="piece gipf ..."``). The last move is marked by a ring
on its dot and a stroke along the pushed line to the end of the chain; the pieces it removed by
a cross on their spots. Columns are labelled under their lowest dot, rows to the left of their
leftmost point, as on the official board. Geometry comes from :mod:`arbiter.gipf.board`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.gipf.board import (
    ALL_POINTS,
    COLUMNS,
    DIRECTIONS,
    DOT_POINTS,
    EMPTY,
    ENTRIES,
    SPOT_POINTS,
    WHITE_GIPF,
    owner,
)
from arbiter.gipf.position import Position
from arbiter.gipf.spec import LABELS, STYLE
from arbiter.svg import check_size, cross, document, element, group, label, mark, num, player_label

#: what a spot holds: GIPF's piece code, or GIPF with potentials' text (a stack in several letters)
Cell = TypeVar("Cell", int, str)

UNIT = 40.0  # distance between neighbouring points, in view-box units
PIECE_R = 15.0
INFO_WIDTH = 200.0
MARGIN = 36.0
COLOURS = ("white", "black")


def _name(point: tuple[int, int]) -> str:
    col, v = point
    return f"{COLUMNS[col]}{v - max(0, col - 4)}"


POINT_OF_NAME: dict[str, tuple[int, int]] = {_name(p): p for p in ALL_POINTS}


def xy(point: tuple[int, int], flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of an axial point; the centre ``e5`` is (0, 0), ``e1`` below it."""
    col, v = point
    x = (col - 4) * UNIT * math.sqrt(3) / 2
    y = -((v - 5) - (col - 4) / 2) * UNIT
    if flip:
        return -x, -y
    return x, y


def _lines(flip: bool) -> list[str]:
    out = []
    for entry in ENTRIES:
        if entry.direction not in DIRECTIONS[:3]:
            continue
        x1, y1 = xy(POINT_OF_NAME[entry.dot], flip)
        x2, y2 = xy(POINT_OF_NAME[entry.far_dot], flip)
        out.append(element("line", [("class", "line"), ("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]))
    return out


def _hexagon(flip: bool) -> str:
    corners = ("a1", "a5", "e9", "i5", "i1", "e1")
    points = " ".join(f"{num(x)},{num(y)}" for x, y in (xy(POINT_OF_NAME[c], flip) for c in corners))
    return element("polygon", [("class", "board"), ("points", points)])


def _label(point: tuple[int, int], outward: tuple[int, int], flip: bool) -> tuple[float, float]:
    """Where a coordinate is written: 0.7 of a step from ``point`` towards ``outward``."""
    (x1, y1), (x2, y2) = xy(point, flip), xy(outward, flip)
    return x1 + 0.7 * (x2 - x1), y1 + 0.7 * (y2 - y1)


def _coordinates(flip: bool) -> list[str]:
    out = []
    for col, letter in enumerate(COLUMNS):
        lowest = max(0, col - 4) + 1  # v of the column's lowest dot (row 1)
        x, y = _label((col, lowest), (col, lowest - 1), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], letter))
    for row in range(1, 10):
        col = max(0, row - 5)  # the row's leftmost point is in this column, at v = row
        x, y = _label((col, row), (col - 1, row), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], str(row)))
    return out


def _piece(piece: int, name: str, x: float, y: float) -> str:
    colour = COLOURS[owner(piece)]
    if piece >= WHITE_GIPF:
        discs = [
            element("circle", [("class", colour), ("cx", x), ("cy", y + 3), ("r", PIECE_R)]),
            element("circle", [("class", colour), ("cx", x), ("cy", y - 3), ("r", PIECE_R)]),
        ]
        return group([("class", f"piece gipf {colour}"), ("data-spot", name)], discs)
    disc = element("circle", [("class", colour), ("cx", x), ("cy", y), ("r", PIECE_R)])
    return group([("class", f"piece basic {colour}"), ("data-spot", name)], [disc])


def _highlight(last: PlyTrace, flip: bool) -> list[str]:
    out = []
    points = [xy(POINT_OF_NAME[name], flip) for name in last.path if name in POINT_OF_NAME]
    if points:
        x, y = points[0]
        out.append(mark("last-mark", "data-point", last.path[0], x, y, 9.0))
    if len(points) > 1:
        d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in points)
        out.append(element("path", [("class", "last-move"), ("d", d)]))
    for name in last.removed:
        if name in POINT_OF_NAME:
            x, y = xy(POINT_OF_NAME[name], flip)
            out.append(cross(x, y, 10.0))
    return out


def _info(pos: Position, left: float, top: float, labels: Mapping[str, str] | None) -> list[str]:
    lines = [label(labels, "to move", player=player_label(labels, pos.to_move))]
    for player in (0, 1):
        lines.append(label(labels, "reserve", player=player_label(labels, player), count=pos.reserve[player]))
        if pos.rules == "basic":
            lines.append(label(labels, "captured", count=pos.captured[player]))
        else:
            lines.append(
                label(
                    labels,
                    "captured and GIPF-pieces",
                    count=pos.captured[player],
                    gipf=pos.gipf_count(player),
                )
            )
    out = []
    for k, text in enumerate(lines):
        out.append(element("text", [("class", "info"), ("x", left), ("y", top + 20 * k)], text))
    for player in (0, 1):  # a disc of each colour beside its reserve line
        y = top + 20 * (1 + 2 * player) - 5
        out.append(element("circle", [("class", COLOURS[player]), ("cx", left - 12), ("cy", y), ("r", 6.0)]))
    return out


def empty_board(flip: bool) -> list[str]:
    """The board with no piece on it: the hexagon, the lines, the coordinates, the dots and the spots
    (each named by ``data-point``); GIPF with potentials draws on the same board."""
    body = [_hexagon(flip), *_lines(flip), *_coordinates(flip)]
    for point in DOT_POINTS:
        x, y = xy(point, flip)
        body.append(
            element(
                "circle", [("class", "dot"), ("data-point", _name(point)), ("cx", x), ("cy", y), ("r", 5.0)]
            )
        )
    for point in SPOT_POINTS:
        x, y = xy(point, flip)
        body.append(
            element(
                "circle", [("class", "spot"), ("data-point", _name(point)), ("cx", x), ("cy", y), ("r", 2.5)]
            )
        )
    return body


#: half the view box's width and height around the board (the centre e5 at 0, 0)
HALF_WIDTH = 4 * UNIT * math.sqrt(3) / 2 + MARGIN
HALF_HEIGHT = 4.5 * UNIT + MARGIN


def board_with_pieces(
    cells: Sequence[Cell],
    empty: Cell,
    draw: Callable[[Cell, str, float, float], str],
    options: SvgOptions,
    last: PlyTrace | None,
) -> list[str]:
    """The board with each spot's piece drawn by ``draw`` (its content, the spot's name, x, y) and the
    last move marked when asked; GIPF with potentials draws its pieces on it too."""
    body = empty_board(options.flip)
    for index, cell in enumerate(cells):
        if cell != empty:
            point = SPOT_POINTS[index]
            body.append(draw(cell, _name(point), *xy(point, options.flip)))
    if last is not None and options.highlight:
        body.extend(_highlight(last, options.flip))
    return body


def render_svg(pos: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    labels = {**LABELS, **(options.labels or {})}
    body = board_with_pieces(pos.board, EMPTY, _piece, options, last)
    body.extend(_info(pos, HALF_WIDTH + 20, -HALF_HEIGHT + 30, labels))
    title = options.title or label(labels, "GIPF title", player=player_label(labels, pos.to_move))
    view = (-HALF_WIDTH, -HALF_HEIGHT, 2 * HALF_WIDTH + INFO_WIDTH, 2 * HALF_HEIGHT)
    return document(size, view, title, body, STYLE)
