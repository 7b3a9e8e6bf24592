"""The PÜNCT board (P-1, P-2) and the shapes of its pieces (P-3).

A hexagon of side 9 without its six corners: 211 spaces, columns ``a`` to ``q`` (c = 1..17), each
numbered upward. A space ``(c, r)`` touches ``(c, r±1)``, ``(c±1, r)``, ``(c+1, r+1)`` and
``(c−1, r−1)``; lines run along a column, a row (same r) and a diagonal (same c − r). Spaces are
indexed 0..210 column by column, each column upward, so the index order is the board order of the
notation (by column, then row).

The six directions in their turning order, clockwise as drawn (columns left to right, rows upward):
(0,−1), (−1,−1), (−1,0), (0,+1), (+1,+1), (+1,0). For a direction d, d′ is the next one (a sixth
clockwise), d″ the one after (a third), d‴ the one before (a sixth anticlockwise).

Rules at home here: which spaces exist, the three pairs of sides and the central hexagon, the lines
a PÜNCT slides along (:data:`REACH`), the spaces each kind of piece covers for each direction
(:data:`SHAPES`, in the order the notation writes them) and which kind three spaces make with a
given PÜNCT (:func:`kind_of`).
"""

from __future__ import annotations

from collections.abc import Callable

COLUMNS = "abcdefghijklmnopq"
#: the kinds of piece by their letters (Boardspace's), and how many of each a player has
KINDS = "TCEMLR"
T, C, E, M, L, R = range(6)
COUNTS = (6, 2, 4, 2, 2, 2)
PIECES = sum(COUNTS)  # 18 a player
#: the turning order of the directions, clockwise as drawn
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (-1, -1), (-1, 0), (0, 1), (1, 1), (1, 0))


def _rows(c: int) -> range:
    """The rows of column ``c`` (1..17) on the hexagon of side 9, corners included."""
    return range(1, 9 + c) if c <= 9 else range(c - 8, 18)


_CORNERS = {(1, 1), (1, 9), (9, 1), (9, 17), (17, 9), (17, 17)}
#: (c, r) of every space, column by column, each column upward
POINTS: tuple[tuple[int, int], ...] = tuple(
    (c, r) for c in range(1, 18) for r in _rows(c) if (c, r) not in _CORNERS
)
SPACES = len(POINTS)
INDEX: dict[tuple[int, int], int] = {point: i for i, point in enumerate(POINTS)}
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[c - 1]}{r}" for c, r in POINTS)
BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dc, dr = b[0] - a[0], b[1] - a[1]
    return max(abs(dc), abs(dr)) if (dc >= 0) == (dr >= 0) else abs(dc) + abs(dr)


CENTRE_POINT = (9, 9)  # i9
#: the central hexagon: the 19 spaces within two steps of i9
CENTRE: frozenset[int] = frozenset(i for i, p in enumerate(POINTS) if distance(p, CENTRE_POINT) <= 2)


def _side(test: Callable[[tuple[int, int]], bool]) -> frozenset[int]:
    return frozenset(i for i, p in enumerate(POINTS) if test(p))


#: the three pairs of opposite sides, 7 spaces each: columns a|q, rows 1|17, c − r = 8|−8
SIDES: tuple[tuple[frozenset[int], frozenset[int]], ...] = (
    (_side(lambda p: p[0] == 1), _side(lambda p: p[0] == 17)),
    (_side(lambda p: p[1] == 1), _side(lambda p: p[1] == 17)),
    (_side(lambda p: p[0] - p[1] == 8), _side(lambda p: p[0] - p[1] == -8)),
)


def step(index: int, direction: tuple[int, int], times: int = 1) -> int:
    """The space ``times`` steps from ``index`` in ``direction``; -1 off the board."""
    c, r = POINTS[index]
    return INDEX.get((c + direction[0] * times, r + direction[1] * times), -1)


#: NEIGHBOURS[i]: the spaces touching space i
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in (step(i, d) for d in DIRECTIONS) if n >= 0) for i in range(SPACES)
)


def _reach(index: int) -> tuple[int, ...]:
    out = [index]  # staying is a destination: a turn in place
    for direction in DIRECTIONS:
        times = 1
        while (other := step(index, direction, times)) >= 0:
            out.append(other)
            times += 1
    return tuple(out)


#: REACH[i]: where a PÜNCT on space i may go: i itself, then every space of its six lines
REACH: tuple[tuple[int, ...], ...] = tuple(_reach(i) for i in range(SPACES))


def _minor_dots(kind: int, index: int, turn: int) -> tuple[int, int] | None:
    """The two minor dots of ``kind`` with its PÜNCT on ``index`` and direction ``turn``, in the
    notation's order (E, L, R: the middle dot first; T, C, M: board order); None off the board."""
    d = DIRECTIONS[turn]
    d1, d2, d3 = DIRECTIONS[(turn + 1) % 6], DIRECTIONS[(turn + 2) % 6], DIRECTIONS[(turn + 5) % 6]
    first = step(index, d)
    if first < 0:
        return None
    if kind == T:
        second = step(index, d1)
    elif kind == C:
        second = step(index, (-d[0], -d[1]))
    elif kind == E:
        second = step(index, d, 2)
    elif kind == M:
        second = step(index, d2)
    elif kind == L:
        second = step(first, d1)
    else:
        second = step(first, d3)
    if second < 0:
        return None
    if kind in (T, C, M) and second < first:
        return second, first
    return first, second


def _shapes(kind: int, index: int) -> tuple[tuple[int, int], ...]:
    found: list[tuple[int, int]] = []
    for turn in range(6):
        dots = _minor_dots(kind, index, turn)
        if dots is not None and dots not in found:
            found.append(dots)
    return tuple(found)


#: SHAPES[kind][i]: the minor dots (a, b) of every way a piece of ``kind`` lies with its PÜNCT on
#: space i, in the notation's order; a straight piece with its PÜNCT in the middle lies 3 ways, the
#: others 6 (fewer near the edge)
SHAPES: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(_shapes(kind, i) for i in range(SPACES)) for kind in range(6)
)
#: the kinds whose PÜNCT is the middle dot (a bridge's PÜNCT over what it bridges)
PUNCT_IN_MIDDLE = frozenset({C, M})

_KIND_OF: dict[tuple[int, frozenset[int]], tuple[int, tuple[int, int]]] = {
    (index, frozenset(dots)): (kind, dots)
    for kind in range(6)
    for index in range(SPACES)
    for dots in SHAPES[kind][index]
}


def kind_of(punct: int, x: int, y: int) -> tuple[int, tuple[int, int]] | None:
    """The kind of piece whose PÜNCT is on ``punct`` and whose minor dots are ``x`` and ``y`` (in
    either order), with the minor dots in the notation's order; None when they make no piece."""
    return _KIND_OF.get((punct, frozenset((x, y))))


def ends_and_middle(kind: int, punct: int, a: int, b: int) -> tuple[int, int, int]:
    """The two end dots and the middle dot of a straight or angular piece (a bridge's parts)."""
    if kind in PUNCT_IN_MIDDLE:
        return a, b, punct
    return punct, b, a


assert SPACES == 211 and len(CENTRE) == 19
assert all(len(a) == 7 and len(b) == 7 for a, b in SIDES)
