"""The PÜNCT board drawn as SVG: 211 spaces, the three pairs of sides and the central hexagon, the
pieces on their levels, the hands, the last turn and a connection.

Rules at home here: how a position is shown. Seen with column a on the left and rows upward (turned
half round when flipped). Each space is a small disc named by ``data-space``. A piece is its three
dots joined in its owner's colour (``class="piece white kind-E level-1 bridge"``, ``data-punct``,
``data-level``), its PÜNCT marked by a red dot; pieces are drawn lowest first, each level lifted a
little and shadowed, so a higher piece and a bridge lie visibly over what is under them; a piece
above level 0 carries its level in a blue badge, a covered piece is faded. The sides are coloured
by pair along the board's edge, the central hexagon shaded. Below the board each player's hand
shows its pieces by kind with their counts; the player to move's kinds are named by
``data-point`` (the kind's letter: an addition is picked from the hand, then on the board). The
last turn is ringed (a move's old PÜNCT space dashed, a line to where it went); a connection that
ended the game is drawn through its dots.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.punct.board import (
    BY_NAME,
    CENTRE_POINT,
    COLUMNS,
    DIRECTIONS,
    KINDS,
    NAMES,
    POINTS,
    SHAPES,
    SIDES,
    T,
    ends_and_middle,
)
from arbiter.punct.ends import CONNECTION, connection, ending
from arbiter.punct.position import LEVEL, Position
from arbiter.punct.spec import LABELS, STYLE
from arbiter.svg import check_size, document, element, group, label, mark, num, player_label

UNIT = 26.0
DOT_R = 7.0
LIFT = 3.0  # how far up each level is drawn
MARGIN = 26.0
INFO_HEIGHT = 150.0
COLOURS = ("white", "black")
ROOT3 = math.sqrt(3) / 2


def xy(point: tuple[float, float], flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of a space (c, r); i9, the centre, is (0, 0)."""
    c, r = point
    x = (c - CENTRE_POINT[0]) * UNIT * ROOT3
    y = -((r - CENTRE_POINT[1]) - (c - CENTRE_POINT[0]) / 2) * UNIT
    return (-x, -y) if flip else (x, y)


def _at(space: int, flip: bool, level: int = 0) -> tuple[float, float]:
    x, y = xy(POINTS[space], flip)
    return x, y - LIFT * level


def _frame(flip: bool) -> list[str]:
    """The board's outline, the central hexagon and the sides of each pair."""
    corners = [xy((9 + 8.6 * dc, 9 + 8.6 * dr), flip) for dc, dr in DIRECTIONS]
    out = [element("path", [("class", "board"), ("d", _path(corners, closed=True))])]
    centre = [xy((9 + 2.55 * dc, 9 + 2.55 * dr), flip) for dc, dr in DIRECTIONS]
    out.append(element("path", [("class", "centre-area"), ("d", _path(centre, closed=True))]))
    for pair, sides in enumerate(SIDES):
        for side in sides:
            ends = sorted(side)
            line = [_outward(ends[0], flip), _outward(ends[-1], flip)]
            out.append(element("path", [("class", f"side side-{pair}"), ("d", _path(line))]))
    return out


def _outward(space: int, flip: bool) -> tuple[float, float]:
    x, y = xy(POINTS[space], flip)
    length = math.hypot(x, y) or 1.0
    return x + x / length * 10, y + y / length * 10


def _path(points: list[tuple[float, float]], closed: bool = False) -> str:
    head, *rest = points
    text = f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
    return text + ("Z" if closed else "")


def _spaces(flip: bool) -> list[str]:
    out = []
    for index, name in enumerate(NAMES):
        x, y = xy(POINTS[index], flip)
        out.append(mark("space", "data-space", name, x, y, 3.0))
    return out


