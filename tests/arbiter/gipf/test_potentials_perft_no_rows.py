"""The assumption of the standard depth-4 derivations (docs/rules.md, GIPF with potentials, "Perft"):
from the standard start no row is made through ply 4, and no loaded TAMSK piece reaches e5, so each
ply is one push or one potential's move with no removal and no extra push.

The walk plays every action of every position through ply 4 and asks the rules' own row detection
(``rows_of``, what ``removal_options`` asks) about the board right after each action, before any
removal, for both players. Positions are walked once up to the board's symmetries (a symmetry maps
the lines rows are made on to themselves: test_potentials_perft_walks.py). At the last ply the
pushes of positions whose spots have the same colours (and the same player to move) are looked at
once, and one piece per push: a push's piece has the mover's colour whatever it is, and a row is a
matter of colours (a spot counts by its top piece).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.gipf.board import ENTRIES, SPOT_NAMES
from arbiter.gipf.potentials import Position, parse_sets, start_position
from arbiter.gipf.potentials.perft import SYMMETRIES, image
from arbiter.gipf.potentials.position import EMPTY, Board, colour, rows_of
from arbiter.gipf.potentials.rules import (
    Push,
    actions,
    after_action,
    earns_extra,
    pass_turn,
    status_after_own_removals,
    status_at_turn_start,
)

STANDARD = "gipf-pot-standard"


def _colours(board: Board) -> tuple[int, ...]:
    return tuple(0 if cell == EMPTY else 1 + colour(cell) for cell in board)


def _key(pos: Position) -> tuple[object, ...]:
    board = min(image(pos.board, k) for k in range(len(SYMMETRIES)))
    return (board, pos.to_move, pos.reserve, pos.captured, pos.hand, pos.start)


def rows_through(root: Position, depth: int) -> tuple[list[int], list[str]]:
    """Every action of every ply from ``root`` through ``depth``: how many actions were looked at
    per ply, and what was found against the assumption (a row for either player right after an
    action, a loaded TAMSK piece pushed onto e5, a game over), as text."""
    found: list[str] = []
    looked = [0] * depth
    seen_colours: set[tuple[int, ...]] = set()
    pushed: set[tuple[int, tuple[int, ...]]] = set()

    def check(board: Board, ply: int, action: object) -> None:
        colours = _colours(board)
        if colours in seen_colours:
            return
        seen_colours.add(colours)
        for player in (0, 1):
            for row in rows_of(board, player):
                found.append(f"ply {ply}, {action}: a row of player {player} {[SPOT_NAMES[s] for s in row]}")

    frontier = [root]
    for ply in range(1, depth + 1):
        last = ply == depth
        following: dict[tuple[object, ...], Position] = {}
        for pos in frontier:
            colours = (pos.to_move, _colours(pos.board))
            pushes_seen = last and colours in pushed
            pushed.add(colours)
            pushes: set[tuple[int, int]] = set()
            for action in actions(pos):
                if isinstance(action, Push):
                    if earns_extra(pos, action):
                        found.append(f"ply {ply}, {action.text()}: a loaded TAMSK piece onto e5")
                    if last and (pushes_seen or (action.entry.index, action.end) in pushes):
                        continue
                    pushes.add((action.entry.index, action.end))
                looked[ply - 1] += 1
                after = after_action(pos, action)
                check(after.board, ply, action.text())
                if last:
                    continue
                child = pass_turn(after)  # no row, no extra push: the ply is the action alone
                if status_at_turn_start(child) is not None or status_after_own_removals(child) is not None:
                    found.append(f"ply {ply}, {action.text()}: the game is over")
                following.setdefault(_key(child), child)
        frontier = list(following.values())
    return looked, found


@pytest.mark.slow
@pytest.mark.parametrize("kinds", ["T6", "Z6", "D6", "Y6", "P6", "Z6 Y6"])
def test_no_row_is_made_through_ply_4_from_the_standard_start(kinds: str) -> None:
    looked, found = rows_through(start_position(STANDARD, parse_sets(kinds)), 4)
    assert found == []
    # 42 (dot, direction) pairs at the root, each with a loaded piece of each kind or a basic piece
    assert looked[0] == 42 * (len(kinds.split()) + 1)
    assert all(looked)


def test_the_walk_finds_a_row_where_a_push_makes_one() -> None:
    """Hand-made: three white basic pieces on the first three spots of an entry's line, the fourth
    spot empty; White's push there makes a row of four (the walk must be able to fail)."""
    start = start_position(STANDARD, parse_sets("Z6"))
    entry = next(e for e in ENTRIES if all(start.board[s] == EMPTY for s in e.line[:4]))
    cells = list(start.board)
    for spot in entry.line[:3]:
        cells[spot] = "w"
    looked, found = rows_through(replace(start, board=tuple(cells)), 1)
    row = [SPOT_NAMES[s] for s in entry.line[:4]]
    assert any("a row of player 0" in text and all(name in text for name in row) for text in found), found
    assert looked[0] > 0
