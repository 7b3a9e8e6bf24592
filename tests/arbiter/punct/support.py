"""A plain PÜNCT of the tests' own, written from the specification independently of the engine (no
tests here): its board, its pieces, its reading of the rules and a walk of the move tree.

The board is built from P-1's list of columns (a2–a8, b1–b10, … q10–q16), each space kept as cube
coordinates (c, −r, r − c), whose six unit steps are the six neighbours of P-1. A piece's shape is
its minor dots' offsets for the direction "down" (0, −1), turned a sixth at a time by the cube
rotation that takes "down" to "down-left" (clockwise as drawn, P-3). A position is a dictionary of
stacks (space: the pieces on it, bottom first) and the pieces by number; every turn is found by
trying every kind on every space in every direction and every piece's PÜNCT on every space of its
lines, and played on a copy. Slow and simple: a second count of the move tree (P-13) beside the
engine's, and a second judge of which turns are legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLUMNS = {
    "a": (2, 8), "b": (1, 10), "c": (1, 11), "d": (1, 12), "e": (1, 13), "f": (1, 14), "g": (1, 15),
    "h": (1, 16), "i": (2, 16), "j": (2, 17), "k": (3, 17), "l": (4, 17), "m": (5, 17), "n": (6, 17),
    "o": (7, 17), "p": (8, 17), "q": (10, 16),
}  # fmt: skip
Cube = tuple[int, int, int]


def cube(name: str) -> Cube:
    c, r = "abcdefghijklmnopq".index(name[0]) + 1, int(name[1:])
    return (c, -r, r - c)


SPACES = {
    cube(f"{letter}{n}"): f"{letter}{n}" for letter, (lo, hi) in COLUMNS.items() for n in range(lo, hi + 1)
}
AT = {name: point for point, name in SPACES.items()}
UNITS: list[Cube] = [(0, 1, -1), (0, -1, 1), (1, 0, -1), (-1, 0, 1), (1, -1, 0), (-1, 1, 0)]
#: P-2, written out from the specification
CENTRE = {
    *[
        "g7",
        "g8",
        "g9",
        "h7",
        "h8",
        "h9",
        "h10",
        "i7",
        "i8",
        "i9",
        "i10",
        "i11",
        "j8",
        "j9",
        "j10",
        "j11",
        "k9",
        "k10",
        "k11",
    ]
}
SIDE_PAIRS = [
    ({f"a{n}" for n in range(2, 9)}, {f"q{n}" for n in range(10, 17)}),
    ({f"{c}1" for c in "bcdefgh"}, {f"{c}17" for c in "jklmnop"}),
    ({*["j2", "k3", "l4", "m5", "n6", "o7", "p8"]}, {*["b10", "c11", "d12", "e13", "f14", "g15", "h16"]}),
]
HAND = {"T": 6, "C": 2, "E": 4, "M": 2, "L": 2, "R": 2}


def add(p: Cube, q: Cube) -> Cube:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2])


def clockwise(v: Cube) -> Cube:
    """A sixth clockwise as drawn: (0, −1) "down" becomes (−1, −1) "down-left"."""
    return (-v[1], -v[2], -v[0])


DOWN = (0, 1, -1)  # (c, r) + (0, −1)
assert SPACES[add(AT["e5"], clockwise(DOWN))] == "d4"
_CW1 = clockwise(DOWN)
_CW2 = clockwise(_CW1)
_CCW = clockwise(clockwise(clockwise(_CW2)))  # five sixths clockwise: one anticlockwise
#: the minor dots of each kind for the direction "down", as offsets from the PÜNCT (P-3's table)
BASE = {
    "T": (DOWN, _CW1),
    "C": (DOWN, (0, -1, 1)),
    "E": (DOWN, (0, 2, -2)),
    "M": (DOWN, _CW2),
    "L": (DOWN, add(DOWN, _CW1)),
    "R": (DOWN, add(DOWN, _CCW)),
}


def orientations(kind: str) -> list[tuple[Cube, Cube]]:
    out = []
    a, b = BASE[kind]
    for _ in range(6):
        out.append((a, b))
        a, b = clockwise(a), clockwise(b)
    return out


def placements(kind: str, punct: str) -> set[frozenset[str]]:
    """The sets of three spaces a piece of ``kind`` covers with its PÜNCT on ``punct``."""
    out = set()
    for a, b in orientations(kind):
        dots = [add(AT[punct], a), add(AT[punct], b)]
        if all(dot in SPACES for dot in dots):
            out.add(frozenset({punct, *(SPACES[dot] for dot in dots)}))
    return out


def neighbours(name: str) -> list[str]:
    return [SPACES[add(AT[name], unit)] for unit in UNITS if add(AT[name], unit) in SPACES]


def line_spaces(name: str) -> list[str]:
    out = [name]
    for unit in UNITS:
        point = add(AT[name], unit)
        while point in SPACES:
            out.append(SPACES[point])
            point = add(point, unit)
    return out


@dataclass(frozen=True)
class Piece:
    owner: str  # "w" or "b"
    kind: str
    punct: str
    spaces: frozenset[str]
    level: int


@dataclass
class Game:
    pieces: dict[int, Piece] = field(default_factory=dict)
    hands: dict[str, dict[str, int]] = field(default_factory=lambda: {"w": dict(HAND), "b": dict(HAND)})
    to_move: str = "w"
    turns: int = 0
    last_added: bool = False  # the last turn was an addition
    serial: int = 0
    _tops: dict[str, int] | None = None

    def copy(self) -> Game:
        return Game(
            dict(self.pieces),
            {who: dict(hand) for who, hand in self.hands.items()},
            self.to_move,
            self.turns,
            self.last_added,
            self.serial,
        )

    def top(self, space: str) -> int | None:
        """The number of the highest piece on ``space`` (None: empty); the game is never changed
        after its tops are read (every turn is played on a copy)."""
        if self._tops is None:
            self._tops = {}
            for number, piece in sorted(self.pieces.items(), key=lambda item: item[1].level):
                for dot in piece.spaces:
                    self._tops[dot] = number
        return self._tops.get(space)

    def height(self, space: str) -> int:
        top = self.top(space)
        return -1 if top is None else self.pieces[top].level


Turn = tuple  # ("add", kind, punct, spaces) | ("move", number, punct, spaces) | ("pass",)


def _middle(spaces: frozenset[str]) -> str | None:
    for dot in spaces:
        if all(other in neighbours(dot) for other in spaces - {dot}):
            others = list(spaces - {dot})
            if others[1] not in neighbours(others[0]):
                return dot
    return None


def lies_at(game: Game, kind: str, owner: str, punct: str, spaces: frozenset[str]) -> int | None:
    """The level a piece lands on, the board as ``game`` holds it; None when it may not (P-6, P-8)."""
    heights = {space: game.height(space) for space in spaces}
    top = game.top(punct)
    own = top is not None and game.pieces[top].owner == owner
    if len(set(heights.values())) == 1:
        height = heights[punct]
        if height == -1:
            return 0
        return height + 1 if own else None
    middle = _middle(spaces)
    if kind == "T" or middle is None or not own:
        return None
    ends = sorted(spaces - {middle})
    if heights[ends[0]] != heights[ends[1]] or heights[ends[0]] < 0 or heights[middle] >= heights[ends[0]]:
        return None
    if game.top(ends[0]) == game.top(ends[1]):
        return None  # a bridge's ends on one piece
    return heights[ends[0]] + 1


def free(game: Game, number: int) -> bool:
    return all(game.top(space) == number for space in game.pieces[number].spaces)


def turns(game: Game, who: str) -> list[Turn]:
    """Every addition and move of ``who`` (no pass)."""
    found: list[Turn] = []
    empty = {name for name in AT if game.top(name) is None}
    for kind, count in game.hands[who].items():
        if not count:
            continue
        for punct in empty - CENTRE:
            for spaces in placements(kind, punct):
                if spaces <= empty and not spaces & CENTRE:
                    found.append(("add", kind, punct, spaces))
    for number, piece in game.pieces.items():
        if piece.owner != who or not free(game, number):
            continue
        lifted = game.copy()
        del lifted.pieces[number]
        for punct in line_spaces(piece.punct):
            for spaces in placements(piece.kind, punct):
                if punct == piece.punct and spaces == piece.spaces:
                    continue
                level = lies_at(lifted, piece.kind, who, punct, spaces)
                if level is not None:
                    found.append(("move", number, punct, spaces, level))
    return found


def connected(game: Game, who: str) -> bool:
    mine = {name for name in AT if game.top(name) is not None and game.pieces[game.top(name)].owner == who}  # type: ignore[index]
    for near, far in SIDE_PAIRS:
        seen = set(near & mine)
        todo = list(seen)
        while todo:
            here = todo.pop()
            for other in neighbours(here):
                if other in mine and other not in seen:
                    seen.add(other)
                    todo.append(other)
        if seen & far:
            return True
    return False


def decided(game: Game) -> bool:
    """Over by a connection (P-9), the last piece (P-10) or the turn limit (P-11)."""
    mover = "b" if game.to_move == "w" else "w"
    if connected(game, mover) or connected(game, game.to_move):
        return True
    if game.last_added and not any(game.hands[mover].values()):
        return True
    return game.turns >= 300


def legal(game: Game) -> list[Turn]:
    """The turns of the player to move; a pass when he has none and his opponent has (P-12)."""
    if decided(game):
        return []
    mine = turns(game, game.to_move)
    if mine:
        return mine
    return [("pass",)] if turns(game, "b" if game.to_move == "w" else "w") else []


def play(game: Game, turn: Turn) -> Game:
    after = game.copy()
    who = game.to_move
    if turn[0] == "add":
        _, kind, punct, spaces = turn
        after.serial += 1
        after.pieces[after.serial] = Piece(who, kind, punct, spaces, 0)
        after.hands[who][kind] -= 1
    elif turn[0] == "move":
        _, number, punct, spaces, level = turn
        after.pieces[number] = Piece(who, game.pieces[number].kind, punct, spaces, level)
    after.to_move = "b" if who == "w" else "w"
    after.turns += 1
    after.last_added = turn[0] == "add"
    return after


def perft(game: Game, depth: int) -> int:
    moves = legal(game)
    if depth == 1:
        return len(moves)
    return sum(perft(play(game, move), depth - 1) for move in moves)


def written(game: Game, token: str) -> Turn:
    """The turn of ``game`` a token of P-14 names (``E:e5,e4,e3``, ``e5-h8:h7,h6``, ``pass``)."""
    if token == "pass":
        return ("pass",)
    head, dots = token.split(":")
    spaces = frozenset(dots.split(","))
    options = legal(game)
    if "-" in head:
        origin, punct = head.split("-")
        for move in options:
            same = move[0] == "move" and game.pieces[move[1]].punct == origin and move[2] == punct
            if same and move[3] == spaces | {punct}:
                return move
    else:
        punct, *_ = dots.split(",")
        for move in options:
            if move[0] == "add" and move[1] == head and move[2] == punct and move[3] == spaces:
                return move
    raise ValueError(f"{token}: not a legal turn")


def taken(game: Game, token: str) -> Turn:
    """The turn a token names, taken as written without checking it (the engine judged it legal):
    the level a moved piece takes found as :func:`lies_at` finds it."""
    if token == "pass":
        return ("pass",)
    head, dots = token.split(":")
    names = dots.split(",")
    if "-" not in head:
        return ("add", head, names[0], frozenset(names))
    origin, punct = head.split("-")
    number = max(
        (n for n, piece in game.pieces.items() if piece.punct == origin and piece.owner == game.to_move),
        key=lambda n: game.pieces[n].level,
    )
    lifted = game.copy()
    del lifted.pieces[number]
    spaces = frozenset({punct, *names})
    return (
        "move",
        number,
        punct,
        spaces,
        lies_at(lifted, game.pieces[number].kind, game.to_move, punct, spaces),
    )


def replayed(text: str) -> Game:
    """The game after the turns of ``text`` (move numbers allowed) from the start."""
    game = Game()
    for token in text.split():
        if token.rstrip(".").isdigit():
            continue
        game = play(game, written(game, token))
    return game


def notation(game: Game, turn: Turn) -> str:
    """A turn as the plain game names it: the kind or the origin, the PÜNCT, the three spaces sorted."""
    if turn[0] == "pass":
        return "pass"
    dots = ",".join(sorted(turn[3]))
    if turn[0] == "add":
        return f"{turn[1]}:{turn[2]}:{dots}"
    return f"{game.pieces[turn[1]].punct}-{turn[2]}:{dots}"
