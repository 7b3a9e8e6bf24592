"""LYNGK decisions: claims, moves and passes; listing, checking and playing them; the end and the
move tree's count.

One decision is one ply (L-6): a claim (a colour taken, the same player then moves), a move (a whole
stack from its point to its landing, directly or through LYNGK points) or a pass.

Rules at home here: where a stack may land (:func:`landings`: the first occupied point met along a
line, L-7; the stacking limits, L-2; a neutral stack only onto one no higher, L-7; the LYNGK rule's
chains for a stack topped by one's own colour, L-8, its own point empty meanwhile), which claims are
open (L-5: two a player, one a turn, a move must follow), when a player passes and when the game is
over (L-10, L-11: a turn with a move, claims counted), what a move does to a stack of five (L-9),
the result (L-12) and the count of the move tree (:func:`perft_counts`, one decision a step). Why a
decision is refused is :mod:`arbiter.lyngk.checks`'s.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from arbiter.lyngk.board import NAMES, RAYS
from arbiter.lyngk.position import JOKER, MASKS, MAX_HEIGHT, Board, Position
from arbiter.perft import leaf_counts

CLAIM, MOVE, PASS = "claim", "move", "pass"


class Decision(NamedTuple):
    """``kind`` (claim, move, pass); a claim's ``colour`` (its letter); a move's ``src`` and ``dst``."""

    kind: str
    src: int = -1
    dst: int = -1
    colour: str = ""

    def text(self) -> str:
        """The notation (L-14): ``R`` a claim, ``c3-d4`` a move, ``pass``."""
        if self.kind == CLAIM:
            return self.colour
        if self.kind == MOVE:
            return f"{NAMES[self.src]}-{NAMES[self.dst]}"
        return "pass"


PASS_DECISION = Decision(PASS)


# ---------------------------------------------------------------------------------------------
# Where a stack lands


def _own_landings(board: Board, src: int, top: str, room: int, colours: int) -> set[int]:
    """The landings of a stack topped by its mover's colour ``top``: the first occupied point met from
    its point or from a LYNGK point (a point topped by ``top``, which the move must leave again),
    its own point empty meanwhile (L-8)."""
    out: set[int] = set()
    links = {src}
    todo = [src]
    while todo:
        here = todo.pop()
        for ray in RAYS[here]:
            for point in ray:
                stack = board[point]
                if not stack or point == src:
                    continue
                if stack[-1] == top:
                    if point not in links:
                        links.add(point)
                        todo.append(point)
                elif len(stack) <= room and not colours & MASKS[stack]:
                    out.add(point)
                break
    return out


def _landing_points(board: Board, src: int, own: str) -> list[int] | set[int]:
    """The landings of the stack on ``src`` (see :func:`landings`), in no order."""
    stack = board[src]
    height = len(stack)
    room = MAX_HEIGHT - height
    colours = MASKS[stack]
    top = stack[-1]
    if top in own:
        return _own_landings(board, src, top, room, colours)
    most = min(height, room)  # a neutral stack: onto one no higher (L-7), five at most (L-2)
    out: list[int] = []
    for ray in RAYS[src]:
        for point in ray:
            other = board[point]
            if other:
                if len(other) <= most and not colours & MASKS[other]:
                    out.append(point)
                break
    return out


def landings(board: Board, src: int, own: str) -> list[int]:
    """The points where the stack on ``src`` may land, its mover holding the colours ``own`` (the
    stack is his to move: topped by one of ``own`` or by a neutral colour, L-7), in board order."""
    return sorted(_landing_points(board, src, own))


def movable(stack: str, other: str) -> bool:
    """Whether a stack may be moved by a player whose opponent holds the colours ``other``: not
    empty, not a joker alone, not topped by the opponent's colour, not five high (L-7, L-9)."""
    return bool(stack) and stack[-1] != JOKER and stack[-1] not in other and len(stack) < MAX_HEIGHT


def moves(position: Position, own: str | None = None) -> list[Decision]:
    """Every move of the player to move (his claimed colours ``own``, by default his claims)."""
    board = position.board
    me = position.to_move
    own = position.claims[me] if own is None else own
    other = position.claims[1 - me]
    out: list[Decision] = []
    for src, stack in enumerate(board):
        if movable(stack, other):
            out.extend(Decision(MOVE, src, dst) for dst in landings(board, src, own))
    return out


def has_move(board: Board, own: str, other: str, only: str = "") -> bool:
    """Whether the player holding ``own`` (his opponent ``other``) has a move; ``only``: of the
    stacks topped by that colour alone."""
    for src, stack in enumerate(board):
        if movable(stack, other) and (not only or stack[-1] == only) and _landing_points(board, src, own):
            return True
    return False


def claims_open(position: Position, moving: bool | None = None) -> list[Decision]:
    """The claims the player to move may make now (L-5): at the start of his turn, while he holds
    fewer than two colours, of a colour nobody holds, when a move follows (``moving``: whether he has
    a move without claiming, when known)."""
    me = position.to_move
    own = position.claims[me]
    if position.claimed or len(own) >= 2:
        return []
    other = position.claims[1 - me]
    if moving is None:
        moving = has_move(position.board, own, other)
    return [
        Decision(CLAIM, colour=colour)
        for colour in position.unclaimed()
        if moving or has_move(position.board, own + colour, other, only=colour)
    ]