def _coordinates(flip: bool) -> list[str]:
    out = []
    for column, letter in enumerate(COLUMNS, start=1):
        lowest = min(r for c, r in POINTS if c == column)
        x, y = xy((column, lowest - 0.9), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], letter))
    for row in range(1, 18):
        leftmost = min(c for c, r in POINTS if r == row)
        x, y = xy((leftmost - 0.9, row - 0.45), flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y)], str(row)))
    return out


def _piece(position: Position, index: int, flip: bool) -> str:
    owner, kind, punct, a, b, level = position.pieces[index]
    spaces = (punct, a, b)
    points = [_at(space, flip, level) for space in spaces]
    if kind == T:
        line = _path(points, closed=True)
    else:
        end1, end2, middle = ends_and_middle(kind, punct, a, b)
        line = _path([_at(end1, flip, level), _at(middle, flip, level), _at(end2, flip, level)])
    classes = ["piece", COLOURS[owner], f"kind-{KINDS[kind]}", f"level-{level}"]
    if kind != T and level > 0 and _bridge(position, index):
        classes.append("bridge")
    if not position.free(index):
        classes.append("covered")
    children = [
        element("path", [("class", "piece-link"), ("d", line)]),
        element("path", [("class", "piece-inner"), ("d", line)]),
    ]
    for x, y in points:
        children.append(element("circle", [("class", "dot"), ("cx", x), ("cy", y), ("r", DOT_R)]))
    px, py = points[0]
    children.append(element("circle", [("class", "punct-dot"), ("cx", px), ("cy", py), ("r", 3.2)]))
    if level > 0:
        bx, by = px + 7, py - 7
        children.append(element("circle", [("class", "level-badge"), ("cx", bx), ("cy", by), ("r", 5.5)]))
        children.append(element("text", [("class", "level"), ("x", bx), ("y", by)], str(level)))
    attrs: list[tuple[str, str | int | float]] = [
        ("class", " ".join(classes)),
        ("data-punct", NAMES[punct]),
        ("data-level", level),
    ]
    return group(attrs, children)


def _bridge(position: Position, index: int) -> bool:
    """Whether the piece lies as a bridge: its middle over something lower than its ends."""
    _, kind, punct, a, b, level = position.pieces[index]
    middle = ends_and_middle(kind, punct, a, b)[2]
    below = [p[LEVEL] for p in position.pieces if middle in p[2:5] and p[LEVEL] < level]
    return max(below, default=-1) < level - 1


def _last(position: Position, last: PlyTrace | None, flip: bool) -> tuple[list[str], list[str]]:
    """The last turn: a move's way from its PÜNCT's old space (drawn under the pieces), then the
    rings of the spaces the piece took (over them)."""
    path = last.path if last is not None else _written_path(position.last)
    spaces = [BY_NAME[name] for name in path if name in BY_NAME]
    under: list[str] = []
    if len(spaces) == 4:
        (x1, y1), (x2, y2) = xy(POINTS[spaces[0]], flip), xy(POINTS[spaces[1]], flip)
        under.append(element("circle", [("class", "last-from"), ("cx", x1), ("cy", y1), ("r", DOT_R + 3)]))
        under.append(element("path", [("class", "last-move"), ("d", _path([(x1, y1), (x2, y2)]))]))
        spaces = spaces[1:]
    over = []
    for space in spaces:
        x, y = xy(POINTS[space], flip)
        over.append(mark("last-mark", "data-space", NAMES[space], x, y, DOT_R + 4))
    return under, over


def _written_path(text: str) -> tuple[str, ...]:
    """The spaces of a turn as written (``E:e5,e4,e3``: three; ``e5-h8:h7,h6``: four)."""
    head, _, dots = text.partition(":")
    if not dots:
        return ()
    names = dots.split(",")
    if "-" in head:
        return (*head.split("-"), *names)
    return tuple(names)


