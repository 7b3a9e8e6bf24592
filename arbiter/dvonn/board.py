"""DVONN board geometry, rules and the position text format.

The 49 spaces use the Little Golem / CodeCup coordinates: row 1 holds columns a-i, row 2 a-j,
row 3 a-k, row 4 b-k and row 5 c-k. In (column, row) numbers this is an axial hex grid whose six
neighbours of (c, r) are (c+-1, r), (c, r+-1), (c+1, r+1) and (c-1, r-1).

A stack is a string of piece letters from the bottom up: ``w`` white, ``b`` black, ``d`` DVONN.
The empty space is the empty string. A board is a tuple of 49 such strings in the order of
:data:`CELLS` (row 1 a..i, then row 2 a..j, and so on).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.errors import InvalidPositionError

ROW_SPANS: tuple[tuple[int, int], ...] = ((0, 8), (0, 9), (0, 10), (1, 10), (2, 10))  # columns per row
COLUMNS = "abcdefghijk"
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))

WHITE = "w"
BLACK = "b"
DVONN = "d"
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


def _ray(index: int, direction: tuple[int, int]) -> tuple[int, ...]:
    col, row = CELLS[index]
    out: list[int] = []
    while True:
        col, row = col + direction[0], row + direction[1]
        nxt = INDEX.get((col, row))
        if nxt is None:
            return tuple(out)
        out.append(nxt)


#: RAYS[i] holds, for each direction, the spaces met going from space i to the board edge.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, d) for d in DIRECTIONS) for i in range(len(CELLS))
)
#: Bit mask of the on-board neighbours of each space.
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(BIT[ray[0]] for ray in rays if ray) for rays in RAYS)
#: True when the space has six neighbours on the board (can ever be surrounded).
INTERIOR: tuple[bool, ...] = tuple(all(ray for ray in rays) for rays in RAYS)

Board = tuple[str, ...]
EMPTY_BOARD: Board = ("",) * len(CELLS)


def other(player: str) -> str:
    return BLACK if player == WHITE else WHITE


def colour_name(player: str) -> str:
    return "White" if player == WHITE else "Black"


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


def stacking_moves(board: Board, player: str) -> list[tuple[int, int]]:
    """Every (from, to) stacking move of ``player``, in board order then direction order."""
    occ = occupancy(board)
    moves: list[tuple[int, int]] = []
    for i, stack in enumerate(board):
        if not stack or stack[-1] != player:
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


def count_stacking_moves(board: Board, player: str) -> int:
    occ = occupancy(board)
    count = 0
    for i, stack in enumerate(board):
        if not stack or stack[-1] != player:
            continue
        mask = NEIGHBOUR_MASK[i]
        if INTERIOR[i] and occ & mask == mask:
            continue
        height = len(stack)
        for ray in RAYS[i]:
            if len(ray) >= height and board[ray[height - 1]]:
                count += 1
    return count


def has_stacking_move(board: Board, player: str) -> bool:
    occ = occupancy(board)
    for i, stack in enumerate(board):
        if not stack or stack[-1] != player:
            continue
        if surrounded(i, occ):
            continue
        height = len(stack)
        for ray in RAYS[i]:
            if len(ray) >= height and board[ray[height - 1]]:
                return True
    return False


def score(board: Board) -> tuple[int, int]:
    """(white, black): total height of the stacks each player controls (top piece colour)."""
    white = black = 0
    for stack in board:
        if stack:
            top = stack[-1]
            if top == WHITE:
                white += len(stack)
            elif top == BLACK:
                black += len(stack)
    return white, black


def placement_piece(placed: int) -> str:
    """The piece of the placement after ``placed`` placements: 3 DVONN pieces, then black, white..."""
    if placed < DVONN_PIECES:
        return DVONN
    return BLACK if placed % 2 == 1 else WHITE


def placement_player(placed: int) -> str:
    """Who makes placement number ``placed + 1``: White, Black, White, ... (White also makes the 49th)."""
    return WHITE if placed % 2 == 0 else BLACK


@dataclass(frozen=True)
class Position:
    """A DVONN position: the board, the side to move and how many pieces were placed (0..49)."""

    board: Board
    to_move: str
    placed: int

    @property
    def placing(self) -> bool:
        return self.placed < TOTAL_PIECES

    def key(self) -> tuple[Board, str, int]:
        return (self.board, self.to_move, self.placed)

    def is_over(self) -> bool:
        """The game ends when, in the stacking phase, neither player can move."""
        if self.placing:
            return False
        return not has_stacking_move(self.board, WHITE) and not has_stacking_move(self.board, BLACK)

    def must_pass(self) -> bool:
        """The side to move has no stacking move but the opponent has one."""
        if self.placing or has_stacking_move(self.board, self.to_move):
            return False
        return has_stacking_move(self.board, other(self.to_move))

    def score(self) -> tuple[int, int]:
        return score(self.board)

    def text(self) -> str:
        return format_position(self)


START = Position(EMPTY_BOARD, WHITE, 0)


# ---------------------------------------------------------------------------------------------
# Position text: ``dvonn <side> <placed> <row1>/<row2>/<row3>/<row4>/<row5>``
# Each row lists its spaces from the lowest column up, separated by commas; a space is ``.`` when
# empty, else its pieces bottom to top (``w``, ``b``, ``d``). Example of the start position:
# ``dvonn w 0 .,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,.,./.,.,...`` (49 dots).


def format_position(position: Position) -> str:
    rows: list[str] = []
    start = 0
    for lo, hi in ROW_SPANS:
        width = hi - lo + 1
        rows.append(",".join(stack or "." for stack in position.board[start : start + width]))
        start += width
    return f"dvonn {position.to_move} {position.placed} {'/'.join(rows)}"


def parse_position(text: str) -> Position:
    """Read a position text, checking that the position could arise in a game."""
    fields = text.split()
    if not fields or fields[0] != "dvonn":
        raise InvalidPositionError("a DVONN position starts with the word 'dvonn'")
    if len(fields) != 4:
        raise InvalidPositionError(
            "a DVONN position has 4 fields: dvonn <side w|b> <placed 0-49> <board rows a/b/c/d/e>"
        )
    _, side, placed_text, board_text = fields
    if side not in (WHITE, BLACK):
        raise InvalidPositionError(f"side to move must be 'w' or 'b', not {side!r}")
    if (
        not placed_text.isdigit()
        or not 0 <= int(placed_text) <= TOTAL_PIECES
        or placed_text != str(int(placed_text))
    ):
        raise InvalidPositionError(f"placement count must be a number 0-49, not {placed_text!r}")
    placed = int(placed_text)
    rows = board_text.split("/")
    if len(rows) != len(ROW_SPANS):
        raise InvalidPositionError(f"the board has 5 rows separated by '/', found {len(rows)}")
    board: list[str] = []
    for number, (row, (lo, hi)) in enumerate(zip(rows, ROW_SPANS, strict=True), start=1):
        cells = row.split(",")
        if len(cells) != hi - lo + 1:
            raise InvalidPositionError(f"row {number} has {hi - lo + 1} spaces, found {len(cells)}")
        for offset, cell in enumerate(cells):
            name = f"{COLUMNS[lo + offset]}{number}"
            if cell == ".":
                board.append("")
            elif cell and all(ch in "wbd" for ch in cell):
                if len(cell) > 1 and cell[-1] == DVONN:
                    raise InvalidPositionError(f"{name}: a DVONN piece can only be on top when alone")
                board.append(cell)
            else:
                raise InvalidPositionError(f"{name}: a space is '.' or pieces from w, b, d; not {cell!r}")
    position = Position(tuple(board), side, placed)
    _check_position(position)
    return position


def _check_position(position: Position) -> None:
    board = position.board
    joined = "".join(board)
    whites, blacks, dvonns = joined.count(WHITE), joined.count(BLACK), joined.count(DVONN)
    if position.placing:
        if any(len(stack) > 1 for stack in board):
            raise InvalidPositionError("there are no stacks during the placement phase")
        expected_d = min(position.placed, DVONN_PIECES)
        expected_b = sum(1 for n in range(position.placed) if placement_piece(n) == BLACK)
        expected_w = position.placed - expected_d - expected_b
        if (whites, blacks, dvonns) != (expected_w, expected_b, expected_d):
            raise InvalidPositionError(
                f"after {position.placed} placements the board holds {expected_w} white, {expected_b} black "
                f"and {expected_d} DVONN pieces, not {whites}, {blacks} and {dvonns}"
            )
        if position.to_move != placement_player(position.placed):
            raise InvalidPositionError(
                f"{colour_name(placement_player(position.placed))} makes placement {position.placed + 1}"
            )
        return
    if dvonns != DVONN_PIECES:
        raise InvalidPositionError(f"the 3 DVONN pieces stay on the board, found {dvonns}")
    if whites > PIECES_PER_COLOUR or blacks > PIECES_PER_COLOUR:
        raise InvalidPositionError(
            f"at most 23 pieces of each colour, found {whites} white and {blacks} black"
        )
    occ, reach = linked_mask(board)
    if occ != reach:
        lost = [NAMES[i] for i in range(len(board)) if board[i] and not reach & BIT[i]]
        raise InvalidPositionError(
            f"not linked to a DVONN piece, should have been removed: {', '.join(lost)}"
        )
