"""The DVONN move tree counted (perft), its last two plies without playing the last one.

One ply is one placement, one stacking move or one forced pass; a position where the game is over
has no children. Positions are memoized on (board, side, placed, depth). The last ply is counted
(:func:`arbiter.dvonn.moves.count_moves`); the two last plies from a position in the stacking phase
are counted by :func:`count_grandchildren`, which plays none of the replies: a stacking move
changes the opponent's number of moves in a few places only (see there).
"""

from __future__ import annotations

from arbiter.dvonn.board import (
    BIT,
    DVONN,
    NEIGHBOUR_MASK,
    NEIGHBOURS_AROUND,
    ONE_ARC,
    PIECE_OF,
    TARGETS,
    Board,
    occupancy,
    stacking_moves,
)
from arbiter.dvonn.moves import STACK, Move, apply_move, count_moves, legal_moves
from arbiter.dvonn.position import Position

PerftKey = tuple[tuple[str, ...], int, int, int]


def surrounded_mask(occ: int) -> int:
    """The occupied spaces whose six neighbours are all occupied (a space off the board is never
    occupied, as the padded layout of :data:`arbiter.dvonn.board.BIT` keeps it)."""
    return occ & occ << 1 & occ >> 1 & occ << 12 & occ >> 12 & occ << 13 & occ >> 13


class _Replies:
    """The opponent's stacking moves in a position, ready to be updated for each move of the side
    to move: per space, how many moves its stack has and how many stacks may land on it."""

    def __init__(self, board: Board, occ: int, opponent: int) -> None:
        piece = PIECE_OF[opponent]
        self.surrounded = surrounded_mask(occ)
        self.moves = [0] * len(board)
        self.landing = [0] * len(board)
        self.total = 0
        self.stuck = 0  # the opponent's surrounded stacks
        for i, stack in enumerate(board):
            if stack[-1:] != piece:
                continue
            if self.surrounded & BIT[i]:
                self.stuck |= BIT[i]
                continue
            targets = TARGETS[i][len(stack)] & occ
            self.moves[i] = targets.bit_count()
            self.total += self.moves[i]
            while targets:
                low = targets & -targets
                self.landing[_SPACE_OF_BIT[low]] += 1
                targets ^= low

    def after(self, board: Board, occ: int, src: int, dst: int) -> int:
        """The opponent's number of stacking moves once the stack on ``src`` moved onto ``dst``
        (no stack cut off): moves onto ``src`` are gone, so are the moves of a stack of his on
        ``dst`` (now the mover's), and his stacks next to ``src`` that were surrounded are free."""
        count = self.total - self.landing[src] - self.moves[dst]
        if self.moves[dst] and len(board[dst]) == len(board[src]):
            count += 1  # the stack on dst could land on src: counted in both
        freed = self.stuck & NEIGHBOUR_MASK[src] & ~BIT[dst]
        if freed:
            left = occ & ~BIT[src]
            for n in NEIGHBOURS_AROUND[src]:
                if n >= 0 and freed & BIT[n]:
                    count += (TARGETS[n][len(board[n])] & left).bit_count()
        return count


_SPACE_OF_BIT: dict[int, int] = {bit: i for i, bit in enumerate(BIT)}


def count_grandchildren(position: Position) -> int:
    """The number of positions two plies on, i.e. ``sum(count_moves(child))`` over the children."""
    board = position.board
    if position.placing:
        return sum(count_moves(apply_move(position, move)[0]) for move in legal_moves(position))
    moves = stacking_moves(board, position.to_move)
    if not moves:  # a forced pass or the end: one child at most
        return sum(count_moves(apply_move(position, move)[0]) for move in legal_moves(position))
    occ = occupancy(board)
    replies = _Replies(board, occ, 1 - position.to_move)
    total = 0
    for src, dst in moves:
        count = 0
        if DVONN not in board[src] and occ & NEIGHBOUR_MASK[src] in ONE_ARC[src]:
            count = replies.after(board, occ, src, dst)
        if not count:  # stacks cut off, or the opponent passes or the game ends: play it
            count = count_moves(apply_move(position, Move(STACK, src, dst))[0])
        total += count
    return total


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth."""
    memo: dict[PerftKey, int] = {}

    def count(node: Position, remaining: int) -> int:
        if remaining == 1:
            return count_moves(node)
        key = (node.board, node.to_move, node.placed, remaining)
        cached = memo.get(key)
        if cached is not None:
            return cached
        if remaining == 2:
            memo[key] = count_grandchildren(node)
            return memo[key]
        total = 0
        for move in legal_moves(node):
            child, _ = apply_move(node, move)
            total += count(child, remaining - 1)
        memo[key] = total
        return total

    return [count(position, d) for d in range(1, depth + 1)]