def _hand(position: Position, player: int, left: float, top: float, pickable: bool) -> list[str]:
    """A player's hand: one small piece a kind, its count beside it; the kinds he may pick."""
    out = []
    for kind, count in enumerate(position.hands[player]):
        cx = left + 18 + kind * 62
        dots = [(cx + 10 * ROOT3 * dc, top + 12 - 10 * (dr - dc / 2)) for dc, dr in _offsets(kind)]
        line = _path(dots, closed=kind == T)
        children = [
            element(
                "rect",
                [("class", "hand-slot"), ("x", cx - 20), ("y", top - 8), ("width", 58), ("height", 40)],
            ),
            element("path", [("class", "piece-link"), ("d", line)]),
            *(element("circle", [("class", "dot"), ("cx", x), ("cy", y), ("r", 3.6)]) for x, y in dots),
            element("circle", [("class", "punct-dot"), ("cx", dots[0][0]), ("cy", dots[0][1]), ("r", 1.8)]),
            element("text", [("class", "hand-count"), ("x", cx + 20), ("y", top + 26)], f"×{count}"),
        ]
        attrs: list[tuple[str, str | int | float]] = [
            ("class", f"hand-piece {COLOURS[player]} kind-{KINDS[kind]}"),
            ("data-kind", KINDS[kind]),
            ("data-count", count),
        ]
        if pickable and count:
            attrs.append(("data-point", KINDS[kind]))
        out.append(group(attrs, children))
    return out


def _offsets(kind: int) -> list[tuple[int, int]]:
    """The PÜNCT and minor dots of a piece of ``kind`` lying its first way on an open board, as
    steps from the PÜNCT (drawn in the hands)."""
    origin = BY_NAME["i9"]
    a, b = SHAPES[kind][origin][0]
    c0, r0 = POINTS[origin]
    return [(0, 0), *((POINTS[s][0] - c0, POINTS[s][1] - r0) for s in (a, b))]


def _info(position: Position, left: float, top: float, labels: Mapping[str, str]) -> list[str]:
    end = ending(position)
    player = player_label(labels, position.to_move)
    if end is None:
        state = label(labels, "PÜNCT turn", turn=position.turn + 1, player=player)
    elif end.code == CONNECTION and end.winner is not None:
        state = label(labels, "PÜNCT connected", player=player_label(labels, end.winner))
    else:
        state = label(labels, "game over")
    white, black = position.centre_count()
    centre = label(labels, "PÜNCT centre", white=white, black=black)
    out = [
        element("text", [("class", "info"), ("x", left), ("y", top)], state),
        element("text", [("class", "info"), ("x", left), ("y", top + 18)], centre),
    ]
    for player_index in (0, 1):
        row = top + 40 + player_index * 50
        name = label(labels, "PÜNCT hand", player=player_label(labels, player_index))
        out.append(element("text", [("class", "info"), ("x", left), ("y", row)], name))
        pickable = end is None and player_index == position.to_move
        out.extend(_hand(position, player_index, left, row + 6, pickable))
    return out


def render_svg(position: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 8 * UNIT * ROOT3 + MARGIN
    half_h = 8.6 * UNIT + MARGIN
    body = [*_frame(flip), *_spaces(flip), *_coordinates(flip)]
    under, over = _last(position, last, flip) if options.highlight else ([], [])
    body.extend(under)
    body.extend(_piece(position, index, flip) for index in range(len(position.pieces)))
    body.extend(over)
    end = ending(position)
    if end is not None and end.code == CONNECTION and end.winner is not None:
        chain = connection(position.layout.owners, end.winner)
        if chain:
            points = [_at(space, flip, position.layout.heights[space]) for space in chain]
            body.append(element("path", [("class", "connection"), ("d", _path(points))]))
    body.extend(_info(position, -half_w + 6, half_h + 14, labels))
    title = options.title or label(labels, "PÜNCT title", player=player_label(labels, position.to_move))
    view = (-half_w, -half_h, 2 * half_w, 2 * half_h + INFO_HEIGHT)
    return document(size, view, title, body, STYLE, css_class="board-tall board-large")
