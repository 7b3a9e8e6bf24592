"""The LYNGK board drawn as SVG: the 43 points on their lines, the stacks, who holds which colours,
the stacks of five won, the last decision.

Rules at home here: how a position is shown. Seen with ``c1`` at the bottom unless flipped. A stack
is drawn bottom to top as discs, each lower piece peeking out below the one above it, the top piece
whole at the point with its letter (I, B, R, G, K; J a joker, white and mottled with a dashed edge),
so that no colour is told by its colour alone; a stack higher than one carries its height in a
badge (``class="stack"``, ``data-stack``, ``data-pieces`` bottom to top, ``data-top``,
``data-height``). A stack of five left on the board (L-9) is ringed dashed (``five``). Every point
is a ``data-point`` the page picks. Below the board: who is to move (or that he has claimed and
moves), each player's claimed colours (chips) and stacks of five won (each drawn small, bottom to
top), and the colours nobody holds (``data-claim``: the choices of a claim). The last move is a
stroke from its stack's point through the LYNGK points of its chain (each ringed dashed) to its
landing; a stack of five won there is crossed; a claim rings its colour's chip.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from arbiter.engine import PlyTrace, SvgOptions
from arbiter.lyngk.board import BY_NAME, COLUMN_POINTS, COLUMNS, NAMES, POINTS, lines
from arbiter.lyngk.position import COLOURS, JOKER, MAX_HEIGHT, Position
from arbiter.lyngk.rules import game_over
from arbiter.lyngk.spec import LABELS, STYLE
from arbiter.svg import check_size, cross, document, element, group, label, mark, num, player_label

DY = 22.0  # half the distance between two points of a column
DX = DY * math.sqrt(3)  # the distance between two columns
PIECE_R = 15.0
PEEK = 3.5  # how far each lower piece of a stack shows below the one above
MARGIN = 34.0
ROW = 20.0  # one line of the text below the board
CHIP_R = 7.0
COLOUR_KEYS = {
    "I": "LYNGK ivory",
    "B": "LYNGK blue",
    "R": "LYNGK red",
    "G": "LYNGK green",
    "K": "LYNGK black",
}


def xy(index: int, flip: bool = False) -> tuple[float, float]:
    """View-box coordinates of a point: e4, the centre, at (0, 0), c1 below it."""
    col, y = POINTS[index]
    x, down = (col - 4) * DX, -(y - 6) * DY
    return (-x, -down) if flip else (x, down)


def colour_word(labels: Mapping[str, str], letter: str) -> str:
    return label(labels, COLOUR_KEYS[letter]) if letter in COLOUR_KEYS else label(labels, "LYNGK joker")


def _board(flip: bool) -> list[str]:
    out = []
    for line in lines():
        (x1, y1), (x2, y2) = xy(line[0], flip), xy(line[-1], flip)
        out.append(element("line", [("class", "line"), ("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]))
    for index, name in enumerate(NAMES):
        x, y = xy(index, flip)
        out.append(mark("point", "data-point", name, x, y, 3.5))
    for column, points in enumerate(COLUMN_POINTS):
        lowest = points[-1] if flip else points[0]
        x, y = xy(lowest, flip)
        out.append(element("text", [("class", "coord"), ("x", x), ("y", y + DY * 2)], COLUMNS[column]))
    return out


def _piece(letter: str, x: float, y: float, r: float = PIECE_R) -> list[str]:
    out = [element("circle", [("class", f"piece piece-{letter}"), ("cx", x), ("cy", y), ("r", r)])]
    if letter == JOKER:  # mottled
        for dx, dy in ((-0.45, -0.35), (0.4, -0.4), (0.05, 0.5)):
            out.append(
                element(
                    "circle",
                    [("class", "joker-spot"), ("cx", x + dx * r), ("cy", y + dy * r), ("r", r * 0.14)],
                )
            )
    return out


def _stack(stack: str, name: str, x: float, y: float, labels: Mapping[str, str]) -> str:
    height = len(stack)
    children: list[str] = []
    for level, letter in enumerate(stack):  # bottom first: each lower piece shows below the next
        children += _piece(letter, x, y + (height - 1 - level) * PEEK)
    top = stack[-1]
    children.append(element("text", [("class", f"letter letter-{top}"), ("x", x), ("y", y)], top))
    if height > 1:
        bx, by = x + 12.5, y - 12.5
        children.append(element("circle", [("class", "height"), ("cx", bx), ("cy", by), ("r", 7.0)]))
        children.append(element("text", [("class", "height-text"), ("x", bx), ("y", by)], str(height)))
    if height == MAX_HEIGHT:
        children.append(
            element("circle", [("class", "five"), ("cx", x), ("cy", y + 2 * PEEK), ("r", PIECE_R + 7)])
        )
        children.append(element("title", [], label(labels, "LYNGK five")))
    classes = "stack five-stack" if height == MAX_HEIGHT else "stack"
    attrs: list[tuple[str, str | int | float]] = [
        ("class", classes),
        ("data-stack", name),
        ("data-pieces", stack),
        ("data-top", top),
        ("data-height", height),
    ]
    return group(attrs, children)


def _last_move(last: PlyTrace, flip: bool) -> list[str]:
    """The stroke of the last move through its chain, its points ringed, a stack of five won crossed."""
    points = [BY_NAME[name] for name in last.path if name in BY_NAME]
    if len(points) < 2:
        return []
    coords = [xy(point, flip) for point in points]
    d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in coords)
    out = [element("path", [("class", "last-move chain" if len(points) > 2 else "last-move"), ("d", d)])]
    for point in points[1:-1]:
        x, y = xy(point, flip)
        out.append(mark("link-mark", "data-link", NAMES[point], x, y, PIECE_R + 6))
    return out


def _marks(last: PlyTrace, flip: bool) -> list[str]:
    out = []
    path = [name for name in last.path if name in BY_NAME]
    for name in (path[0], path[-1]) if path else ():
        x, y = xy(BY_NAME[name], flip)
        out.append(mark("last-mark", "data-mark", name, x, y, PIECE_R + 4))
    for name in last.removed:
        if name in BY_NAME:
            out.append(cross(*xy(BY_NAME[name], flip), PIECE_R))
    return out


def _chip(letter: str, x: float, y: float, attrs: list[tuple[str, str | int | float]] | None = None) -> str:
    children = _piece(letter, x, y, CHIP_R)
    children.append(
        element("text", [("class", f"letter letter-{letter}"), ("x", x), ("y", y), ("font-size", 8)], letter)
    )
    return group([("class", "chip"), *(attrs or [])], children)


def _won(stacks: tuple[str, ...], x: float, bottom: float) -> list[str]:
    """Each stack of five won, drawn small, bottom to top, standing on ``bottom``."""
    out = []
    for number, stack in enumerate(stacks):
        left = x + number * 16
        children = [
            element(
                "rect",
                [
                    ("class", f"piece piece-{letter}"),
                    ("x", left),
                    ("y", bottom - (level + 1) * 3.6),
                    ("width", 12),
                    ("height", 3.6),
                ],
            )
            for level, letter in enumerate(stack)
        ]
        out.append(group([("class", "won"), ("data-pieces", stack)], children))
    return out


def _info(
    position: Position, last: PlyTrace | None, left: float, top: float, labels: Mapping[str, str]
) -> tuple[list[str], float]:
    """The lines below the board and the height they take."""
    me = position.to_move
    if game_over(position):
        state = label(labels, "game over")
    elif position.claimed:
        state = label(
            labels,
            "LYNGK claimed",
            player=player_label(labels, me),
            colour=colour_word(labels, position.claims[me][-1]),
        )
    else:
        state = label(labels, "to move", player=player_label(labels, me))
    out = [element("text", [("class", "info lyngk-info"), ("x", left), ("y", top)], state)]
    claimed = last.move.upper() if last is not None and len(last.move) == 1 else ""
    y = top + ROW
    for player in (0, 1):
        own = position.claims[player]
        for slot in range(2):
            cx = left + CHIP_R + slot * (2 * CHIP_R + 4)
            if slot < len(own):
                out.append(
                    _chip(own[slot], cx, y - 4, [("data-holder", "white" if player == 0 else "black")])
                )
                if own[slot] == claimed:
                    out.append(
                        element(
                            "circle", [("class", "last-mark"), ("cx", cx), ("cy", y - 4), ("r", CHIP_R + 3)]
                        )
                    )
            else:
                out.append(
                    element("circle", [("class", "chip-none"), ("cx", cx), ("cy", y - 4), ("r", CHIP_R)])
                )
        words = ", ".join(colour_word(labels, letter) for letter in own) or label(labels, "LYNGK no colour")
        text = label(
            labels,
            "LYNGK holds",
            player=player_label(labels, player),
            colours=words,
            count=len(position.won[player]),
        )
        out.append(
            element("text", [("class", "info lyngk-info"), ("x", left + 4 * CHIP_R + 12), ("y", y)], text)
        )
        if position.won[player]:
            out += _won(position.won[player], left + 4 * CHIP_R + 12, y + 22)
            y += ROW
        y += ROW
    free = position.unclaimed()
    if len(free) > 1:
        words = ", ".join(colour_word(labels, letter) for letter in free)
        for number, letter in enumerate(free):
            out.append(
                _chip(letter, left + CHIP_R + number * (2 * CHIP_R + 4), y - 4, [("data-claim", letter)])
            )
        text = label(labels, "LYNGK left", colours=words)
        out.append(
            element(
                "text",
                [("class", "info lyngk-info"), ("x", left + len(free) * (2 * CHIP_R + 4) + 6), ("y", y)],
                text,
            )
        )
    else:
        out.append(
            element(
                "text",
                [("class", "info lyngk-info"), ("x", left), ("y", y)],
                label(labels, "LYNGK none left"),
            )
        )
    return out, y - top + ROW


def render_svg(position: Position, options: SvgOptions, last: PlyTrace | None = None) -> str:
    """The position as an SVG document (deterministic text)."""
    size = check_size(options.size)
    flip = options.flip
    labels = {**LABELS, **(options.labels or {})}
    half_w = 4 * DX + MARGIN
    half_h = 6 * DY + MARGIN
    body = _board(flip)
    if last is not None and options.highlight:
        body += _last_move(last, flip)
    for index, stack in enumerate(position.board):
        if stack:
            body.append(_stack(stack, NAMES[index], *xy(index, flip), labels))
    if last is not None and options.highlight:
        body += _marks(last, flip)
    bottom = 8 * DY + 12  # below the column letters
    info, height = _info(position, last if options.highlight else None, -half_w + 8, bottom + 16, labels)
    body += info
    title = options.title or label(labels, "LYNGK title", player=player_label(labels, position.to_move))
    view = (-half_w, -half_h, 2 * half_w, half_h + bottom + height + 8)
    return document(size, view, title, body, STYLE, css_class="board-tall")


__all__ = ["COLOURS", "render_svg", "xy"]