def has_turn(position: Position, player: int) -> bool:
    """Whether ``player`` has a turn with a move, claims counted (L-10, L-11)."""
    board, own, other = position.board, position.claims[player], position.claims[1 - player]
    if has_move(board, own, other):
        return True
    if len(own) >= 2:
        return False
    return any(has_move(board, own + colour, other, only=colour) for colour in position.unclaimed())


def decisions(position: Position) -> list[Decision]:
    """Every decision of the player to move: after his claim his moves; at the start of his turn his
    claims and moves, else a pass when his opponent has a turn, else none (the game is over)."""
    found = moves(position)
    if position.claimed:
        return found
    claims = claims_open(position, bool(found))
    if found or claims:
        return [*claims, *found]
    if has_turn(position, 1 - position.to_move):
        return [PASS_DECISION]
    return []


def game_over(position: Position) -> bool:
    """Over at the start of a turn when neither player has a turn with a move (L-11)."""
    return (
        not position.claimed
        and not has_turn(position, position.to_move)
        and not has_turn(position, 1 - position.to_move)
    )


# ---------------------------------------------------------------------------------------------
# Playing


def apply(position: Position, decision: Decision) -> Position:
    """The position after a legal decision (not checked: :mod:`arbiter.lyngk.checks` first)."""
    me = position.to_move
    if decision.kind == CLAIM:
        claims = list(position.claims)
        claims[me] += decision.colour
        return Position(position.board, me, True, (claims[0], claims[1]), position.won)
    if decision.kind == PASS:
        return Position(position.board, 1 - me, False, position.claims, position.won)
    board = list(position.board)
    made = board[decision.dst] + board[decision.src]
    board[decision.src] = ""
    won = position.won
    if len(made) == MAX_HEIGHT and made[-1] in position.claims[me]:  # L-9: the mover's point
        board[decision.dst] = ""
        taken = list(won)
        taken[me] = (*taken[me], made)
        won = (taken[0], taken[1])
    else:
        board[decision.dst] = made
    return Position(tuple(board), 1 - me, False, position.claims, won)


def chain_path(board: Board, src: int, dst: int) -> tuple[int, ...]:
    """The points a move from ``src`` to ``dst`` goes through: ``src``, the LYNGK points of a
    shortest chain (none for a direct move), ``dst`` (L-8: any chain to the landing is the same
    move; this one is shown)."""
    top = board[src][-1]
    parents: dict[int, int] = {src: src}
    todo = deque([src])
    while todo:
        here = todo.popleft()
        for ray in RAYS[here]:
            for point in ray:
                stack = board[point]
                if not stack or point == src:
                    continue
                if point == dst:
                    path = [dst, here]
                    while path[-1] != src:
                        path.append(parents[path[-1]])
                    return tuple(reversed(path))
                if stack[-1] == top and point not in parents:
                    parents[point] = here
                    todo.append(point)
                break
    return (src, dst)


# ---------------------------------------------------------------------------------------------
# The result


def score(position: Position) -> tuple[int, int]:
    """The stacks of five each player has won (White's first)."""
    return len(position.won[0]), len(position.won[1])


def heights(position: Position, player: int) -> tuple[int, int, int, int]:
    """How many stacks of 4, 3, 2 and 1 on the board are topped by one of ``player``'s colours (a
    stack of five left on the board counts for nobody, L-12)."""
    counts = [0, 0, 0, 0]
    own = position.claims[player]
    for stack in position.board:
        if stack and len(stack) < MAX_HEIGHT and stack[-1] in own:
            counts[MAX_HEIGHT - 1 - len(stack)] += 1
    return counts[0], counts[1], counts[2], counts[3]


def winner(position: Position) -> int | None:
    """Who wins a game over (L-12): more stacks of five won, then more stacks of 4 topped by one's
    colours, of 3, of 2, of single pieces; None when all are equal (a draw)."""
    white = (*score(position)[:1], *heights(position, 0))
    black = (*score(position)[1:], *heights(position, 1))
    if white == black:
        return None
    return 0 if white > black else 1


def deciding_level(position: Position) -> int | None:
    """What decided a game over: 5 the stacks of five, 4 to 1 the stacks of that height, None a draw."""
    white = (*score(position)[:1], *heights(position, 0))
    black = (*score(position)[1:], *heights(position, 1))
    for level, (mine, theirs) in zip((5, 4, 3, 2, 1), zip(white, black, strict=True), strict=True):
        if mine != theirs:
            return level
    return None


# ---------------------------------------------------------------------------------------------
# The move tree


def _move_count(position: Position) -> int:
    """How many moves the player to move has (:func:`moves`, counted without listing them)."""
    board = position.board
    me = position.to_move
    own, other = position.claims[me], position.claims[1 - me]
    total = 0
    for src, stack in enumerate(board):
        if stack and stack[-1] != JOKER and stack[-1] not in other and len(stack) < MAX_HEIGHT:  # movable
            total += len(_landing_points(board, src, own))
    return total


def decision_count(position: Position) -> int:
    """``len(decisions(position))``, counted without listing them: perft's last step."""
    found = _move_count(position)
    if position.claimed:
        return found
    claims = len(claims_open(position, bool(found)))
    if found or claims:
        return found + claims
    return 1 if has_turn(position, 1 - position.to_move) else 0


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth, one decision a step (the spec's unit; the last step counted,
    not played)."""
    return leaf_counts(position, depth, decisions, apply, decision_count)
