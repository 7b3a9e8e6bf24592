"""Move numbers: which move of the game a ply is, and whether its number is written before it.

Rule at home here (issue 31, "one move number per ply"): a move is White's ply and Black's answer.
A ply opens a new move when White makes it, or when Black makes it right after another ply of
Black's (a turn whose White half is missing); otherwise it is Black's half of the move White
opened. So in alternating play ply 6 is "move 3, Black"; in DVONN, where White makes the 49th
placement and the first stacking move too, ply 49 is move 25, ply 50 opens move 26 (Black's half
is ply 51) and ply 53 is "move 27, Black". The status line, the move list, the records and the
refused page all number plies with :func:`turns` (``games.web.boards``, :func:`arbiter.records.format_turns`).
A ply that continues its mover's turn (TZAAR's second move) keeps the turn's number and opens
nothing: a turn of two plies is one turn. Which plies continue a turn is stated once per game,
``GameEngine.continues``; a record's turns (:func:`grouped`, ``GameEngine.turns``) and the move
numbers here are derived from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Turn:
    ply: int  # 1 for the first ply
    number: int  # the move number
    mover: int  # 0 White, 1 Black
    opens: bool  # the move number is written before this ply ("27." for White, "27..." for Black)


def turns(movers: Sequence[int], continues: Sequence[bool] = ()) -> list[Turn]:
    """The move number of each ply, from who made each ply (``movers[0]`` made ply 1) and whether it
    continues the turn of the ply before (``continues``, none by default)."""
    result: list[Turn] = []
    number = 0
    previous: int | None = None
    for ply, mover in enumerate(movers, start=1):
        if ply <= len(continues) and continues[ply - 1] and result:
            result.append(Turn(ply, number, mover, False))
            continue
        opens = mover == 0 or previous != 0
        if opens:
            number += 1
        result.append(Turn(ply, number, mover, opens))
        previous = mover
    return result


#: what joins the moves of one turn in a record (TZAAR: ``d3xd4;d2+d4``)
TURN_JOINER = ";"


def grouped(moves: Sequence[str], continues: Sequence[bool]) -> list[str]:
    """The moves (one a ply) in their records' turns: a move that continues the turn of the move
    before (``continues``, one flag a move) joined to it by :data:`TURN_JOINER`."""
    result: list[str] = []
    for move, more in zip(moves, continues, strict=True):
        if more and result:
            result[-1] += TURN_JOINER + move
        else:
            result.append(move)
    return result


def alternating(plies: int) -> list[int]:
    """The movers of ``plies`` plies in strict alternation, White first."""
    return [(ply - 1) % 2 for ply in range(1, plies + 1)]
