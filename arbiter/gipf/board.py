"""The GIPF board in official coordinates, with precomputed line tables.

Columns ``a``..``i`` hold 5, 6, 7, 8, 9, 8, 7, 6, 5 points, numbered from 1 at the bottom (the dot
``e1`` faces White). Internally a point is an axial pair ``(col, v)`` with ``col`` 0..8 and
``v = row + max(0, col - 4)``; the six neighbours of a point are then ``(0, ±1)``, ``(±1, 0)`` and
``±(1, 1)``. The 24 points at distance 4 from the centre ``e5`` are the dots; the 37 others are the
spots of the play area, indexed 0..36 column by column (``b2`` = 0 ... ``h5`` = 36).

A board is a tuple of 37 piece codes, one per spot (:data:`EMPTY`, :data:`WHITE_PIECE`, :data:`BLACK_PIECE`,
:data:`WHITE_GIPF`, :data:`BLACK_GIPF`); a piece's owner is the player number of
:mod:`arbiter.colour` (0 White, 1 Black).

Rules at home here, on a bare board: what a row is (:func:`find_rows`: four or more pieces of one
colour in a line, extended by the pieces next to them) and where a pushed chain ends
(:func:`chain_end`: on the first empty spot; a full line cannot be pushed). Rows are looked for
on the whole board at once: bit operations on the board read as one byte per spot tell whether a
colour has four in a line, and only then is each line read (as a string of colour letters). Which
pushes make a row, for perft, is :mod:`arbiter.gipf.push_rows`.
"""

from __future__ import annotations

import re
from operator import itemgetter

from arbiter.grid import CENTRE as CENTRE  # the GIPF lattice's (re-exported)
from arbiter.grid import COLUMNS as COLUMNS
from arbiter.grid import distance, point_name

# piece codes: colour parity (``owner``) is ``(piece + 1) & 1``
EMPTY, WHITE_PIECE, BLACK_PIECE, WHITE_GIPF, BLACK_GIPF = 0, 1, 2, 3, 4
Board = tuple[int, ...]


def owner(piece: int) -> int:
    """0 for a white piece, 1 for a black one (``piece`` must not be empty)."""
    return (piece + 1) & 1


def weight(piece: int) -> int:
    """Basic pieces a piece on the board stands for (a GIPF-piece is 2)."""
    return 2 if piece >= WHITE_GIPF else 1


DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))


def _points() -> list[tuple[int, int]]:
    points = []
    for col in range(9):
        for v in range(0, 11):
            if distance(col, v) <= 4:
                points.append((col, v))
    return points


ALL_POINTS = _points()
SPOT_POINTS: tuple[tuple[int, int], ...] = tuple(p for p in ALL_POINTS if distance(*p) < 4)
DOT_POINTS: tuple[tuple[int, int], ...] = tuple(p for p in ALL_POINTS if distance(*p) == 4)
NUM_SPOTS = len(SPOT_POINTS)  # 37

SPOT_NAMES: tuple[str, ...] = tuple(point_name(*p) for p in SPOT_POINTS)
SPOT_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPOT_NAMES)}
_SPOT_OF_POINT: dict[tuple[int, int], int] = {p: i for i, p in enumerate(SPOT_POINTS)}


class Entry:
    """One way into play: a dot and a direction; ``line`` lists the spots from the dot onwards."""

    __slots__ = ("index", "dot", "direction", "line", "far_dot")

    def __init__(self, index: int, dot: str, direction: tuple[int, int], line: tuple[int, ...], far_dot: str):
        self.index = index
        self.dot = dot
        self.direction = direction
        self.line = line
        self.far_dot = far_dot


def _entries() -> tuple[Entry, ...]:
    entries: list[Entry] = []
    for dot in DOT_POINTS:
        for dc, dv in DIRECTIONS:
            col, v = dot[0] + dc, dot[1] + dv
            if (col, v) not in _SPOT_OF_POINT:
                continue
            line = []
            while (col, v) in _SPOT_OF_POINT:
                line.append(_SPOT_OF_POINT[(col, v)])
                col, v = col + dc, v + dv
            entries.append(Entry(len(entries), point_name(*dot), (dc, dv), tuple(line), point_name(col, v)))
    return tuple(entries)


