"""The YINSH board: 85 points on three families of lines, and the rules that look only at the board.

Coordinates as printed on the board: columns a to k, numbers counted from the bottom of each
column (a2-a5, b1-b7, c1-c8, d1-d9, e1-e10, f2-f10, g2-g11, h3-h11, i4-i11, j5-j11, k7-k10). The
three line directions are along a column (number +-1), along a number (letter +-1) and the
diagonal where letter and number grow together (b2-c3-d4); the other diagonal is no line.

A board is a tuple of 85 small numbers in the order of :data:`NAMES` (column a from the bottom,
then column b ...): :data:`EMPTY`, a ring (``RING + player``) or a marker (``MARKER + player``),
player 0 White and 1 Black (:mod:`arbiter.colour`).

Rules at home here: where a ring may go (:func:`destinations`: over empty points, over one group
of markers without a gap and then onto the first empty point, never over a ring), which markers
a move turns over (:func:`jumped`) and the rows of five (:func:`rows`, every five adjacent markers
of one colour on one line: a line of six gives two).
"""

from __future__ import annotations

from arbiter.grid import rays

COLUMNS = "abcdefghijk"
#: the numbers of each column's lowest and highest point
SPANS: tuple[tuple[int, int], ...] = (
    (2, 5), (1, 7), (1, 8), (1, 9), (1, 10), (2, 10), (2, 11), (3, 11), (4, 11), (5, 11), (7, 10),
)  # fmt: skip
#: the three line directions (letter step, number step); their opposites are the other three
LINE_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1))
DIRECTIONS: tuple[tuple[int, int], ...] = LINE_DIRECTIONS + tuple((-a, -b) for a, b in LINE_DIRECTIONS)

EMPTY = 0
RING = 1  # RING + player: a ring of that player
MARKER = 3  # MARKER + player: a marker with that player's colour up
RINGS_EACH = 5
MARKERS = 51  # the common pool
ROW = 5  # markers in a row

#: (letter index, number) of each point, column a first, each column from the bottom
CELLS: tuple[tuple[int, int], ...] = tuple(
    (col, number) for col, (lo, hi) in enumerate(SPANS) for number in range(lo, hi + 1)
)
INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[col]}{number}" for col, number in CELLS)
BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
POINTS = len(CELLS)
assert POINTS == 85

Board = tuple[int, ...]
EMPTY_BOARD: Board = (EMPTY,) * POINTS


#: RAYS[i][d]: the points met going from point i in DIRECTIONS[d] to the edge of the board
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = rays(CELLS, INDEX, DIRECTIONS)
#: every five adjacent points on one line, from the lower end in a line direction
WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    (i, *RAYS[i][d][: ROW - 1]) for i in range(POINTS) for d in range(3) if len(RAYS[i][d]) >= ROW - 1
)
#: each point's bit in a lattice mask: 12 bits a column (number 0 and 12 always clear), so that a
#: step along a column is a shift by 1, along a number by 12, along the diagonal by 13
LATTICE_BIT: tuple[int, ...] = tuple(1 << (col * 12 + number) for col, number in CELLS)
LINE_SHIFTS = (1, 12, 13)
WINDOW_MASKS: tuple[int, ...] = tuple(sum(LATTICE_BIT[i] for i in window) for window in WINDOWS)
#: a row by its two end points (either order) -> its window's index
WINDOW_BY_ENDS: dict[tuple[int, int], int] = {
    **{(w[0], w[-1]): k for k, w in enumerate(WINDOWS)},
    **{(w[-1], w[0]): k for k, w in enumerate(WINDOWS)},
}


def line_between(a: int, b: int) -> tuple[int, ...] | None:
    """The points from ``a`` (excluded) to ``b`` (included) when they share a line, else None."""
    for ray in RAYS[a]:
        if b in ray:
            return ray[: ray.index(b) + 1]
    return None


def destinations(board: Board, index: int) -> list[int]:
    """Where the ring on ``index`` may go: each direction's empty points up to the first marker,
    and the first empty point after that group of markers; never over or onto a ring."""
    out: list[int] = []
    for ray in RAYS[index]:
        jumping = False
        for point in ray:
            here = board[point]
            if here == EMPTY:
                out.append(point)
                if jumping:
                    break
            elif here >= MARKER:
                jumping = True
            else:
                break  # a ring
    return out


def can_move(board: Board, player: int) -> bool:
    """Whether any ring of ``player`` has a destination."""
    ring = RING + player
    for index, here in enumerate(board):
        if here == ring:
            for ray in RAYS[index]:
                for point in ray:
                    here = board[point]
                    if here == EMPTY:
                        return True
                    if here < MARKER:
                        break
    return False


def jumped(board: Board, src: int, dst: int) -> tuple[int, ...]:
    """The markers a ring moving from ``src`` to ``dst`` passes over (turned over by the move)."""
    path = line_between(src, dst) or ()
    return tuple(point for point in path[:-1] if board[point] >= MARKER)


def marker_mask(board: Board, player: int) -> int:
    """The lattice mask (:data:`LATTICE_BIT`) of the markers with ``player``'s colour up."""
    marker = MARKER + player
    return sum(LATTICE_BIT[index] for index, here in enumerate(board) if here == marker)


def _has_five(mask: int) -> bool:
    for shift in LINE_SHIFTS:
        run = mask & mask >> shift
        run &= run >> 2 * shift
        if run & mask >> 4 * shift:
            return True
    return False


def rows(board: Board, player: int) -> list[int]:
    """The windows (indices into :data:`WINDOWS`) of five markers of ``player``'s colour."""
    mask = marker_mask(board, player)
    if not _has_five(mask):
        return []
    return [k for k, window in enumerate(WINDOW_MASKS) if mask & window == window]


def markers_on(board: Board) -> int:
    return sum(1 for here in board if here >= MARKER)


def rings_on(board: Board, player: int) -> int:
    return board.count(RING + player)
