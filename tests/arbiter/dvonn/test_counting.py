"""The counting behind DVONN perft and the removal after a move: hand-worked tables, and positions of
random games against a plain reading of the rules written here from the coordinates (a stack moves
in a straight line exactly its height onto an occupied space, unless surrounded on all six sides;
stacks not linked to a DVONN piece through occupied spaces leave the board)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.dvonn.board import BIT, BY_NAME, NAMES, ONE_ARC, TARGETS
from arbiter.dvonn.engine import random_game
from arbiter.dvonn.moves import apply_move, legal_moves
from arbiter.dvonn.perft import count_grandchildren
from arbiter.dvonn.position import START, Position
from tests.arbiter.dvonn.support import ROWS

# (column number, row) of each space, from the Little Golem / CodeCup grid of the support module
COORDS = {f"{col}{row}": ("abcdefghijk".index(col), row) for row, cols in ROWS.items() for col in cols}
SPACE_AT = {coords: name for name, coords in COORDS.items()}
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))


def at(space: str, step: tuple[int, int], distance: int) -> str | None:
    col, row = COORDS[space]
    return SPACE_AT.get((col + step[0] * distance, row + step[1] * distance))


def plain_moves(board: dict[str, str], player: int) -> list[tuple[str, str]]:
    piece = "wb"[player]
    moves = []
    for space, stack in board.items():
        if not stack or stack[-1] != piece:
            continue
        around = [at(space, step, 1) for step in STEPS]
        if all(n is not None and board[n] for n in around):
            continue  # surrounded
        for step in STEPS:
            target = at(space, step, len(stack))
            if target is not None and board[target]:
                moves.append((space, target))
    return moves


def plain_after(board: dict[str, str], src: str, dst: str) -> dict[str, str]:
    after = dict(board)
    after[dst] += after[src]
    after[src] = ""
    linked = {space for space, stack in after.items() if "d" in stack}
    frontier = list(linked)
    while frontier:
        space = frontier.pop()
        for step in STEPS:
            n = at(space, step, 1)
            if n is not None and after[n] and n not in linked:
                linked.add(n)
                frontier.append(n)
    return {space: stack if space in linked else "" for space, stack in after.items()}


def plain_count(board: dict[str, str], player: int) -> int:
    """Moves of the side to move: his stacking moves, else a pass when the opponent can move."""
    moves = len(plain_moves(board, player))
    if moves:
        return moves
    return 1 if plain_moves(board, 1 - player) else 0


def as_dict(position: Position) -> dict[str, str]:
    return dict(zip(NAMES, position.board, strict=True))


def stacking_positions(seed: int) -> list[Position]:
    moves, _ = random_game(seed)
    position = START
    out = []
    for move in moves:
        position, _ = apply_move(position, move)
        if not position.placing:
            out.append(position)
    return out


# ---------------------------------------------------------------- hand-worked tables


def names(mask: int) -> set[str]:
    return {name for name in NAMES if mask & BIT[BY_NAME[name]]}


def test_landing_spaces_of_a_stack() -> None:
    # a1 is a corner: height 1 reaches b1, a2 and b2; height 2 reaches c1, a3 and c3
    assert names(TARGETS[BY_NAME["a1"]][1]) == {"b1", "a2", "b2"}
    assert names(TARGETS[BY_NAME["a1"]][2]) == {"c1", "a3", "c3"}
    # f3 (the middle): height 2 reaches d3, h3, f1, f5, d1 and h5
    assert names(TARGETS[BY_NAME["f3"]][2]) == {"d3", "h3", "f1", "f5", "d1", "h5"}
    # no line of the board is 11 spaces long
    assert TARGETS[BY_NAME["a1"]][11] == 0


def test_emptying_a_space_cuts_off_nothing_when_its_neighbours_are_one_run() -> None:
    # f3's neighbours in turn: g3, g4, f4, e3, e2, f2
    arc = ONE_ARC[BY_NAME["f3"]]

    def mask(*spaces: str) -> int:
        return sum(BIT[BY_NAME[space]] for space in spaces)

    assert mask("g3", "g4", "f4") in arc
    assert mask("f2", "g3") in arc  # f2 and g3 are next to each other
    assert mask() in arc
    assert mask("g3", "e3") not in arc  # two runs: emptying f3 may cut g3 from e3
    assert mask("g3", "g4", "e3", "e2") not in arc


# ---------------------------------------------------------------- random games


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_moves_and_removals_follow_the_plain_reading(seed: int) -> None:
    for position in stacking_positions(seed):
        board = as_dict(position)
        for move in legal_moves(position):
            if move.kind != "move":
                continue
            child, removed = apply_move(position, move)
            expected = plain_after(board, NAMES[move.src], NAMES[move.dst])
            assert as_dict(child) == expected
            assert removed == sum(len(stack) for stack in board.values()) - sum(
                len(stack) for stack in expected.values()
            )


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_grandchildren_are_counted_as_the_plain_reading_counts_them(seed: int) -> None:
    for position in stacking_positions(seed)[::2]:
        board = as_dict(position)
        player = position.to_move
        moves = plain_moves(board, player)
        if moves:
            expected = sum(plain_count(plain_after(board, src, dst), 1 - player) for src, dst in moves)
        elif plain_moves(board, 1 - player):
            expected = plain_count(board, 1 - player)  # a forced pass
        else:
            expected = 0
        assert count_grandchildren(position) == expected
