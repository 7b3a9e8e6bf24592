"""Which pushes make a row, for every entry at once, by whole-board bit operations (perft's hot loop).

Valid only on a board where no row stands (either colour). A push from an entry whose line's first
empty spot is ``line[end]`` moves the pieces of ``line[0..end-1]`` one spot on and puts the new
piece on ``line[0]``; it makes a row exactly when

* the entry's own line, read afresh, holds four contiguous pieces of one colour, or
* a crossing line (one of the two other lines through a spot of ``line[0..end]``, which meets the
  entry's line only there) does: only that spot of it changed, so the row is there when the colour
  now on the spot has, on the crossing line, runs on its two sides that make four with it.

The board is read into a padded grid of one byte per point (column * 12 + v, see
:mod:`arbiter.gipf.board`), each byte 1 for a white piece and 2 for a black one, so that a step
along a line is a shift by 8, 96 or 104 bits and no run can wrap from one line to the next. Each
line's two pushes (one from each end) are looked up in a table per line keyed by the line's bytes
and the colour brought in, filled as lines are met; the crossing lines are whole-board masks,
computed once a board.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter

from arbiter.gipf.board import EMPTY, ENTRIES, LINES, NUM_SPOTS, SPOT_POINTS, Board, Entry

_WIDTH = 12  # grid cells per column (v is 0..10; 11 stays empty)
_CELLS = 9 * _WIDTH
_GRID_CELL: tuple[int, ...] = tuple(col * _WIDTH + v for col, v in SPOT_POINTS)
_GATHER_GRID = itemgetter(*(_GRID_CELL.index(g) if g in _GRID_CELL else NUM_SPOTS for g in range(_CELLS)))
_COLOUR_BYTES = bytes.maketrans(bytes(range(5)), bytes((0, 1, 2, 1, 2)))
_ONES = sum(1 << 8 * g for g in range(_CELLS))  # the low bit of every byte
#: bits per step along each orientation of a line: (0, ±1), (±1, 0), ±(1, 1)
_STEPS = (8, 8 * _WIDTH, 8 * (_WIDTH + 1))


def _orientation(direction: tuple[int, int]) -> int:
    dc, dv = direction
    return 0 if dc == 0 else 1 if dv == 0 else 2


def _bit(spot: int) -> int:
    return 1 << 8 * _GRID_CELL[spot]


_DIRECTIONS: tuple[tuple[int, int], ...] = tuple(sorted({entry.direction for entry in ENTRIES}))
_STEP_OF_DIRECTION: tuple[int, ...] = tuple(
    _STEPS[_orientation(direction)] * (1 if direction[0] + direction[1] > 0 else -1)
    for direction in _DIRECTIONS
)
_ORIENTATION_OF_DIRECTION: tuple[int, ...] = tuple(_orientation(direction) for direction in _DIRECTIONS)
#: per direction, the bits of the first spots of its entries' lines
_FIRSTS: tuple[int, ...] = tuple(
    sum(_bit(entry.line[0]) for entry in ENTRIES if entry.direction == direction) for direction in _DIRECTIONS
)
_PLAYER_BIT = 1 << 8 * _CELLS  # a key's bit beyond the grid: the piece brought in is black
_ROW_BIT = _PLAYER_BIT << 1  # a push's bits hold it when its own line then holds a row: always met
#: per line: the mask of its bytes (and of the player's bit) and its two entries (one from each end)
_LINES: tuple[tuple[int, tuple[Entry, ...]], ...] = tuple(
    (
        sum(3 * _bit(spot) for spot in line) | _PLAYER_BIT,
        tuple(entry for entry in ENTRIES if set(entry.line) == set(line)),
    )
    for line in LINES
)

#: (entry, end, direction's number, bits) of a push: the bits of the spots it changes (``line[0..end]``
#: less the empty one it ends on, plus ``line[0]``), or :data:`_ROW_BIT` when its own line then holds a row
Push = tuple[Entry, int, int, int]
_PUSHES: tuple[dict[int, tuple[Push, ...]], ...] = tuple({} for _ in LINES)


def _has_four(colours: list[int]) -> bool:
    run = 0
    last = 0
    for colour in colours:
        run = run + 1 if colour and colour == last else 1
        last = colour
        if colour and run >= 4:
            return True
    return False


def _line_pushes(entries: tuple[Entry, ...], key: int) -> tuple[Push, ...]:
    """The pushes along a line whose bytes are ``key`` (a full line has none)."""
    pushes: list[Push] = []
    piece = 2 if key & _PLAYER_BIT else 1
    for entry in entries:
        colours = [key >> 8 * _GRID_CELL[spot] & 3 for spot in entry.line]
        if 0 not in colours:
            return ()
        end = colours.index(0)
        bits = sum(_bit(spot) for spot in entry.line[: max(end, 1)])
        if _has_four([piece, *colours[:end], *colours[end + 1 :]]):
            bits = _ROW_BIT
        pushes.append((entry, end, _DIRECTIONS.index(entry.direction), bits))
    return tuple(pushes)


def _completes(mask: int, step: int) -> int:
    """The points where a piece of ``mask``'s colour would be the fourth (or more) in a line of step
    ``step``: runs of its colour on the two sides of the point make three or more."""
    right1 = mask >> step
    right2 = right1 & mask >> 2 * step
    left1 = mask << step
    left2 = left1 & mask << 2 * step
    return right2 & mask >> 3 * step | left2 & mask << 3 * step | right2 & left1 | right1 & left2


#: per direction: (its orientation, right and left shifts that take a spot's bit one step back)
_BACK: tuple[tuple[int, int, int], ...] = tuple(
    (o, max(step, 0), max(-step, 0))
    for step, o in zip(_STEP_OF_DIRECTION, _ORIENTATION_OF_DIRECTION, strict=True)
)


def _changing(board: Board, player: int) -> tuple[int, list[int]]:
    """The board's grid bytes (with :data:`_PLAYER_BIT` when ``player`` is Black), and per direction
    the bits of the spots whose change by a push in that direction completes a row on a crossing
    line: a piece there that completes one once moved a step on, or a first spot where ``player``'s
    piece brought in completes one (and :data:`_ROW_BIT`)."""
    grid = int.from_bytes(bytes(_GATHER_GRID(board + (EMPTY,))).translate(_COLOUR_BYTES), "little")
    white = grid & _ONES
    black = grid >> 1 & _ONES
    completes = [(_completes(white, step), _completes(black, step)) for step in _STEPS]
    crossing = [
        (completes[1][0] | completes[2][0], completes[1][1] | completes[2][1]),
        (completes[2][0] | completes[0][0], completes[2][1] | completes[0][1]),
        (completes[0][0] | completes[1][0], completes[0][1] | completes[1][1]),
    ]
    changing = [
        white & crossing[o][0] >> right << left
        | black & crossing[o][1] >> right << left
        | first & crossing[o][player]
        | _ROW_BIT
        for (o, right, left), first in zip(_BACK, _FIRSTS, strict=True)
    ]
    return grid | _PLAYER_BIT if player else grid, changing


def _line_table(grid: int) -> Iterator[tuple[Push, ...]]:
    """The pushes of each line of the board (read by :func:`_changing`), from the tables."""
    for (line_mask, entries), table in zip(_LINES, _PUSHES, strict=True):
        key = grid & line_mask
        pushes = table.get(key)
        if pushes is None:
            pushes = table[key] = _line_pushes(entries, key)
        yield pushes


def pushes_making_rows(board: Board, player: int) -> tuple[int, list[tuple[Entry, int]]]:
    """For a piece of ``player`` brought in on a board that holds no row: the number of pushes that
    make no row, and (entry, end) of those that make one."""
    grid, changing = _changing(board, player)
    quiet = 0
    rows: list[tuple[Entry, int]] = []
    for (line_mask, entries), table in zip(_LINES, _PUSHES, strict=True):  # _line_table, inlined
        key = grid & line_mask
        pushes = table.get(key)
        if pushes is None:
            pushes = table[key] = _line_pushes(entries, key)
        for entry, end, direction, bits in pushes:
            if bits & changing[direction]:
                rows.append((entry, end))
            else:
                quiet += 1
    return quiet, rows


def pushes_with_rows(board: Board, player: int) -> list[tuple[Entry, int, bool]]:
    """(entry, end, whether it makes a row) of every push of a piece of ``player`` brought in on a
    board that holds no row."""
    grid, changing = _changing(board, player)
    return [
        (entry, end, bool(bits & changing[direction]))
        for pushes in _line_table(grid)
        for entry, end, direction, bits in pushes
    ]
