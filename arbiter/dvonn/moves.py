"""DVONN moves: placements, stacking moves and forced passes; listing, checking and playing them.

Rules at home here: a player with no stacking move passes, and only then (:func:`legal_moves`);
the reason a move is refused (:func:`check_move`, which spells out the board's move rules of
:mod:`arbiter.dvonn.board` one by one for the message); playing a move (:func:`apply_move`).
The move tree is counted in :mod:`arbiter.dvonn.perft`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.colour import WHITE
from arbiter.dvonn.board import (
    CELLS,
    DVONN,
    NAMES,
    PIECE_OF,
    TOTAL_PIECES,
    WHITE_PIECE,
    count_stacking_moves,
    has_stacking_move,
    remove_unlinked_after_move,
    stacking_moves,
    surrounded_on,
)
from arbiter.dvonn.position import Position, placement_piece, placement_player
from arbiter.errors import PLAYER_MESSAGES, IllegalMoveError, Message, gettext_noop

PLACE = "place"
STACK = "move"
PASS = "pass"


@dataclass(frozen=True)
class Move:
    """``kind`` is place/move/pass; ``src`` the placement space or the stack moved; ``dst`` its landing."""

    kind: str
    src: int = -1
    dst: int = -1

    def text(self) -> str:
        """The service's notation: ``g2``, ``a2-b2``, ``pass``."""
        if self.kind == PLACE:
            return NAMES[self.src]
        if self.kind == STACK:
            return f"{NAMES[self.src]}-{NAMES[self.dst]}"
        return "pass"


PASS_MOVE = Move(PASS)


def legal_moves(position: Position) -> list[Move]:
    """Every legal move: the empty spaces while placing, else the stacking moves, else a forced
    pass when the opponent can still move, else nothing (the game is over)."""
    board = position.board
    if position.placing:
        return [Move(PLACE, i) for i, stack in enumerate(board) if not stack]
    moves = [Move(STACK, a, b) for a, b in stacking_moves(board, position.to_move)]
    if moves:
        return moves
    if has_stacking_move(board, 1 - position.to_move):
        return [PASS_MOVE]
    return []


def count_moves(position: Position) -> int:
    """``len(legal_moves(position))`` without building the moves."""
    board = position.board
    if position.placing:
        return sum(1 for stack in board if not stack)
    count = count_stacking_moves(board, position.to_move)
    if count:
        return count
    return 1 if has_stacking_move(board, 1 - position.to_move) else 0


def apply_move(position: Position, move: Move) -> tuple[Position, int]:
    """Play a move known to be legal; returns the new position and the number of pieces removed."""
    if move.kind == PLACE:
        board = list(position.board)
        board[move.src] = placement_piece(position.placed)
        placed = position.placed + 1
        to_move = WHITE if placed == TOTAL_PIECES else placement_player(placed)
        return Position(tuple(board), to_move, placed), 0
    if move.kind == PASS:
        return Position(position.board, 1 - position.to_move, position.placed), 0
    board = list(position.board)
    moved = board[move.src]
    board[move.dst] += moved
    board[move.src] = ""
    removed = remove_unlinked_after_move(board, move.src, moved)
    return Position(tuple(board), 1 - position.to_move, position.placed), removed


def check_move(position: Position, move: Move) -> None:
    """Raise :class:`IllegalMoveError` with the reason when the move is not legal here."""
    placing = position.placing
    if move.kind == PLACE and placing and not position.board[move.src]:
        return  # a placement on an empty space in the placement phase: the most common move
    if move.kind == STACK and not placing:
        # a stacking move that passes every check is legal, so the game is not over: whether it
        # is over is asked only of a refused move (the cheaper order, the same reasons)
        try:
            _check_stacking_move(position, move)
        except IllegalMoveError:
            if position.is_over():
                raise IllegalMoveError(gettext_noop("the game is over: neither player can move")) from None
            raise
        return
    board = position.board
    mover = PLAYER_MESSAGES[position.to_move]
    if not position.placing and position.is_over():
        raise IllegalMoveError(gettext_noop("the game is over: neither player can move"))
    if move.kind == PLACE:
        name = NAMES[move.src]
        if not position.placing:
            raise IllegalMoveError(
                gettext_noop("{name}: all 49 pieces are placed; the stacking phase has begun"), name=name
            )
        if board[move.src]:
            raise IllegalMoveError(gettext_noop("{name}: the space is already occupied"), name=name)
        return
    if position.placing:
        piece = placement_piece(position.placed)
        if piece == DVONN:
            what = Message(gettext_noop("a DVONN piece"))
        elif piece == WHITE_PIECE:
            what = Message(gettext_noop("a white piece"))
        else:
            what = Message(gettext_noop("a black piece"))
        raise IllegalMoveError(
            gettext_noop("{text}: placement phase, {mover} must place {what} (placement {number} of 49)"),
            text=move.text(),
            mover=mover,
            what=what,
            number=position.placed + 1,
        )
    if move.kind == PASS:
        count = count_stacking_moves(board, position.to_move)
        if count:
            raise IllegalMoveError(
                gettext_noop("pass: {mover} has {count} legal move(s) and may not pass"),
                mover=mover,
                count=count,
            )
        return


def _check_stacking_move(position: Position, move: Move) -> None:
    """The reasons of :func:`check_move` for a stacking move in the stacking phase."""
    board = position.board
    stack = board[move.src]
    if not stack:
        raise IllegalMoveError(
            gettext_noop("{text}: there is no piece on {space}"), text=move.text(), space=NAMES[move.src]
        )
    if stack == DVONN:
        raise IllegalMoveError(gettext_noop("{text}: a lone DVONN piece cannot move"), text=move.text())
    if stack[-1] != PIECE_OF[position.to_move]:
        opponent = PLAYER_MESSAGES[1 - position.to_move]  # a DVONN piece is on top only when alone
        raise IllegalMoveError(
            gettext_noop("{text}: the stack on {space} is controlled by {opponent}"),
            text=move.text(),
            space=NAMES[move.src],
            opponent=opponent,
        )
    (c0, r0), (c1, r1) = CELLS[move.src], CELLS[move.dst]
    dc, dr = c1 - c0, r1 - r0
    if dc == 0 and dr == 0:
        raise IllegalMoveError(gettext_noop("{text}: a move must leave its space"), text=move.text())
    if not (dc == 0 or dr == 0 or dc == dr):
        raise IllegalMoveError(gettext_noop("{text}: not a straight line"), text=move.text())
    if surrounded_on(board, move.src):
        raise IllegalMoveError(
            gettext_noop("{text}: the stack on {space} is surrounded on all six sides"),
            text=move.text(),
            space=NAMES[move.src],
        )
    distance = max(abs(dc), abs(dr))
    height = len(stack)
    if distance != height:
        if height == 1:
            template = gettext_noop("{text}: must move exactly 1 space (stack height 1), not {distance}")
        else:
            template = gettext_noop(
                "{text}: must move exactly {height} spaces (stack height {height}), not {distance}"
            )
        raise IllegalMoveError(template, text=move.text(), height=height, distance=distance)
    if not board[move.dst]:
        raise IllegalMoveError(gettext_noop("{text}: lands on an empty space"), text=move.text())
