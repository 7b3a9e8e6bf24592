"""The DVONN board: its geometry, the pieces, and the rules that look only at the stacks.

The 49 spaces use the Little Golem / CodeCup coordinates: row 1 holds columns a-i, row 2 a-j,
row 3 a-k, row 4 b-k and row 5 c-k. In (column, row) numbers this is an axial hex grid whose six
neighbours of (c, r) are (c+-1, r), (c, r+-1), (c+1, r+1) and (c-1, r-1).

A stack is a string of piece letters from the bottom up: ``w`` white, ``b`` black, ``d`` DVONN.
The empty space is the empty string. A board is a tuple of 49 such strings in the order of
:data:`CELLS` (row 1 a..i, then row 2 a..j, and so on). A player (``0`` White, ``1`` Black, see
:mod:`arbiter.colour`) controls the stacks whose top piece is his letter, ``PIECE_OF[player]``.

Rules at home here: a piece surrounded on all six sides cannot move (:func:`surrounded`); a
stack moves in a straight line exactly as many spaces as it is high, onto an occupied space
(:func:`stacking_moves`); pieces cut off from every DVONN piece leave the board
(:func:`remove_unlinked`); the score is the height of the stacks each player controls
(:func:`score`).
"""

from __future__ import annotations

from arbiter.grid import rays

ROW_SPANS: tuple[tuple[int, int], ...] = ((0, 8), (0, 9), (0, 10), (1, 10), (2, 10))  # columns per row
COLUMNS = "abcdefghijk"
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))

WHITE_PIECE = "w"
BLACK_PIECE = "b"
DVONN = "d"
PIECE_OF = (WHITE_PIECE, BLACK_PIECE)  # the piece letter of each player
PIECES_PER_COLOUR = 23
DVONN_PIECES = 3
TOTAL_PIECES = 2 * PIECES_PER_COLOUR + DVONN_PIECES  # 49, one per space

#: (column, row) of each space, row 1 first; indices into a board tuple.
CELLS: tuple[tuple[int, int], ...] = tuple(
    (col, row + 1) for row, (lo, hi) in enumerate(ROW_SPANS) for col in range(lo, hi + 1)
)
INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[col]}{row}" for col, row in CELLS)
BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
assert len(CELLS) == TOTAL_PIECES

# Occupancy bit masks use a padded layout (12 bits per row, column 11 always empty) so that a
# flood fill can step to all six neighbours with plain shifts: +-1, +-12 and +-13.
_ROW_WIDTH = 12
BIT: tuple[int, ...] = tuple(1 << ((row - 1) * _ROW_WIDTH + col) for col, row in CELLS)


#: RAYS[i] holds, for each direction, the spaces met going from space i to the board edge.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = rays(CELLS, INDEX, DIRECTIONS)
#: Bit mask of the on-board neighbours of each space.
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(BIT[ray[0]] for ray in rays if ray) for rays in RAYS)
#: True when the space has six neighbours on the board (can ever be surrounded).
INTERIOR: tuple[bool, ...] = tuple(all(ray for ray in rays) for rays in RAYS)
#: TARGETS[i][h]: bit mask of the spaces a stack of height ``h`` on space i could land on (0..49).
TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(BIT[ray[h - 1]] for ray in rays if 0 < h <= len(ray)) for h in range(TOTAL_PIECES + 1))
    for rays in RAYS
)
#: The six neighbours of a space in turn round it (each next to the one before and the last next to
#: the first); -1 for a neighbour off the board.
_AROUND = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
NEIGHBOURS_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((col + dc, row + dr), -1) for dc, dr in _AROUND) for col, row in CELLS
)


def _one_arc(occupied: list[bool]) -> bool:
    """Whether the occupied places of a ring of six form a single run (or none)."""
    starts = sum(1 for k in range(6) if occupied[k] and not occupied[k - 1])
    return starts <= 1


#: ONE_ARC[i]: the masks of occupied neighbours of space i that form a single run round it: emptying
#: space i then cuts no path between two of them (the run links them without it).
ONE_ARC: tuple[frozenset[int], ...] = tuple(
    frozenset(
        sum(BIT[n] for k, n in enumerate(around) if used >> k & 1 and n >= 0)
        for used in range(64)
        if _one_arc([bool(used >> k & 1) and around[k] >= 0 for k in range(6)])
    )
    for around in NEIGHBOURS_AROUND
)