ENTRIES = _entries()  # 42 of them
ENTRY_BY_DOT: dict[str, tuple[Entry, ...]] = {}
for _entry in ENTRIES:
    ENTRY_BY_DOT[_entry.dot] = (*ENTRY_BY_DOT.get(_entry.dot, ()), _entry)


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every line of spots (21: seven per direction), each in one orientation."""
    seen: set[tuple[int, ...]] = set()
    lines: list[tuple[int, ...]] = []
    for entry in ENTRIES:
        if entry.direction in DIRECTIONS[:3] and entry.line not in seen:
            seen.add(entry.line)
            lines.append(entry.line)
    return tuple(lines)


LINES = _lines()


def entry_through(dot: str, spot: str) -> Entry | None:
    """The entry from ``dot`` whose line passes through ``spot`` (at most one), else None."""
    target = SPOT_INDEX.get(spot)
    if target is None:
        return None
    for entry in ENTRY_BY_DOT.get(dot, ()):
        if target in entry.line:
            return entry
    return None


def chain_end(board: Board, entry: Entry) -> int | None:
    """Position in ``entry.line`` of the first empty spot (where the pushed chain ends), or None."""
    for j, spot in enumerate(entry.line):
        if board[spot] == EMPTY:
            return j
    return None


#: The board read line by line for row detection: the spots of each line of :data:`LINES` in its
#: order, then the index :data:`NUM_SPOTS` (an empty spot appended to the board) between lines.
ROW_LAYOUT: tuple[int, ...] = tuple(spot for line in LINES for spot in (*line, NUM_SPOTS))
_GATHER_LINES = itemgetter(*ROW_LAYOUT)
# a piece code as a letter of its colour: "." empty, "w" white (basic or GIPF), "b" black
_COLOUR_LETTERS = bytes.maketrans(bytes(range(5)), b".wbwb")
_ROW = (re.compile(rb"[wb]*wwww[wb]*"), re.compile(rb"[wb]*bbbb[wb]*"))


def _run_groups() -> tuple[tuple[int, int, int, int], ...]:
    """The starts of four spots in a line, grouped by the steps between their indices: (the two low
    bits of the first spots' bytes, bit shifts to the second, third and fourth). Spots are numbered
    column by column, so a step along a column is always 1 and a step across columns depends on the
    column only."""
    groups: dict[tuple[int, int, int], int] = {}
    for spot, (col, v) in enumerate(SPOT_POINTS):
        for dc, dv in DIRECTIONS[:3]:
            run = [_SPOT_OF_POINT.get((col + k * dc, v + k * dv)) for k in range(4)]
            if None not in run:
                second, third, fourth = (8 * (other - spot) for other in run[1:] if other is not None)
                steps = (second, third, fourth)
                groups[steps] = groups.get(steps, 0) | 3 << 8 * spot
    return tuple((mask, *steps) for steps, mask in groups.items())


_RUN_GROUPS = _run_groups()
# a piece code as a bit of its colour, one byte per spot: White's in bit 0, Black's in bit 1
_COLOUR_BITS = bytes.maketrans(bytes(range(5)), bytes((0, 1, 2, 1, 2)))
_BYTE_LOW = int.from_bytes(b"\x01" * NUM_SPOTS, "little")


#: the last board :func:`_row_colours` read and its answer: a turn's removals after the push and the
#: next turn's before it read the same board (the same object) when the push made no row
_LAST_READ: tuple[Board, int] = ((), 0)


def _row_colours(board: Board) -> int:
    """Bit 0 set when four contiguous white pieces lie in a line, bit 1 when four black ones do
    (the board read as one byte per spot, 1 for a white piece and 2 for a black one: four spots of
    a line keep a bit only when they all have it)."""
    global _LAST_READ
    last = _LAST_READ  # read once: another thread may replace it, never change it
    if last[0] is board:
        return last[1]
    colours = int.from_bytes(bytes(board).translate(_COLOUR_BITS), "little")
    found = 0
    for starts, second, third, fourth in _RUN_GROUPS:
        found |= colours & starts & colours >> second & colours >> third & colours >> fourth
    answer = (1 if found & _BYTE_LOW else 0) | (2 if found & _BYTE_LOW << 1 else 0)
    _LAST_READ = (board, answer)
    return answer


def row_text(board: Board) -> bytes:
    """The board as the colours of :data:`ROW_LAYOUT`: a row is a run of letters holding ``wwww`` or
    ``bbbb`` (lines end at a ``.``, so no run spans two lines)."""
    return bytes(_GATHER_LINES(board + (EMPTY,))).translate(_COLOUR_LETTERS)


def find_rows(board: Board, player: int) -> list[tuple[int, ...]]:
    """Every row of ``player``: a maximal run of occupied spots on a line that contains four or
    more contiguous pieces of his colour (the run is what gets removed), line by line in the order
    of :data:`LINES`."""
    if not _row_colours(board) >> player & 1:
        return []
    # the leftmost match starts where its run of letters starts and takes the whole run
    return [ROW_LAYOUT[match.start() : match.end()] for match in _ROW[player].finditer(row_text(board))]


def has_any_row(board: Board) -> bool:
    """Whether either player has a row on the board."""
    return _row_colours(board) != 0


assert len(SPOT_POINTS) == 37 and len(DOT_POINTS) == 24 and len(ENTRIES) == 42 and len(LINES) == 21
