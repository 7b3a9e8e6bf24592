"""The board of GIPF with potentials drawn as SVG: GIPF's board (:mod:`arbiter.gipf.svg`) with the
pieces of the variant told apart by shape and letter, not by colour alone, so that they read on a
phone too.

- a basic piece is one disc, a GIPF-piece two (as in GIPF);
- a loaded piece is a disc with a ring inside it and its kind's letter (``T Z D Y P``),
  ``class="piece loaded {colour} kind-{letter}"``;
- a used potential standing alone is a small disc with a dashed edge (``class="piece used ..."``);
- a stack is its bottom piece, faded (neutralised), under one small disc per potential on it, each
  with its kind's letter, the top one on top (``class="piece stack {colour of the top}"``,
  ``data-stack`` the stack bottom first as the position text writes it).

Beside the board: each player's reserve, captures, GIPF-pieces that count and potentials in hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.gipf.board import DOT_POINTS, SPOT_POINTS
from arbiter.gipf.potentials.position import EMPTY, KINDS, Position, colour, count_text
from arbiter.gipf.potentials.spec import LABELS, STYLE
from arbiter.gipf.svg import (
    INFO_WIDTH,
    MARGIN,
    PIECE_R,
    UNIT,
    _coordinates,
    _hexagon,
    _highlight,
    _lines,
    _name,
    xy,
)
from arbiter.svg import check_size, document, element, group, label, player_label

COLOURS = ("white", "black")
SMALL_R = 8.0


def _disc(colour_name: str, x: float, y: float, r: float) -> str:
    return element("circle", [("class", colour_name), ("cx", x), ("cy", y), ("r", r)])


def _letter(kind: str, x: float, y: float, on: str = "") -> str:
    attrs: list[tuple[str, str | int | float]] = [("class", f"kind {on}".strip()), ("x", x), ("y", y)]
    return element("text", attrs, kind)


def _single(piece: str, name: str, x: float, y: float, faded: bool = False) -> str:
    """One piece standing alone (or a stack's bottom, ``faded``)."""
    colour_name = COLOURS[colour(piece)]
    extra = " neutralised" if faded else ""
    if piece in "WB":
        discs = [_disc(colour_name, x, y + 3, PIECE_R), _disc(colour_name, x, y - 3, PIECE_R)]
        return group([("class", f"piece gipf {colour_name}{extra}"), ("data-spot", name)], discs)
    if piece in "Uu":
        disc = _disc(colour_name, x, y, SMALL_R + 2)
        return group([("class", f"piece used {colour_name}{extra}"), ("data-spot", name)], [disc])
    if piece.upper() in KINDS:
        kind = piece.upper()
        parts = [
            _disc(colour_name, x, y, PIECE_R),
            element("circle", [("class", "ring"), ("cx", x), ("cy", y), ("r", PIECE_R - 4)]),
            _letter(kind, x, y),
        ]
        classes = f"piece loaded {colour_name} kind-{kind.lower()}{extra}"
        return group([("class", classes), ("data-spot", name)], parts)
    disc = _disc(colour_name, x, y, PIECE_R)
    return group([("class", f"piece basic {colour_name}{extra}"), ("data-spot", name)], [disc])


def _piece(cell: str, name: str, x: float, y: float) -> str:
    if len(cell) == 1:
        return _single(cell, name, x, y)
    parts = [_single(cell[0], name, x, y, faded=True)]
    for k, layer in enumerate(cell[1:]):
        lx, ly = x + 6 * k, y - 6 - 6 * k
        layer_colour = COLOURS[colour(layer)]
        parts.append(_disc(layer_colour, lx, ly, SMALL_R))
        parts.append(_letter(layer.upper(), lx, ly, f"on-{layer_colour}"))
    top = COLOURS[colour(cell)]
    return group([("class", f"piece stack {top}"), ("data-spot", name), ("data-stack", cell)], parts)


def _info(pos: Position, left: float, top: float, labels: Mapping[str, str]) -> list[str]:
    lines = [label(labels, "to move", player=player_label(labels, pos.to_move))]
    for player in (0, 1):
        lines.append(label(labels, "reserve", player=player_label(labels, player), count=pos.reserve[player]))
        lines.append(
            label(labels, "captured and GIPF-pieces", count=pos.captured[player], gipf=pos.gipf_count(player))
        )
        lines.append(label(labels, "potentials in hand", hand=count_text(pos.hand_of(player))))
    out = []
    for k, text in enumerate(lines):
        out.append(element("text", [("class", "info"), ("x", left), ("y", top + 20 * k)], text))
    for player in (0, 1):
        y = top + 20 * (1 + 3 * player) - 5
        out.append(_disc(COLOURS[player], left - 12, y, 6.0))
    return out


def render_svg(pos: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 4 * UNIT * math.sqrt(3) / 2 + MARGIN
    half_h = 4.5 * UNIT + MARGIN
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
    for index, cell in enumerate(pos.board):
        if cell != EMPTY:
            point = SPOT_POINTS[index]
            body.append(_piece(cell, _name(point), *xy(point, flip)))
    if last is not None and options.highlight:
        body.extend(_highlight(last, flip))
    body.extend(_info(pos, half_w + 20, -half_h + 30, labels))
    title = options.title or label(labels, "GIPF potentials title", player=player_label(labels, pos.to_move))
    return document(size, (-half_w, -half_h, 2 * half_w + INFO_WIDTH, 2 * half_h), title, body, STYLE)