Board = tuple[str, ...]
EMPTY_BOARD: Board = ("",) * len(CELLS)


def occupancy(board: Board) -> int:
    occ = 0
    for i, stack in enumerate(board):
        if stack:
            occ |= BIT[i]
    return occ


def surrounded(index: int, occ: int) -> bool:
    """A piece or stack with six occupied neighbours (the board edge counts as open)."""
    mask = NEIGHBOUR_MASK[index]
    return INTERIOR[index] and occ & mask == mask


def surrounded_on(board: Board, index: int) -> bool:
    """:func:`surrounded` read from the board's six neighbours of the space alone."""
    return INTERIOR[index] and all(map(board.__getitem__, NEIGHBOURS_AROUND[index]))


def linked_mask(board: Board) -> tuple[int, int]:
    """(occupied mask, mask of the spaces linked to a DVONN piece through occupied spaces)."""
    occ = 0
    reach = 0
    for i, stack in enumerate(board):
        if stack:
            occ |= BIT[i]
            if DVONN in stack:
                reach |= BIT[i]
    while True:
        grown = (
            reach | reach << 1 | reach >> 1 | reach << 12 | reach >> 12 | reach << 13 | reach >> 13
        ) & occ
        if grown == reach:
            return occ, reach
        reach = grown


def remove_unlinked(board: list[str]) -> int:
    """Take every stack not linked to a DVONN piece off the board (in place); pieces removed."""
    occ, reach = linked_mask(tuple(board))
    if occ == reach:
        return 0
    removed = 0
    for i, stack in enumerate(board):
        if stack and not reach & BIT[i]:
            removed += len(stack)
            board[i] = ""
    return removed


def remove_unlinked_after_move(board: list[str], src: int, moved: str) -> int:
    """:func:`remove_unlinked` after the stack ``moved`` left space ``src`` of a board where every
    stack was linked: nothing is cut off when the stack held no DVONN piece and the occupied
    neighbours of ``src`` form a single run round it."""
    if DVONN not in moved:
        neighbours = 0
        for n in NEIGHBOURS_AROUND[src]:
            if n >= 0 and board[n]:
                neighbours |= BIT[n]
        if neighbours in ONE_ARC[src]:
            return 0
    return remove_unlinked(board)


def stacking_moves(board: Board, player: int) -> list[tuple[int, int]]:
    """Every (from, to) stacking move of ``player``, in board order then direction order."""
    occ = occupancy(board)
    piece = PIECE_OF[player]
    moves: list[tuple[int, int]] = []
    for i, stack in enumerate(board):
        if not stack or stack[-1] != piece:
            continue  # empty, the opponent's, or a lone DVONN piece (top letter "d")
        if surrounded(i, occ):
            continue
        height = len(stack)
        for ray in RAYS[i]:
            if len(ray) >= height:
                target = ray[height - 1]
                if board[target]:
                    moves.append((i, target))
    return moves


def count_stacking_moves(board: Board, player: int) -> int:
    """``len(stacking_moves(board, player))`` without building the list."""
    occ = occupancy(board)
    piece = PIECE_OF[player]
    count = 0
    for i, stack in enumerate(board):
        if stack[-1:] == piece:
            mask = NEIGHBOUR_MASK[i]
            if occ & mask != mask or not INTERIOR[i]:
                count += (TARGETS[i][len(stack)] & occ).bit_count()
    return count


def has_stacking_move(board: Board, player: int) -> bool:
    occ = occupancy(board)
    piece = PIECE_OF[player]
    for i, stack in enumerate(board):
        if stack[-1:] == piece:
            mask = NEIGHBOUR_MASK[i]
            if (occ & mask != mask or not INTERIOR[i]) and TARGETS[i][len(stack)] & occ:
                return True
    return False


def score(board: Board) -> tuple[int, int]:
    """(white, black): total height of the stacks each player controls (top piece colour)."""
    white = black = 0
    for stack in board:
        if stack:
            top = stack[-1]
            if top == WHITE_PIECE:
                white += len(stack)
            elif top == BLACK_PIECE:
                black += len(stack)
    return white, black
