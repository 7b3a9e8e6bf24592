"""How a game of PÜNCT ends (P-9 to P-12), the turns of the player to move with the pass, and perft.

After every turn, in this order: a connection (P-9: a player's dots seen from above join the two
sides of one pair; when both players have one, the player who just moved wins); the last piece
(P-10: the player who just moved added his last piece); the turn limit (P-11: 300 turns played);
neither player has a turn (P-12). The last three are decided by the central hexagon seen from
above (more spaces wins, equal is a draw).

Rules at home here: :func:`ending` (None while play goes on), :func:`legal_turns` (the player to
move's turns, a pass when he has none, nothing once the game is over), :func:`count_turns` (the
same counted) and :func:`perft_counts` (P-13: one turn a step, the last step counted, not played).
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

from arbiter.perft import leaf_counts
from arbiter.punct.board import NEIGHBOURS, POINTS, SIDES
from arbiter.punct.moves import PASS_TURN, Turn, apply, count_of, has_any, turns_of
from arbiter.punct.position import TURN_LIMIT, Position

#: the end codes (the spec's ends)
CONNECTION, LAST_PIECE, LIMIT, BLOCKED = "connection", "last-piece", "limit", "blocked"
_ADDITION_RE = re.compile(r"^[TCEMLR]:")


@dataclass(frozen=True)
class Ending:
    """How a game ended: its code, its winner (0 White, 1 Black; None: a draw) and, when the
    central hexagon decided, the spaces each player held there (White's first)."""

    code: str
    winner: int | None
    centre: tuple[int, int] | None = None


# The connection test floods bit masks over a padded grid: space (c, r) is bit c * _W + r, so its six
# neighbours are the bits 1, _W and _W + 1 above and below it, and no shift reaches a space that is
# not a neighbour (the padding is never anyone's).
_W = 19
_BIT = [1 << (c * _W + r) for c, r in POINTS]
_SIDE_BITS = [(sum(_BIT[s] for s in near), sum(_BIT[s] for s in far)) for near, far in SIDES]


def connected(visible: list[int]) -> bool:
    """Whether a player's visible dots (their spaces) join the two sides of a pair (P-9)."""
    mine = 0
    for space in visible:
        mine |= _BIT[space]
    for near, far in _SIDE_BITS:
        reached = mine & near
        if not reached or not mine & far:
            continue
        while True:
            grown = reached | (
                (reached << 1) | (reached >> 1) | (reached << _W) | (reached >> _W)
                | (reached << (_W + 1)) | (reached >> (_W + 1))
            ) & mine  # fmt: skip
            if grown & far:
                return True
            if grown == reached:
                break
            reached = grown
    return False


def connection(owners: list[int], player: int) -> tuple[int, ...] | None:
    """A shortest chain of ``player``'s visible dots joining the two sides of a pair (P-9), from
    one side to the other; None when he has no connection."""
    for near, far in SIDES:
        starts = [space for space in near if owners[space] == player]
        if not starts or not any(owners[space] == player for space in far):
            continue
        before: dict[int, int] = dict.fromkeys(starts, -1)
        queue = deque(starts)
        while queue:
            space = queue.popleft()
            if space in far:
                chain = [space]
                while before[chain[-1]] >= 0:
                    chain.append(before[chain[-1]])
                return tuple(reversed(chain))
            for other in NEIGHBOURS[space]:
                if other not in before and owners[other] == player:
                    before[other] = space
                    queue.append(other)
    return None


def _by_centre(code: str, position: Position) -> Ending:
    white, black = position.centre_count()
    winner = None if white == black else (0 if white > black else 1)
    return Ending(code, winner, (white, black))


def ending(position: Position) -> Ending | None:
    """How the game ended in ``position`` (see the module's docstring), None while it goes on."""
    mover, to_move = 1 - position.to_move, position.to_move
    visible = position.layout.visible
    for player in (mover, to_move):  # the mover first: when both are connected, he wins
        if connected(visible[player]):
            return Ending(CONNECTION, player)
    if _ADDITION_RE.match(position.last) and not any(position.hands[mover]):
        return _by_centre(LAST_PIECE, position)
    if position.turn >= TURN_LIMIT:
        return _by_centre(LIMIT, position)
    if not has_any(position, to_move) and not has_any(position, mover):
        return _by_centre(BLOCKED, position)
    return None


def legal_turns(position: Position) -> list[Turn]:
    """The turns of the player to move: his additions and moves, a pass when he has none (P-12);
    none once the game is over."""
    if ending(position) is not None:
        return []
    turns = list(turns_of(position, position.to_move))
    return turns or [PASS_TURN]


def count_turns(position: Position) -> int:
    """``len(legal_turns(position))``, no turn built but the moves' tuples."""
    if ending(position) is not None:
        return 0
    return count_of(position, position.to_move) or 1


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth (P-13: one turn a step; the last step counted, not played)."""
    return leaf_counts(position, depth, legal_turns, apply, count_turns)
