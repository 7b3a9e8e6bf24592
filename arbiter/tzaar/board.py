"""The TZAAR board: 60 spaces, the hexagon of side 5 without its centre, and the lines through them.

Coordinates (Z-1): columns ``a`` to ``i`` holding 5, 6, 7, 8, 9, 8, 7, 6, 5 spaces, each numbered from
its lower end; ``e5`` is the centre and no space. Internally a space is an axial pair ``(col, v)``
with ``col`` 0..8 and ``v = row + max(0, col - 4)`` (the GIPF board's), whose six neighbours are
``(0, ±1)``, ``(±1, 0)`` and ``±(1, 1)``: the GIPF board's three line directions.

Spaces are indexed 0..59 column by column (``a1`` = 0 ... ``i5`` = 59).

Rules at home here: a move goes along a line over empty spaces and stops on the first occupied one;
it never crosses the centre nor leaves the board (:data:`RAYS`: for each space and direction, the
spaces met up to the edge or the centre).
"""

from __future__ import annotations

from arbiter.grid import CENTRE as CENTRE  # the GIPF lattice's (re-exported)
from arbiter.grid import COLUMNS as COLUMNS
from arbiter.grid import distance, point_name, rays

#: the six directions, in pairs of opposites: up, down, up-right, down-left, down-right... (axial)
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (0, -1), (1, 1), (-1, -1), (1, 0), (-1, 0))


#: (col, v) of every space, column by column, each column from its lower end
POINTS: tuple[tuple[int, int], ...] = tuple(
    (col, v) for col in range(9) for v in range(1, 10) if distance(col, v) <= 4 and (col, v) != CENTRE
)
NAMES: tuple[str, ...] = tuple(point_name(*p) for p in POINTS)
BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
INDEX: dict[tuple[int, int], int] = {p: i for i, p in enumerate(POINTS)}
SPACES = len(POINTS)
CENTRE_NAME = point_name(*CENTRE)


#: RAYS[i] holds, for each direction, the spaces met going from space i to the edge or the centre
#: (the index has no centre: a move stops short of it as of the edge)
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = rays(POINTS, INDEX, DIRECTIONS, empty=False)


def line_between(src: int, dst: int) -> tuple[int, ...] | None:
    """The spaces from ``src`` (excluded) to ``dst`` (included) along a line of the board, or None
    when they are on no line or the line crosses the centre."""
    for ray in RAYS[src]:
        if dst in ray:
            return ray[: ray.index(dst) + 1]
    return None


def on_one_line(src: int, dst: int) -> bool:
    """Whether two spaces are on one line of the board (the centre between them or not)."""
    (c1, v1), (c2, v2) = POINTS[src], POINTS[dst]
    return c1 == c2 or v1 == v2 or c1 - v1 == c2 - v2


assert SPACES == 60 and CENTRE_NAME == "e5" and CENTRE_NAME not in BY_NAME
