"""The board of GIPF with potentials drawn as SVG: GIPF's board (:mod:`arbiter.gipf.svg`) with the
pieces of the variant told apart by shape, letter and number, not by colour alone, so that they read
on a phone too, and a key to them beside the board.

Rules at home here: how a piece of the variant is shown.

- a basic piece is one disc, a GIPF-piece two (as in GIPF);
- a **loaded piece** is a disc with a ring inside it and its kind's letter (``T Z D Y P``):
  ``class="piece loaded {colour} kind-{letter}"``, ``data-kind``;
- a **used potential** standing alone is a diamond (``class="piece used {colour}"``); its kind is
  not kept once it has moved (the position text writes ``U``/``u``);
- a **stack** (a used DVONN or PÜNCT on another piece, P-17): ``class="piece stack {colour of the
  top}"`` with ``data-stack`` (bottom first, as the position text writes it), ``data-height`` and
  ``data-owners`` (``w``/``b`` per layer, bottom first); its bottom piece is faded and ringed with a
  dashed circle (``class="bottom ... neutralised"``), each potential on it a diamond of its owner's
  colour with its kind's letter (``class="layer {colour} kind-{letter}"``), the top one drawn last,
  and the height written beside it (``class="height"``).

Below the board: who is to move, each player's reserve, captures, GIPF-pieces that count (a
neutralised one does not) and potentials in hand, then the key (``class="legend"``).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.gipf.potentials.position import EMPTY, KINDS, Position, colour, count_text
from arbiter.gipf.potentials.spec import LABELS, STYLE
from arbiter.gipf.svg import (
    HALF_HEIGHT,
    HALF_WIDTH,
    PIECE_R,
    board_with_pieces,
)
from arbiter.svg import Attr, check_size, document, element, group, label, num, player_label

COLOURS = ("white", "black")
INFO_HEIGHT = 186.0  # below the board: the numbers, then the key
USED_R = 11.0  # a used potential's diamond, standing alone
LAYER_R = 10.0  # a potential's diamond on a stack
LAYER_STEP = 8.0  # how far each layer of a stack stands above the one below it


def _disc(colour_name: str, x: float, y: float, r: float) -> str:
    return element("circle", [("class", colour_name), ("cx", x), ("cy", y), ("r", r)])


def _diamond(colour_name: str, x: float, y: float, r: float) -> str:
    points = " ".join(f"{num(px)},{num(py)}" for px, py in ((x, y - r), (x + r, y), (x, y + r), (x - r, y)))
    return element("polygon", [("class", colour_name), ("points", points)])


def _letter(kind: str, colour_name: str, x: float, y: float) -> str:
    return element("text", [("class", f"kind on-{colour_name}"), ("x", x), ("y", y)], kind)


def _shapes(piece: str, x: float, y: float) -> tuple[str, list[str]]:
    """The class of one piece (not a stack) standing on (x, y) and its shapes."""
    colour_name = COLOURS[colour(piece)]
    if piece in "WB":
        return f"piece gipf {colour_name}", [
            _disc(colour_name, x, y + 3, PIECE_R),
            _disc(colour_name, x, y - 3, PIECE_R),
        ]
    if piece in "Uu":
        return f"piece used {colour_name}", [_diamond(colour_name, x, y, USED_R)]
    if piece.upper() in KINDS:
        kind = piece.upper()
        ring = element("circle", [("class", "ring"), ("cx", x), ("cy", y), ("r", PIECE_R - 4)])
        return f"piece loaded {colour_name} kind-{kind.lower()}", [
            _disc(colour_name, x, y, PIECE_R),
            ring,
            _letter(kind, colour_name, x, y),
        ]
    return f"piece basic {colour_name}", [_disc(colour_name, x, y, PIECE_R)]


def _kind_attr(piece: str) -> list[Attr]:
    return [("data-kind", piece.upper())] if piece.upper() in KINDS else []


def _piece(cell: str, name: str, x: float, y: float) -> str:
    """A spot's content: one piece, or a stack (its bottom neutralised, the potentials on it)."""
    if len(cell) == 1:
        classes, shapes = _shapes(cell, x, y)
        return group([("class", classes), ("data-spot", name), *_kind_attr(cell)], shapes)
    classes, shapes = _shapes(cell[0], x, y)
    parts = [
        group([("class", f"{classes} neutralised bottom"), *_kind_attr(cell[0])], shapes),
        element("circle", [("class", "neutralised-mark"), ("cx", x), ("cy", y), ("r", PIECE_R + 3)]),
    ]
    for k, layer in enumerate(cell[1:]):
        lx, ly = x + 2, y - 2 - LAYER_STEP * k
        layer_colour = COLOURS[colour(layer)]
        parts.append(
            group(
                [("class", f"layer {layer_colour} kind-{layer.lower()}"), ("data-kind", layer.upper())],
                [_diamond(layer_colour, lx, ly, LAYER_R), _letter(layer.upper(), layer_colour, lx, ly)],
            )
        )
    parts.append(element("text", [("class", "height"), ("x", x - 12), ("y", y + 12)], str(len(cell))))
    attrs: list[Attr] = [
        ("class", f"piece stack {COLOURS[colour(cell)]}"),
        ("data-spot", name),
        ("data-stack", cell),
        ("data-height", len(cell)),
        ("data-owners", "".join("wb"[colour(layer)] for layer in cell)),
    ]
    return group(attrs, parts)


