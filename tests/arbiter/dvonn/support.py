"""Helpers for the DVONN tests, written independently of the engine (holds no tests itself).

Position texts are built here from the coordinates alone, so the tests do not lean on the
engine's own position writer to make their inputs.
"""

from __future__ import annotations

from pathlib import Path

# columns per row, from the rulebook-independent Little Golem / CodeCup grid
ROWS = {1: "abcdefghi", 2: "abcdefghij", 3: "abcdefghijk", 4: "bcdefghijk", 5: "cdefghijk"}
ALL_SPACES = [f"{col}{row}" for row, cols in ROWS.items() for col in cols]

LG_FILE = ("records", "dvonn", "littlegolem-dvonn.mc.2014.may.1.1.txt")
CODECUP_FILE = ("records", "dvonn", "random-games-codecup-format.txt")

# The 48 written placements of the Little Golem game; the 49th (forced) goes on c5.
LG_PLACEMENTS = [
    "g2",
    "c1",
    "f5",
    "d1",
    "h5",
    "g5",
    "i1",
    "e1",
    "f2",
    "f1",
    "e4",
    "e5",
    "j2",
    "g1",
    "b2",
    "b1",
    "h1",
    "g4",
    "d3",
    "c2",
    "e3",
    "f4",
    "c4",
    "d4",
    "a2",
    "a1",
    "d2",
    "e2",
    "a3",
    "g3",
    "d5",
    "f3",
    "i5",
    "c3",
    "h2",
    "h3",
    "k3",
    "h4",
    "k5",
    "i4",
    "i3",
    "j5",
    "i2",
    "b3",
    "j4",
    "j3",
    "k4",
    "b4",
] + ["c5"]


def position_text(stacks: dict[str, str], side: str = "w", placed: int = 49) -> str:
    """``dvonn <side> <placed> <row1>/.../<row5>``, each row's spaces comma separated, '.' when empty."""
    unknown = set(stacks) - set(ALL_SPACES)
    assert not unknown, unknown
    rows = [",".join(stacks.get(f"{col}{row}", "") or "." for col in cols) for row, cols in ROWS.items()]
    return f"dvonn {side} {placed} {'/'.join(rows)}"


def placement_stacks(placements: list[str]) -> dict[str, str]:
    """The board after these placements: 3 DVONN pieces, then black, white, black, ..."""
    stacks = {}
    for number, space in enumerate(placements, start=1):
        if number <= 3:
            stacks[space] = "d"
        else:
            stacks[space] = "b" if number % 2 == 0 else "w"
    return stacks


def lg_start_position() -> str:
    """The Little Golem game after its 49 placements, White to make the first stacking move."""
    return position_text(placement_stacks(LG_PLACEMENTS), "w", 49)


def split_codecup(text: str) -> list[str]:
    """Cut the CodeCup file into one text per game at its ``# game`` lines."""
    games: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("# game"):
            games.append([])
        if games:
            games[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in games]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")
