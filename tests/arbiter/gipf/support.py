"""Helpers for the GIPF tests (no tests here): write positions in the engine's one-line format
from a readable list of pieces, independently of the engine's own board code."""

from __future__ import annotations

from arbiter.gipf import ENGINE

# spots per column b..h from the rulebook: columns a..i have 5,6,7,8,9,8,7,6,5 points, the end
# points of each column being dots, so column b has spots b2..b5, c has c2..c6, ...
COLUMN_SPOTS = {"b": 4, "c": 5, "d": 6, "e": 7, "f": 6, "g": 5, "h": 4}


def board_field(pieces: dict[str, str]) -> str:
    """``{"e2": "w", "e8": "B"}`` -> the board field (w/b basic, W/B GIPF-piece)."""
    left = dict(pieces)
    columns = []
    for letter, size in COLUMN_SPOTS.items():
        cells = []
        for row in range(2, size + 2):
            cells.append(left.pop(f"{letter}{row}", "."))
        columns.append("".join(cells))
    assert not left, f"not spots: {sorted(left)}"
    return "/".join(columns)


def position(
    game: str,
    pieces: dict[str, str],
    to_move: str,
    reserve: tuple[int, int],
    captured: tuple[int, int] = (0, 0),
    start: str | None = None,
) -> str:
    fields = [
        f"gipf-{game}",
        board_field(pieces),
        to_move,
        f"reserve={reserve[0]}/{reserve[1]}",
        f"captured={captured[0]}/{captured[1]}",
    ]
    if start is not None:
        fields.append(f"start={start}")
    return " ".join(fields)


def spread(kind: str, spots: str) -> dict[str, str]:
    """``spread("b", "b2 c3 d4")`` -> the same piece on each spot."""
    return {spot: kind for spot in spots.split()}


def record(moves: str, game: str = "GIPF basic", result: str | None = None, **tags: str) -> str:
    lines = [f'[Game "{game}"]']
    if result is not None:
        lines.append(f'[Result "{result}"]')
    for key, value in tags.items():
        lines.append(f'[{key} "{value}"]')
    return "\n".join(lines) + "\n\n" + moves + "\n"


def moves_from(position_text: str) -> dict[str, str]:
    """Legal turns of a position: notation -> position after."""
    return {move.notation: move.position for move in ENGINE.legal_moves(position_text)}


def fields(position_text: str) -> dict[str, str]:
    parts = position_text.split()
    out = {"game": parts[0], "board": parts[1], "to_move": parts[2]}
    for item in parts[3:]:
        key, _, value = item.partition("=")
        out[key] = value
    return out