def _info(pos: Position, top: float, left: float, labels: Mapping[str, str]) -> list[str]:
    """Below the board: who is to move, then two lines a player: his reserve and captures, his
    potentials in hand."""
    out = [
        element(
            "text",
            [("class", "info"), ("x", left), ("y", top)],
            label(labels, "to move", player=player_label(labels, pos.to_move)),
        )
    ]
    for player in (0, 1):
        y = top + 22 + 40 * player
        reserve = label(labels, "reserve", player=player_label(labels, player), count=pos.reserve[player])
        captured = label(
            labels, "captured and GIPF-pieces", count=pos.captured[player], gipf=pos.gipf_count(player)
        )
        hand = label(labels, "potentials in hand", hand=count_text(pos.hand_of(player)))
        out += [
            _disc(COLOURS[player], left + 6, y - 4, 6.0),
            element("text", [("class", "info"), ("x", left + 16), ("y", y)], reserve),
            element("text", [("class", "info"), ("x", left + 150), ("y", y)], captured),
            element("text", [("class", "info hand"), ("x", left + 16), ("y", y + 17)], hand),
        ]
    return out


def _legend(top: float, left: float, right: float, labels: Mapping[str, str]) -> str:
    """The key to the pieces of the variant: a loaded piece, a used potential, a stack, a
    neutralised piece; two to a row."""
    x1, x2, y1, y2 = left + 12, right + 12, top, top + 36
    loaded = [
        _disc("white", x1, y1, PIECE_R),
        element("circle", [("class", "ring"), ("cx", x1), ("cy", y1), ("r", PIECE_R - 4)]),
        _letter("Z", "white", x1, y1),
    ]
    used = [_diamond("black", x2, y1, USED_R)]
    stack = [
        _disc("white", x1, y2, PIECE_R),
        _diamond("black", x1 + 2, y2 - 2, LAYER_R),
        _letter("D", "black", x1 + 2, y2 - 2),
        element("text", [("class", "height"), ("x", x1 - 12), ("y", y2 + 12)], "2"),
    ]
    neutralised = [
        group([("class", "neutralised")], [_disc("black", x2, y2, PIECE_R)]),
        element("circle", [("class", "neutralised-mark"), ("cx", x2), ("cy", y2), ("r", PIECE_R + 3)]),
    ]
    rows = [
        (x1, y1, label(labels, "legend loaded")),
        (x2, y1, label(labels, "legend used")),
        (x1, y2, label(labels, "legend stack")),
        (x2, y2, label(labels, "legend neutralised")),
    ]
    texts = [
        element("text", [("class", "legend-text"), ("x", x + 22), ("y", y)], text) for x, y, text in rows
    ]
    return group([("class", "legend")], loaded + used + stack + neutralised + texts)


def render_svg(pos: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    labels = {**LABELS, **(options.labels or {})}
    body = board_with_pieces(pos.board, EMPTY, _piece, options, last)
    body.extend(_info(pos, HALF_HEIGHT + 6, -HALF_WIDTH + 8, labels))
    body.append(_legend(HALF_HEIGHT + 116, -HALF_WIDTH + 8, 0, labels))
    title = options.title or label(labels, "GIPF potentials title", player=player_label(labels, pos.to_move))
    view = (-HALF_WIDTH, -HALF_HEIGHT, 2 * HALF_WIDTH, 2 * HALF_HEIGHT + INFO_HEIGHT)
    return document(size, view, title, body, STYLE, css_class="board-tall")
