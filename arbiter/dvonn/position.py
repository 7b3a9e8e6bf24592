"""DVONN positions: the board, the side to move and the placement count; the position text.

Rules at home here: the placement order (:func:`placement_piece`, :func:`placement_player`: the
three DVONN pieces first, then black and white alternately, White making the 49th placement and
the first stacking move), when the game is over (:meth:`Position.is_over`) or the side to move
must pass (:meth:`Position.must_pass`), and which positions can arise in a game
(:func:`parse_position`).

Position text: ``dvonn <side> <placed> <row1>/<row2>/<row3>/<row4>/<row5>``. Each row lists its
spaces from the lowest column up, separated by commas; a space is ``.`` when empty, else its
pieces bottom to top (``w``, ``b``, ``d``). The side is ``w`` or ``b`` (:mod:`arbiter.colour`).
Example of the start position:
``dvonn w 0 .,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,.,./.,.,...`` (49 dots).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.colour import BLACK, LETTERS, WHITE, from_letter
from arbiter.dvonn.board import (
    BIT,
    BLACK_PIECE,
    COLUMNS,
    DVONN,
    DVONN_PIECES,
    EMPTY_BOARD,
    NAMES,
    PIECES_PER_COLOUR,
    ROW_SPANS,
    TOTAL_PIECES,
    WHITE_PIECE,
    Board,
    has_stacking_move,
    linked_mask,
    score,
)
from arbiter.errors import PLAYER_MESSAGES, InvalidPositionError, gettext_noop
from arbiter.positions import position_fields
from arbiter.records import small_number


def placement_piece(placed: int) -> str:
    """The piece of the placement after ``placed`` placements: 3 DVONN pieces, then black, white..."""
    if placed < DVONN_PIECES:
        return DVONN
    return BLACK_PIECE if placed % 2 == 1 else WHITE_PIECE


def placement_player(placed: int) -> int:
    """Who makes placement number ``placed + 1``: White, Black, White, ... (White also makes the 49th)."""
    return WHITE if placed % 2 == 0 else BLACK


def ply_mover(ply: int) -> int:
    """Who makes ply ``ply`` (1 for the first): the placements by :func:`placement_player`, then
    White's first stacking move right after his 49th placement (a double turn), then the two sides
    in turn (a pass is a ply)."""
    if ply <= TOTAL_PIECES:
        return placement_player(ply - 1)
    return WHITE if (ply - TOTAL_PIECES) % 2 == 1 else BLACK


@dataclass(frozen=True, slots=True)
class Position:
    """A DVONN position: the board, the side to move and how many pieces were placed (0..49)."""

    board: Board
    to_move: int  # 0 White, 1 Black
    placed: int

    @property
    def placing(self) -> bool:
        return self.placed < TOTAL_PIECES

    def is_over(self) -> bool:
        """The game ends when, in the stacking phase, neither player can move."""
        if self.placing:
            return False
        return not has_stacking_move(self.board, WHITE) and not has_stacking_move(self.board, BLACK)

    def must_pass(self) -> bool:
        """The side to move has no stacking move but the opponent has one."""
        if self.placing or has_stacking_move(self.board, self.to_move):
            return False
        return has_stacking_move(self.board, 1 - self.to_move)

    def score(self) -> tuple[int, int]:
        return score(self.board)

    def text(self) -> str:
        return format_position(self)


START = Position(EMPTY_BOARD, WHITE, 0)


def format_position(position: Position) -> str:
    rows: list[str] = []
    start = 0
    for lo, hi in ROW_SPANS:
        width = hi - lo + 1
        rows.append(",".join(stack or "." for stack in position.board[start : start + width]))
        start += width
    return f"dvonn {LETTERS[position.to_move]} {position.placed} {'/'.join(rows)}"


def parse_position(text: str) -> Position:
    """Read a position text, checking that the position could arise in a game."""
    fields = position_fields(
        text,
        "dvonn",
        4,
        gettext_noop("a DVONN position starts with the word 'dvonn'"),
        gettext_noop("a DVONN position has 4 fields: dvonn <side w|b> <placed 0-49> <board rows a/b/c/d/e>"),
    )
    _, side, placed_text, board_text = fields
    to_move = from_letter(side)
    if to_move is None:
        raise InvalidPositionError(
            gettext_noop("side to move must be 'w' or 'b', not {side}"), side=repr(side)
        )
    placed_number = small_number(placed_text, 2)
    if placed_number is None or not 0 <= placed_number <= TOTAL_PIECES or placed_text != str(placed_number):
        raise InvalidPositionError(
            gettext_noop("placement count must be a number 0-49, not {placed_text}"),
            placed_text=repr(placed_text[:40]),
        )
    placed = placed_number
    rows = board_text.split("/")
    if len(rows) != len(ROW_SPANS):
        raise InvalidPositionError(
            gettext_noop("the board has 5 rows separated by '/', found {count}"), count=len(rows)
        )
    board: list[str] = []
    for number, (row, (lo, hi)) in enumerate(zip(rows, ROW_SPANS, strict=True), start=1):
        cells = row.split(",")
        if len(cells) != hi - lo + 1:
            raise InvalidPositionError(
                gettext_noop("row {number} has {spaces} spaces, found {count}"),
                number=number,
                spaces=hi - lo + 1,
                count=len(cells),
            )
        for offset, cell in enumerate(cells):
            name = f"{COLUMNS[lo + offset]}{number}"
            if cell == ".":
                board.append("")
            elif cell and all(ch in "wbd" for ch in cell):
                if len(cell) > 1 and cell[-1] == DVONN:
                    raise InvalidPositionError(
                        gettext_noop("{name}: a DVONN piece can only be on top when alone"), name=name
                    )
                board.append(cell)
            else:
                raise InvalidPositionError(
                    gettext_noop("{name}: a space is '.' or pieces from w, b, d; not {cell}"),
                    name=name,
                    cell=repr(cell),
                )
    position = Position(tuple(board), to_move, placed)
    _check_position(position)
    return position


def _check_position(position: Position) -> None:
    board = position.board
    joined = "".join(board)
    whites, blacks = joined.count(WHITE_PIECE), joined.count(BLACK_PIECE)
    dvonns = joined.count(DVONN)
    if position.placing:
        if any(len(stack) > 1 for stack in board):
            raise InvalidPositionError(gettext_noop("there are no stacks during the placement phase"))
        expected_d = min(position.placed, DVONN_PIECES)
        expected_b = sum(1 for n in range(position.placed) if placement_piece(n) == BLACK_PIECE)
        expected_w = position.placed - expected_d - expected_b
        if (whites, blacks, dvonns) != (expected_w, expected_b, expected_d):
            raise InvalidPositionError(
                gettext_noop(
                    "after {placed} placements the board holds {expected_w} white, {expected_b} black and {expected_d} DVONN pieces, not {whites}, {blacks} and {dvonns}"
                ),
                placed=position.placed,
                expected_w=expected_w,
                expected_b=expected_b,
                expected_d=expected_d,
                whites=whites,
                blacks=blacks,
                dvonns=dvonns,
            )
        if position.to_move != placement_player(position.placed):
            raise InvalidPositionError(
                gettext_noop("{player} makes placement {number}"),
                player=PLAYER_MESSAGES[placement_player(position.placed)],
                number=position.placed + 1,
            )
        return
    if dvonns != DVONN_PIECES:
        raise InvalidPositionError(
            gettext_noop("the 3 DVONN pieces stay on the board, found {dvonns}"), dvonns=dvonns
        )
    if whites > PIECES_PER_COLOUR or blacks > PIECES_PER_COLOUR:
        raise InvalidPositionError(
            gettext_noop("at most 23 pieces of each colour, found {whites} white and {blacks} black"),
            whites=whites,
            blacks=blacks,
        )
    occ, reach = linked_mask(board)
    if occ != reach:
        lost = [NAMES[i] for i in range(len(board)) if board[i] and not reach & BIT[i]]
        raise InvalidPositionError(
            gettext_noop("not linked to a DVONN piece, should have been removed: {spaces}"),
            spaces=", ".join(lost),
        )
