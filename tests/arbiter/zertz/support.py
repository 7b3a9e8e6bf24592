"""Helpers for the ZÈRTZ tests, written from the specification (shared/rules/zertz.md), independently
of the engine (no tests here).

* The boards from ZT-3's lists of columns alone, with its neighbours: a ring (x, y), y its number +
  max(0, x − 3), touches (x, y±1), (x±1, y) and (x+1, y+1), (x−1, y−1), in turn around it.
* The position text (docs/rules.md, ZÈRTZ, "Position text") written and read here from rings and
  marbles named, so that hand-worked positions are given as people read them.
* A plain walk of the rules on a dictionary board (ZT-5 to ZT-12, ZT-16): every turn listed and, but
  for the last step, played; the leaves counted. A second count of the move tree with its own
  geometry and its own reading of the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

#: ZT-3: the rings of each column, from a
HEIGHTS = {37: {"a": 4, "b": 5, "c": 6, "d": 7, "e": 6, "f": 5, "g": 4}}
HEIGHTS[48] = {"a": 5, "b": 6, "c": 7, "d": 8, "e": 7, "f": 6, "g": 5, "h": 4}
AROUND = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
#: ZT-1: the board, the pool (white, grey, black) and the goals of each variant
VARIANTS = {
    "zertz-standard": (37, (6, 8, 10), ((3, 3, 3), (4, 0, 0), (0, 5, 0), (0, 0, 6))),
    "zertz-blitz": (37, (5, 7, 9), ((2, 2, 2), (3, 0, 0), (0, 4, 0), (0, 0, 5))),
    "zertz-tournament": (48, (6, 8, 10), ((3, 3, 3), (4, 0, 0), (0, 5, 0), (0, 0, 6))),
}
COLOURS = "WGB"
#: ZT-3, ZT-4: the rings at the edge of the 37-ring board, the free ones at the start (each has two
#: sides next to each other off the board; an inner ring has none): 18, the specification's count
EDGE_37 = [
    "a1", "a2", "a3", "a4", "b1", "b5", "c1", "c6", "d1",
    "d7", "e1", "e6", "f1", "f5", "g1", "g2", "g3", "g4",
]  # fmt: skip


def ring_names(rings: int) -> list[str]:
    """Every ring of the board, column by column, each from its bottom."""
    return [f"{letter}{n}" for letter, height in HEIGHTS[rings].items() for n in range(1, height + 1)]


def pair(name: str) -> tuple[int, int]:
    x = "abcdefgh".index(name[0])
    return x, int(name[1:]) + max(0, x - 3)


def name_of(x: int, y: int, rings: int) -> str | None:
    if not 0 <= x < len(HEIGHTS[rings]):
        return None
    letter = "abcdefgh"[x]
    n = y - max(0, x - 3)
    return f"{letter}{n}" if 1 <= n <= HEIGHTS[rings][letter] else None


def around(name: str, rings: int) -> list[str | None]:
    """The six places around a ring, in turn (None off the board)."""
    x, y = pair(name)
    return [name_of(x + dx, y + dy, rings) for dx, dy in AROUND]


# ---------------------------------------------------------------------------------------------
# Position texts


def position_text(
    game: str,
    rings: Iterable[str] | None = None,
    marbles: Iterable[str] = (),
    pool: tuple[int, int, int] | None = None,
    white: tuple[int, int, int] = (0, 0, 0),
    black: tuple[int, int, int] = (0, 0, 0),
    to_move: str = "w",
    seen: str = "",
) -> str:
    """A position text: ``rings`` on the board (None: all), ``marbles`` written like ``Wd4``; the
    pool, when not given, holds the marbles neither on the board nor captured."""
    size, total, _goals = VARIANTS[game]
    present = set(ring_names(size) if rings is None else rings)
    on: dict[str, str] = {}
    for marble in marbles:
        colour, ring = marble[0], marble[1:]
        assert colour in COLOURS and ring in present and ring not in on, marble
        on[ring] = colour
    if pool is None:
        counts = [sum(1 for colour in on.values() if colour == c) for c in COLOURS]
        pool = (
            total[0] - counts[0] - white[0] - black[0],
            total[1] - counts[1] - white[1] - black[1],
            total[2] - counts[2] - white[2] - black[2],
        )
    columns = []
    for letter, height in HEIGHTS[size].items():
        chars = ""
        for n in range(1, height + 1):
            ring = f"{letter}{n}"
            chars += on.get(ring, ".") if ring in present else "-"
        columns.append(chars)
    triple = "/".join
    text = (
        f"{game} {'/'.join(columns)} {to_move} pool={triple(map(str, pool))} "
        f"captures={triple(map(str, white))},{triple(map(str, black))}"
    )
    return text + (f" seen={seen}" if seen else "")


@dataclass
class Read:
    """A position text read back: the rings, the marbles (ring: colour), the pool, the captures."""

    game: str
    rings: set[str]
    marbles: dict[str, str]
    pool: tuple[int, ...]
    captures: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: str
    seen: list[str] = field(default_factory=list)


def read_text(text: str) -> Read:
    fields = text.split()
    game, board, side = fields[:3]
    named = dict(item.split("=", 1) for item in fields[3:])
    size = VARIANTS[game][0]
    rings: set[str] = set()
    marbles: dict[str, str] = {}
    for (letter, height), column in zip(HEIGHTS[size].items(), board.split("/"), strict=True):
        assert len(column) == height
        for n, char in enumerate(column, start=1):
            if char != "-":
                rings.add(f"{letter}{n}")
            if char in COLOURS:
                marbles[f"{letter}{n}"] = char
    white, black = named["captures"].split(",")
    return Read(
        game,
        rings,
        marbles,
        tuple(int(v) for v in named["pool"].split("/")),
        (tuple(int(v) for v in white.split("/")), tuple(int(v) for v in black.split("/"))),
        side,
        named["seen"].split(",") if "seen" in named else [],
    )


# ---------------------------------------------------------------------------------------------
# The plain walk


@dataclass
class Node:
    game: str
    board: dict[str, str]  # every ring on the board: "." vacant, or the colour of its marble
    pool: list[int]
    captures: list[list[int]]
    to_move: int

    @property
    def size(self) -> int:
        return VARIANTS[self.game][0]

    def copy(self) -> Node:
        return Node(
            self.game, dict(self.board), list(self.pool), [list(c) for c in self.captures], self.to_move
        )


def node_of(text: str) -> Node:
    read = read_text(text)
    board = {ring: read.marbles.get(ring, ".") for ring in read.rings}
    return Node(
        read.game,
        board,
        list(read.pool),
        [list(read.captures[0]), list(read.captures[1])],
        "wb".index(read.to_move),
    )


def _goal(node: Node, side: int) -> bool:
    return any(
        all(have >= need for have, need in zip(node.captures[side], goal)) for goal in VARIANTS[node.game][2]
    )


def _free(node: Node, ring: str) -> bool:
    if node.board.get(ring) != ".":
        return False
    places = around(ring, node.size)
    empty = [place is None or place not in node.board for place in places]
    return any(empty[i] and empty[(i + 1) % 6] for i in range(6))


def _chains(node: Node) -> list[tuple[str, Node]]:
    """Every capture turn: its notation and the node after it."""
    out: list[tuple[str, Node]] = []

    def jump(here: str, written: str, state: Node) -> None:
        x, y = pair(here)
        moved = False
        for dx, dy in AROUND:
            over = name_of(x + dx, y + dy, state.size)
            land = name_of(x + 2 * dx, y + 2 * dy, state.size)
            if (
                over is None
                or land is None
                or state.board.get(over, ".") == "."
                or state.board.get(land) != "."
            ):
                continue
            moved = True
            after = state.copy()
            colour = after.board[over]
            after.board[land] = after.board[here]
            after.board[here] = "."
            after.board[over] = "."
            after.captures[after.to_move]["WGB".index(colour)] += 1
            text = f"{written}{colour}{land}"
            if _goal(after, after.to_move):
                out.append((text, after))
            else:
                jump(land, text, after)
        if not moved and len(written) > 3:  # one jump at least
            out.append((written, state))

    for ring, colour in sorted(node.board.items()):
        if colour != ".":
            jump(ring, f"x{ring}", node)
    return [(text, _turned(after)) for text, after in out]


def _turned(node: Node) -> Node:
    node.to_move = 1 - node.to_move
    return node


def _claim(node: Node) -> None:
    """Every group of rings with no vacant ring goes to the mover (ZT-9)."""
    left = set(node.board)
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            ring = todo.pop()
            group.add(ring)
            for place in around(ring, node.size):
                if place in left:
                    left.discard(place)
                    todo.append(place)
        if all(node.board[ring] != "." for ring in group):
            for ring in group:
                node.captures[node.to_move]["WGB".index(node.board.pop(ring))] += 1


def _placements(node: Node) -> list[tuple[str, tuple[int, str, str | None]]]:
    source = node.pool if any(node.pool) else node.captures[node.to_move]
    colours = [c for c in range(3) if source[c]]
    vacant = sorted(ring for ring, here in node.board.items() if here == ".")
    free = [ring for ring in vacant if _free(node, ring)]
    out = []
    for colour in colours:
        for ring in vacant:
            removals: list[str | None] = [r for r in free if r != ring] or [None]
            for removed in removals:
                text = f"{'WGB'[colour]}{ring}" + (f",{removed}" if removed else "")
                out.append((text, (colour, ring, removed)))
    return out


def _count_placements(node: Node) -> int:
    """``len(_placements(node))``, each placement counted without being written."""
    source = node.pool if any(node.pool) else node.captures[node.to_move]
    vacant = [ring for ring, here in node.board.items() if here == "."]
    free = [ring for ring in vacant if _free(node, ring)]
    per_colour = sum(max(1, sum(1 for removed in free if removed != ring)) for ring in vacant)
    return per_colour * sum(1 for c in range(3) if source[c])


def _place(node: Node, colour: int, ring: str, removed: str | None) -> Node:
    after = node.copy()
    after.board[ring] = "WGB"[colour]
    if any(after.pool):
        after.pool[colour] -= 1
    else:
        after.captures[after.to_move][colour] -= 1
    if removed is not None:
        del after.board[removed]
    _claim(after)
    return _turned(after)


def over(node: Node) -> bool:
    """The game is over (ZT-10, ZT-11, ZT-12; the plain walk never meets a third repetition)."""
    if _goal(node, 0) or _goal(node, 1) or not node.board:
        return True
    has_marble = any(node.pool) or any(node.captures[node.to_move])
    return not has_marble and not _chains(node)


def turns(node: Node) -> list[tuple[str, Node | None]]:
    """Every turn with the node after it (a placement's node made only when ``play``)."""
    if over(node):
        return []
    chains = _chains(node)
    if chains:
        return [(text, after) for text, after in chains]
    return [(text, None) for text, _move in _placements(node)]


def plain_perft(text: str, depth: int) -> int:
    """The leaves at ``depth`` from the position text: every turn played but the last step's."""

    def walk(node: Node, left: int) -> int:
        if over(node):
            return 0
        chains = _chains(node)
        if left == 1:
            return len(chains) if chains else _count_placements(node)
        if chains:
            return sum(walk(after, left - 1) for _text, after in chains)
        return sum(walk(_place(node, *move), left - 1) for _text, move in _placements(node))

    return walk(node_of(text), depth)


def plain_turns(text: str) -> set[str]:
    """The notation of every turn open in the position text."""
    return {written for written, _after in turns(node_of(text))}
