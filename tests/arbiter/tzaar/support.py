"""Helpers for the TZAAR tests, written from the specification, independently of the engine (no tests here).

The board is built from the coordinates of Z-1 alone: column c (a=0 .. i=8) holds 9 - |c - 4| spaces
numbered from 1, drawn at (c, 2 * (row - 1) + |c - 4|) on a grid whose six neighbours are (0, ±2)
and (±1, ±1); e5, at (4, 8), is no space. The plain walk below plays every move of every
position on a dictionary board and counts the leaves: a second count of the move tree, with its own
geometry and its own reading of the rules (Z-2, Z-3, White's one-capture first turn).
"""

from __future__ import annotations

COLUMNS = "abcdefghi"
STEPS = ((0, 2), (0, -2), (1, 1), (-1, -1), (1, -1), (-1, 1))
CENTRE = "e5"
TYPES = "TZO"


def _spaces() -> dict[str, tuple[int, int]]:
    out = {}
    for c, letter in enumerate(COLUMNS):
        for row in range(1, 10 - abs(c - 4)):
            out[f"{letter}{row}"] = (c, 2 * (row - 1) + abs(c - 4))
    del out[CENTRE]
    return out


SPACES = _spaces()
AT = {xy: name for name, xy in SPACES.items()}
ALL_SPACES = sorted(SPACES, key=lambda name: (name[0], int(name[1:])))

#: the fixed start of Z-4, copied from the specification
FIXED = {
    token.split(":")[0]: token.split(":")[1]
    for token in [
        "a1:wO",
        "a2:wO",
        "a3:wO",
        "a4:wO",
        "a5:bO",
        "b1:bO",
        "b2:wZ",
        "b3:wZ",
        "b4:wZ",
        "b5:bZ",
        "b6:bO",
        "c1:bO",
        "c2:bZ",
        "c3:wT",
        "c4:wT",
        "c5:bT",
        "c6:bZ",
        "c7:bO",
        "d1:bO",
        "d2:bZ",
        "d3:bT",
        "d4:wO",
        "d5:bO",
        "d6:bT",
        "d7:bZ",
        "d8:bO",
        "e1:bO",
        "e2:bZ",
        "e3:bT",
        "e4:bO",
        "e6:wO",
        "e7:wT",
        "e8:wZ",
        "e9:wO",
        "f1:wO",
        "f2:wZ",
        "f3:wT",
        "f4:wO",
        "f5:bO",
        "f6:wT",
        "f7:wZ",
        "f8:wO",
        "g1:wO",
        "g2:wZ",
        "g3:wT",
        "g4:bT",
        "g5:bT",
        "g6:wZ",
        "g7:wO",
        "h1:wO",
        "h2:wZ",
        "h3:bZ",
        "h4:bZ",
        "h5:bZ",
        "h6:wO",
        "i1:wO",
        "i2:bO",
        "i3:bO",
        "i4:bO",
        "i5:bO",
    ]
}

Board = dict[str, tuple[str, str, int]]  # space: (colour w/b, type T/Z/O, height)


def board_of(stacks: dict[str, str]) -> Board:
    """``{"c4": "wT", "d5": "bO3"}`` as a board."""
    return {name: (text[0], text[1], int(text[2:] or 1)) for name, text in stacks.items()}


def position_text(stacks: dict[str, str], side: str = "w", step: str = "capture", last: str = "-") -> str:
    """The engine's position text of a board given as ``{"c4": "wT", "d5": "bO3"}`` (docs/rules.md)."""
    columns = []
    for letter in COLUMNS:
        cells = [stacks.get(name, ".") for name in ALL_SPACES if name[0] == letter]
        columns.append(",".join(cells))
    return f"tzaar {side} {step} {last} {'/'.join(columns)}"


def setup_text(stacks: dict[str, str]) -> str:
    return " ".join(f"{name}:{stacks[name]}" for name in ALL_SPACES if name in stacks)


def _first_occupied(board: Board, name: str, step: tuple[int, int]) -> str | None:
    x, y = SPACES[name]
    while True:
        x, y = x + step[0], y + step[1]
        other = AT.get((x, y))
        if other is None:  # off the board or the centre
            return None
        if other in board:
            return other


def _lacks_a_type(board: Board) -> bool:
    for colour in "wb":
        tops = {stack[1] for stack in board.values() if stack[0] == colour}
        if len(tops) < 3:
            return True
    return False


def plain_moves(board: Board, side: str, second: bool) -> list[tuple[str, str, str]]:
    """(kind, from, to) of every move: captures, then on a second move stacks (Z-3) and the pass."""
    if _lacks_a_type(board):
        return []
    moves = []
    for name, (colour, _kind, height) in board.items():
        if colour != side:
            continue
        for step in STEPS:
            target = _first_occupied(board, name, step)
            if target is None:
                continue
            t_colour, t_kind, t_height = board[target]
            if t_colour != side and t_height <= height:
                moves.append(("x", name, target))
            elif t_colour == side and second:
                same = sum(1 for stack in board.values() if stack[0] == side and stack[1] == t_kind)
                if same > 1:
                    moves.append(("+", name, target))
    if second:
        moves.append(("pass", "", ""))
    return moves


def plain_play(board: Board, move: tuple[str, str, str]) -> Board:
    kind, src, dst = move
    after = dict(board)
    if kind == "pass":
        return after
    mover = after.pop(src)
    if kind == "x":
        after[dst] = mover
    else:
        after[dst] = (mover[0], mover[1], mover[2] + board[dst][2])
    return after


def plain_perft(board: Board, side: str, second: bool, depth: int) -> int:
    """Leaves at ``depth`` steps, every move played (White's first turn: one capture, all 60 on the board)."""
    if depth == 0:
        return 1
    moves = plain_moves(board, side, second)
    first_turn = side == "w" and not second and sum(stack[2] for stack in board.values()) == 60
    total = 0
    for move in moves:
        after = plain_play(board, move)
        if second or first_turn:
            total += plain_perft(after, "b" if side == "w" else "w", False, depth - 1)
        else:
            total += plain_perft(after, side, True, depth - 1)
    return total
