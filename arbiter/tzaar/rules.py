"""TZAAR moves: captures, stacks, passes and placements; listing, checking and playing them.

One move is one step of a turn (a capture, a stack, a pass, or a placement of the placement start);
a turn is a capture, then a capture, a stack or a pass (White's very first turn: one capture).

Rules at home here: what each step may be (:func:`legal_moves`), the reason a move is refused
(:func:`check_move`, naming the rule), playing one (:func:`apply_move`), when the game is over
(:func:`game_over`: a player without a stack topped by one of the three types, Z-2, tested after
every move; a player who cannot capture at the start of his turn), Z-3 (a stack may not cover one's
last stack of a type) and the move tree's count (:func:`perft_counts`).
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.colour import WHITE
from arbiter.errors import PLAYER_MESSAGES, IllegalMoveError, gettext_noop
from arbiter.perft import leaf_counts
from arbiter.tzaar.board import NAMES, RAYS, line_between, on_one_line
from arbiter.tzaar.position import (
    CAPTURE,
    COUNTS,
    PIECES,
    PLACE,
    SECOND,
    TYPE_NAMES,
    Position,
    Stack,
    piece_text,
)

TAKE, STACK, PASS, PUT = "capture", "stack", "pass", "place"


class Move(NamedTuple):
    """``kind`` (capture, stack, pass, place); ``src`` and ``dst`` the spaces moved from and to (a
    placement: ``dst`` its space, ``piece`` its type; the player to move's colour)."""

    kind: str
    src: int = -1
    dst: int = -1
    piece: int = -1

    def text(self, colour: int = WHITE) -> str:
        """The notation (Z-6): ``d3xd5``, ``d3+d5``, ``pass``, ``wT@c4``."""
        if self.kind == TAKE:
            return f"{NAMES[self.src]}x{NAMES[self.dst]}"
        if self.kind == STACK:
            return f"{NAMES[self.src]}+{NAMES[self.dst]}"
        if self.kind == PUT:
            return f"{piece_text(colour, self.piece)}@{NAMES[self.dst]}"
        return "pass"


PASS_MOVE = Move(PASS)


# ---------------------------------------------------------------------------------------------
# Listing


def _targets(board: tuple[Stack | None, ...], index: int) -> list[int]:
    """The first occupied space in each direction from ``index``."""
    out = []
    for ray in RAYS[index]:
        for space in ray:
            if board[space] is not None:
                out.append(space)
                break
    return out


def captures(position: Position) -> list[Move]:
    board, me = position.board, position.to_move
    moves = []
    for index, stack in enumerate(board):
        if stack is None or stack[0] != me:
            continue
        for target in _targets(board, index):
            other = board[target]
            assert other is not None
            if other[0] != me and other[2] <= stack[2]:
                moves.append(Move(TAKE, index, target))
    return moves


def stacks(position: Position) -> list[Move]:
    """The stacking moves, without those covering one's last stack of a type (Z-3)."""
    board, me = position.board, position.to_move
    tops = position.tops(me)
    moves = []
    for index, stack in enumerate(board):
        if stack is None or stack[0] != me:
            continue
        for target in _targets(board, index):
            other = board[target]
            assert other is not None
            if other[0] == me and tops[other[1]] > 1:
                moves.append(Move(STACK, index, target))
    return moves


def left_to_place(position: Position) -> list[int]:
    """How many pieces of each type the player to move has still to place."""
    placed = position.tops(position.to_move)
    return [count - done for count, done in zip(COUNTS, placed, strict=True)]


def placements(position: Position) -> list[Move]:
    left = left_to_place(position)
    return [
        Move(PUT, dst=index, piece=kind)
        for index, stack in enumerate(position.board)
        if stack is None
        for kind in range(3)
        if left[kind]
    ]


def game_over(position: Position) -> tuple[int, str] | None:
    """(loser, end code) once the game is over: ``no-type`` or ``no-capture``; else None."""
    missing = position.missing_type()
    if missing is not None:
        return missing[0], "no-type"
    if position.step == CAPTURE and not captures(position):
        return position.to_move, "no-capture"
    return None


def legal_moves(position: Position) -> list[Move]:
    """Every move of the step to play (none once the game is over)."""
    if position.step == PLACE:
        return placements(position)
    if game_over(position) is not None:
        return []
    if position.step == CAPTURE:
        return captures(position)
    return [*captures(position), *stacks(position), PASS_MOVE]


# ---------------------------------------------------------------------------------------------
# Playing


def apply_move(position: Position, move: Move) -> Position:
    """The position after a legal move (not checked: :func:`check_move` first)."""
    board = list(position.board)
    me = position.to_move
    text = move.text(me)
    if move.kind == PUT:
        board[move.dst] = (me, move.piece, 1)
        done = position.pieces() + 1 == 2 * PIECES
        return Position(tuple(board), WHITE if done else 1 - me, CAPTURE if done else PLACE, (text,))
    if move.kind != PASS:
        mover = board[move.src]
        target = board[move.dst]
        assert mover is not None and target is not None
        board[move.src] = None
        board[move.dst] = mover if move.kind == TAKE else (me, mover[1], mover[2] + target[2])
    if position.step == CAPTURE and not position.first_turn():
        return Position(tuple(board), me, SECOND, (text,))
    last = (*position.last, text) if position.step == SECOND else (text,)
    return Position(tuple(board), 1 - me, CAPTURE, last)


def _over_reason(position: Position) -> IllegalMoveError | None:
    """Why no move may follow: a player without a type (Z-2), or the player to move cannot capture."""
    missing = position.missing_type()
    if missing is not None:
        return IllegalMoveError(
            gettext_noop("{player} has no {type} left: the game is over"),
            player=PLAYER_MESSAGES[missing[0]],
            type=TYPE_NAMES[missing[1]],
        )
    if position.step == CAPTURE and not captures(position):
        return IllegalMoveError(
            gettext_noop("{player} cannot capture at the start of the turn: the game is over"),
            player=PLAYER_MESSAGES[position.to_move],
        )
    return None


def _check_placement(position: Position, move: Move, colour: int) -> None:
    me = position.to_move
    if position.step != PLACE:
        raise IllegalMoveError(gettext_noop("pieces are placed only in the placement start's first 60 moves"))
    if colour != me:
        raise IllegalMoveError(gettext_noop("{player} is to place a piece"), player=PLAYER_MESSAGES[me])
    if position.board[move.dst] is not None:
        raise IllegalMoveError(gettext_noop("{space} is taken"), space=NAMES[move.dst])
    if not left_to_place(position)[move.piece]:
        raise IllegalMoveError(
            gettext_noop("{player} has no {type} left to place"),
            player=PLAYER_MESSAGES[me],
            type=TYPE_NAMES[move.piece],
        )


def _check_way(position: Position, move: Move) -> tuple[Stack, Stack]:
    """The moving stack and the one it lands on, or the reason the way is refused."""
    board, me = position.board, position.to_move
    src, dst = move.src, move.dst
    mover = board[src]
    if mover is None:
        raise IllegalMoveError(gettext_noop("there is no stack on {space}"), space=NAMES[src])
    if mover[0] != me:
        raise IllegalMoveError(
            gettext_noop("the stack on {space} is {owner}'s: {player} is to move"),
            space=NAMES[src],
            owner=PLAYER_MESSAGES[mover[0]],
            player=PLAYER_MESSAGES[me],
        )
    if src == dst or not on_one_line(src, dst):
        raise IllegalMoveError(
            gettext_noop("{src} and {dst} are not on one line"), src=NAMES[src], dst=NAMES[dst]
        )
    way = line_between(src, dst)
    if way is None:
        raise IllegalMoveError(
            gettext_noop("the way from {src} to {dst} crosses the centre"), src=NAMES[src], dst=NAMES[dst]
        )
    for space in way[:-1]:
        if board[space] is not None:
            raise IllegalMoveError(
                gettext_noop(
                    "the way from {src} to {dst} passes over {space}: a move stops on the first piece"
                ),
                src=NAMES[src],
                dst=NAMES[dst],
                space=NAMES[space],
            )
    target = board[dst]
    if target is None:
        raise IllegalMoveError(
            gettext_noop("{space} is empty: a move ends on the first occupied space"), space=NAMES[dst]
        )
    return mover, target


def _check_capture(position: Position, move: Move) -> None:
    mover, target = _check_way(position, move)
    if target[0] == position.to_move:
        raise IllegalMoveError(
            gettext_noop(
                "{dst} is your own stack: a capture takes the opponent's (write {src}+{dst} to stack)"
            ),
            src=NAMES[move.src],
            dst=NAMES[move.dst],
        )
    if target[2] > mover[2]:
        raise IllegalMoveError(
            gettext_noop("a stack of height {mine} may not take a stack of height {theirs}"),
            mine=mover[2],
            theirs=target[2],
        )


def _check_stack(position: Position, move: Move) -> None:
    if position.step == CAPTURE:
        raise IllegalMoveError(gettext_noop("the first move of a turn must be a capture"))
    _, target = _check_way(position, move)
    if target[0] != position.to_move:
        raise IllegalMoveError(
            gettext_noop(
                "{dst} is the opponent's stack: a stack goes onto your own (write {src}x{dst} to capture)"
            ),
            src=NAMES[move.src],
            dst=NAMES[move.dst],
        )
    if position.tops(position.to_move)[target[1]] == 1:
        raise IllegalMoveError(
            gettext_noop("this stack would leave you without a {type}"), type=TYPE_NAMES[target[1]]
        )


def check_move(position: Position, move: Move, colour: int | None = None) -> None:
    """Raise :class:`IllegalMoveError` with the rule when ``move`` is refused (``colour``: the colour
    a placement names). A game that is over refuses every move with its end as the reason."""
    if position.step == PLACE:
        _check_in_placement(position, move, colour)
        return
    ended = _over_reason(position) if position.missing_type() is not None else None
    if ended is not None:
        raise ended
    try:
        _check_in_play(position, move)
    except IllegalMoveError as refused:
        # a legal first move is a capture: only a refused one asks whether there is any (the end)
        raise (_over_reason(position) or refused) from None


def _check_in_placement(position: Position, move: Move, colour: int | None) -> None:
    if move.kind != PUT:
        raise IllegalMoveError(
            gettext_noop("the placement goes on: {player} puts a piece on an empty space (like wT@c4)"),
            player=PLAYER_MESSAGES[position.to_move],
        )
    _check_placement(position, move, position.to_move if colour is None else colour)


def _check_in_play(position: Position, move: Move) -> None:
    if move.kind == PUT:
        _check_placement(position, move, position.to_move)
    elif move.kind == PASS:
        if position.step != SECOND:
            raise IllegalMoveError(gettext_noop("the first move of a turn must be a capture"))
    elif move.kind == TAKE:
        _check_capture(position, move)
    else:
        _check_stack(position, move)


# ---------------------------------------------------------------------------------------------
# The move tree


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth (one step a ply; the last ply counted, not played)."""
    return leaf_counts(position, depth, legal_moves, apply_move, _count)


def _count(position: Position) -> int:
    return len(legal_moves(position))
