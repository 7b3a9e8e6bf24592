"""What the games' hexagonal boards share: the rays from a point to the board's edge on a lattice
of ``(column, number)`` pairs, and the GIPF lattice's distance from its centre and its names.

A board indexes its points (``index``: a point's pair to its index, absent off the board); a ray
is the points met going from one point in one direction, nearest first, up to the edge (or a hole
the index leaves out, as the TZAAR board's centre).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Point = tuple[int, int]

#: the GIPF lattice (GIPF, TZAAR): its columns and its centre, axial pairs (col, v)
COLUMNS = "abcdefghi"
CENTRE: Point = (4, 5)


def ray(index: Mapping[Point, int], point: Point, direction: Point) -> tuple[int, ...]:
    """The points met going from ``point`` in ``direction`` to the edge of the board."""
    col, number = point
    out: list[int] = []
    while True:
        col, number = col + direction[0], number + direction[1]
        nxt = index.get((col, number))
        if nxt is None:
            return tuple(out)
        out.append(nxt)


def rays(
    points: Sequence[Point], index: Mapping[Point, int], directions: Sequence[Point], *, empty: bool = True
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each point, its ray in each direction (``empty``: the empty ones kept, so that a ray's
    place is its direction's; else only the directions with a point next to it)."""
    return tuple(
        tuple(found for found in (ray(index, point, direction) for direction in directions) if empty or found)
        for point in points
    )


def distance(col: int, v: int) -> int:
    """The hex distance of ``(col, v)`` from the GIPF lattice's centre."""
    dc, dv = col - CENTRE[0], v - CENTRE[1]
    if (dc >= 0) == (dv >= 0):
        return max(abs(dc), abs(dv))
    return abs(dc) + abs(dv)


def point_name(col: int, v: int) -> str:
    """The name of ``(col, v)`` on the GIPF lattice: its column's letter and its number from the
    column's lower end."""
    return f"{COLUMNS[col]}{v - max(0, col - 4)}"
