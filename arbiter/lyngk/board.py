"""The LYNGK board (L-1): 43 points on the lines of a six-pointed star, and the lines through them.

Coordinates: columns ``a`` to ``i`` of 1, 4, 7, 6, 7, 6, 7, 4, 1 points, each numbered from its lower
end. Internally a point is ``(col, y)``: ``col`` 0..8 and ``y`` its height in half-steps, 0 for the
lowest points (c1, e1, g1) to 12 for the highest (c7, e7, g7); in a column the points are 2 apart,
the next column's nearest points 1 up and 1 down. So the six directions are ``(0, ±2)`` (the
columns) and ``(±1, ±1)`` (the rising and the falling diagonals), and a line goes on point by point
until the board's edge, with no gap.

Points are indexed 0..42 column by column (``a1`` = 0, ``b1`` = 1 ... ``i1`` = 42): the order of a
``[Setup]`` tag (L-4) and of the position text's board.

Rules at home here: which points touch and where a line from a point goes (:data:`RAYS`: for each
point and each direction, the points met up to the edge).
"""

from __future__ import annotations

from arbiter import grid

COLUMNS = "abcdefghi"
#: the height (``y``) of each column's lowest point and its number of points
_COLUMN_SHAPE = ((6, 1), (3, 4), (0, 7), (1, 6), (0, 7), (1, 6), (0, 7), (3, 4), (6, 1))
#: the six directions, in pairs of opposites: up, down, up-right, down-left, down-right, up-left
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 2), (0, -2), (1, 1), (-1, -1), (1, -1), (-1, 1))

#: (col, y) of every point, column by column, each column from its lower end
POINTS: tuple[tuple[int, int], ...] = tuple(
    (col, low + 2 * step) for col, (low, count) in enumerate(_COLUMN_SHAPE) for step in range(count)
)
NAMES: tuple[str, ...] = tuple(
    f"{COLUMNS[col]}{step + 1}" for col, (_low, count) in enumerate(_COLUMN_SHAPE) for step in range(count)
)
BY_NAME: dict[str, int] = {name: index for index, name in enumerate(NAMES)}
INDEX: dict[tuple[int, int], int] = {point: index for index, point in enumerate(POINTS)}
SIZE = len(POINTS)
#: the indices of each column's points, from its lower end
COLUMN_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, (col, _y) in enumerate(POINTS) if col == column) for column in range(len(COLUMNS))
)


#: RAYS[i]: for each direction with a point next to point i, the points met from i to the edge
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = grid.rays(POINTS, INDEX, DIRECTIONS, empty=False)
#: NEIGHBOURS[i]: the points touching point i
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in rays) for rays in RAYS)


def ray_to(src: int, dst: int) -> tuple[int, ...] | None:
    """The points from ``src`` (excluded) to ``dst`` (included) along a line, None when the two are on
    no line of the board."""
    for ray in RAYS[src]:
        if dst in ray:
            return ray[: ray.index(dst) + 1]
    return None


def lines() -> list[tuple[int, ...]]:
    """Every line of the board of two points or more, each from its lower (or left) end: the
    columns b to h and the rising and falling diagonals (L-1)."""
    out = []
    for direction in ((0, 2), (1, 1), (1, -1)):
        back = (-direction[0], -direction[1])
        for index in range(SIZE):
            if not grid.ray(INDEX, POINTS[index], back):  # the line's first point
                line = (index, *grid.ray(INDEX, POINTS[index], direction))
                if len(line) > 1:
                    out.append(line)
    return out


assert SIZE == 43 and NAMES[0] == "a1" and NAMES[-1] == "i1"
