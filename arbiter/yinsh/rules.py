"""The YINSH rules, one decision at a time: the decisions open in a position, playing one, the end.

A decision is a ring placed, a move (a marker put in a ring and the ring moved), a row taken, a
ring removed or a pass: the steps of perft (the specification's counting). Rules at home here:

* the order of a turn (:func:`decisions`): the player to move first takes the rows in his colour
  (the opponent's move made them, Y-2), each followed by a ring; then he moves, or passes when no
  ring of his can move (Y-1); then he takes the rows his move made in his colour, each with a ring;
  the rows it made in the opponent's colour are the opponent's, at the start of his turn;
* a row of six or more, or rows sharing markers: the owner picks five adjacent markers of his
  colour, one row at a time, and a row broken by a taking is gone (:func:`decisions` lists every
  five of them; the board is looked at again after each);
* the end (:func:`ending`): the rings a player needs removed (three, blitz one) win at once; a turn
  that would start with the pool empty ends the game, the last move's rows taken first (Y-3); so
  does a turn where neither player can move a ring (Y-1); then the rings removed decide, equal
  rings a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.yinsh.board import (
    EMPTY,
    MARKER,
    MARKERS,
    RING,
    WINDOWS,
    Board,
    can_move,
    destinations,
    jumped,
    markers_on,
    rows,
)
from arbiter.yinsh.position import Position
from arbiter.yinsh.spec import BLOCKED, RINGS
from arbiter.yinsh.spec import MARKERS as MARKERS_END

PLACE = "place"
MOVE = "move"
ROW = "row"
REMOVE = "ring"
PASS = "pass"


@dataclass(frozen=True, slots=True)
class Decision:
    """``kind`` with its points: a placement's point; a move's ring and destination; a row's
    window (an index into :data:`arbiter.yinsh.board.WINDOWS`); the removed ring's point."""

    kind: str
    a: int = -1
    b: int = -1


PASS_DECISION = Decision(PASS)


@dataclass(frozen=True, slots=True)
class End:
    """How a game ended: the winner (None: a draw) and the end's code."""

    winner: int | None
    code: str


def _by_rings(pos: Position, code: str) -> End:
    white, black = pos.removed
    return End(None if white == black else (0 if white > black else 1), code)


def ending(pos: Position) -> End | None:
    """The end of the game in this position, None while it goes on."""
    for player in (0, 1):
        if pos.removed[player] >= pos.target:
            return End(player, RINGS)
    if pos.placing or pos.moved or pos.ring_owed or rows(pos.board, pos.to_move):
        return None
    if markers_on(pos.board) >= MARKERS:
        return _by_rings(pos, MARKERS_END)
    if not can_move(pos.board, pos.to_move) and not can_move(pos.board, 1 - pos.to_move):
        return _by_rings(pos, BLOCKED)
    return None


def ring_moves(board: Board, player: int) -> list[Decision]:
    ring = RING + player
    return [
        Decision(MOVE, index, dst)
        for index, here in enumerate(board)
        if here == ring
        for dst in destinations(board, index)
    ]


def decisions(pos: Position) -> list[Decision]:
    """Every decision open to the player to move, in board order; none once the game is over."""
    if ending(pos) is not None:
        return []
    board = pos.board
    if pos.placing:
        return [Decision(PLACE, index) for index, here in enumerate(board) if here == EMPTY]
    if pos.ring_owed:
        ring = RING + pos.to_move
        return [Decision(REMOVE, index) for index, here in enumerate(board) if here == ring]
    found = rows(board, pos.to_move)
    if found:
        return [Decision(ROW, window) for window in found]
    return ring_moves(board, pos.to_move) or [PASS_DECISION]


def count_decisions(pos: Position) -> int:
    """``len(decisions(pos))`` without building them where that is cheaper."""
    if ending(pos) is not None:
        return 0
    board = pos.board
    if pos.placing:
        return board.count(EMPTY)
    if pos.ring_owed:
        return board.count(RING + pos.to_move)
    found = rows(board, pos.to_move)
    if found:
        return len(found)
    ring = RING + pos.to_move
    count = sum(len(destinations(board, index)) for index, here in enumerate(board) if here == ring)
    return count or 1


def _hand_over(pos: Position) -> Position:
    """After a decision: the turn passes once the mover has moved and has no row left to take."""
    if pos.ring_owed or not pos.moved or pos.removed[pos.to_move] >= pos.target:
        return pos
    if rows(pos.board, pos.to_move):
        return pos
    return replace(pos, to_move=1 - pos.to_move, moved=False)


def apply(pos: Position, decision: Decision) -> Position:
    """Play a decision known to be legal."""
    player = pos.to_move
    kind = decision.kind
    if kind == PLACE:
        board = list(pos.board)
        board[decision.a] = RING + player
        return replace(pos, board=tuple(board), to_move=1 - player)
    if kind == PASS:
        return replace(pos, to_move=1 - player, moved=False)
    board = list(pos.board)
    if kind == MOVE:
        for point in jumped(pos.board, decision.a, decision.b):
            board[point] = MARKER + (1 - (board[point] - MARKER))
        board[decision.a] = MARKER + player
        board[decision.b] = RING + player
        return _hand_over(replace(pos, board=tuple(board), moved=True))
    if kind == ROW:
        for point in WINDOWS[decision.a]:
            board[point] = EMPTY
        return replace(pos, board=tuple(board), ring_owed=True)
    board[decision.a] = EMPTY
    removed = (pos.removed[0] + (player == 0), pos.removed[1] + (player == 1))
    return _hand_over(replace(pos, board=tuple(board), ring_owed=False, removed=removed))


def perft_counts(pos: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth, one decision a step (the specification's counting)."""
    return [_perft(pos, d) for d in range(1, depth + 1)]


def _perft(pos: Position, depth: int) -> int:
    if depth == 1:
        return count_decisions(pos)
    return sum(_perft(apply(pos, decision), depth - 1) for decision in decisions(pos))
