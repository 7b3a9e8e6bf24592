"""LYNGK positions (L-15): the 43 stacks, each player's claimed colours, the stacks of five each has
won, the player to move and whether his turn starts or he has claimed and must move.

A stack is a text of piece letters bottom to top (L-2: ivory ``I``, blue ``B``, red ``R``, green
``G``, black ``K``, joker ``J``; ``RKG`` is green on top), the empty text for an empty point. A board
is a tuple of 43 stacks in the order of :data:`arbiter.lyngk.board.NAMES`. A player's claims are
the letters of his colours in the order claimed (``"RK"``), at most two; the stacks of five he has
won are kept as they were (``"IBRGK"``), so that every piece stays counted.

Position text: ``lyngk <side w|b> <step turn|claimed> <claims> <won> <board>``; ``claims`` is White's
letters ``/`` Black's (``-`` for none: ``R/-``), ``won`` White's stacks of five joined by ``,``, ``/``,
Black's (``-/-``), and the board lists the columns a to i separated by ``/``, each its points from the
lower end separated by ``,``: ``.`` for an empty point, else the stack (``IRB``). The step ``claimed``
says the player to move has made his claim this turn and must now move (L-6).

The start (L-4) is written ``a1:J b1:I ...``: the 43 placements, point:letter.

Rules at home here: the pieces (:data:`COUNTS`: 8 of each colour, 3 jokers), which stacks are legal
(L-2: at most 5 high, no colour twice, never topped by a joker), a start's placements and the text
forms, and which positions can arise (:func:`parse_position`: every piece counted once).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from arbiter.colour import LETTERS, WHITE
from arbiter.errors import PLAYER_MESSAGES, InvalidPositionError, Message, gettext_noop
from arbiter.lyngk.board import BY_NAME, COLUMN_POINTS, COLUMNS, NAMES, SIZE
from arbiter.positions import position_fields, read_side

#: the five colours' letters, and the joker's
COLOURS = "IBRGK"
JOKER = "J"
PIECE_LETTERS = COLOURS + JOKER
#: the pieces of the game: 8 of each colour, 3 jokers (L-2)
COUNTS: dict[str, int] = {**dict.fromkeys(COLOURS, 8), JOKER: 3}
PIECES = sum(COUNTS.values())  # 43
MAX_HEIGHT = 5
#: the colours' names in messages (a joker is no colour, but is named in the same words)
COLOUR_NAMES: dict[str, Message] = {
    "I": Message(gettext_noop("ivory")),
    "B": Message(gettext_noop("blue")),
    "R": Message(gettext_noop("red")),
    "G": Message(gettext_noop("green")),
    "K": Message(gettext_noop("black")),
    "J": Message(gettext_noop("joker")),
}

TURN, CLAIMED = "turn", "claimed"
STEPS = (TURN, CLAIMED)

Board = tuple[str, ...]
Won = tuple[tuple[str, ...], tuple[str, ...]]


class _Masks(dict[str, int]):
    """Each stack's colours as bits (bit i for ``COLOURS[i]``; a joker adds none), computed once."""

    def __missing__(self, stack: str) -> int:
        found = 0
        for letter in stack:
            if letter != JOKER:
                found |= 1 << COLOURS.index(letter)
        self[stack] = found
        return found


#: ``MASKS[stack]``: two stacks make a legal stack when their masks share no bit and their heights
#: add up to five at most (L-2)
MASKS = _Masks()


def mask(stack: str) -> int:
    """The colours in ``stack`` as bits (:data:`MASKS`)."""
    return MASKS[stack]


def stack_problem(stack: str) -> Message | None:
    """Why ``stack`` can be no stack of a game (None when it can): L-2."""
    if len(stack) > MAX_HEIGHT:
        return Message(
            gettext_noop("a stack holds at most five pieces, not {height}"), {"height": len(stack)}
        )
    twice = [letter for letter, count in Counter(stack).items() if letter != JOKER and count > 1]
    if twice:
        return Message(
            gettext_noop("a stack may hold each colour once: {colour} is twice in {stack}"),
            {"colour": COLOUR_NAMES[twice[0]], "stack": stack},
        )
    if len(stack) > 1 and stack[-1] == JOKER:
        return Message(
            gettext_noop("a joker never moves alone, so no stack is topped by one: {stack}"), {"stack": stack}
        )
    return None


@dataclass(frozen=True)
class Position:
    """A LYNGK position (see the module's docstring)."""

    board: Board
    to_move: int = WHITE
    claimed: bool = False  # the player to move has claimed this turn and must move
    claims: tuple[str, str] = ("", "")
    won: Won = ((), ())

    def text(self) -> str:
        return format_position(self)

    def owner(self, colour: str) -> int | None:
        """The player who has claimed ``colour`` (0 White, 1 Black), None while it is neutral."""
        if colour in self.claims[0]:
            return 0
        if colour in self.claims[1]:
            return 1
        return None

    def unclaimed(self) -> str:
        """The colours nobody has claimed, in the order of :data:`COLOURS`."""
        taken = self.claims[0] + self.claims[1]
        return "".join(colour for colour in COLOURS if colour not in taken)

    def pieces(self) -> Counter[str]:
        """Every piece, on the board and in the stacks of five won, by letter (43 in all)."""
        counted: Counter[str] = Counter()
        for stack in self.board:
            counted.update(stack)
        for stacks in self.won:
            for stack in stacks:
                counted.update(stack)
        return counted

    def on_board(self) -> int:
        return sum(len(stack) for stack in self.board)


# ---------------------------------------------------------------------------------------------
# Starts (L-4)


def parse_setup(text: str) -> Board:
    """A start written ``a1:J b1:I ...``: each point once, in any order and either case, with exactly
    8 pieces of each colour and 3 jokers (L-4)."""
    board: list[str | None] = [None] * SIZE
    for token in text.split():
        name, _, letter = token.partition(":")
        index = BY_NAME.get(name.lower())
        if index is None:
            raise InvalidPositionError(
                gettext_noop("the setup's {token}: {name} is not a point of the LYNGK board"),
                token=token[:20],
                name=name[:20],
            )
        letter = letter.upper()
        if len(letter) != 1 or letter not in PIECE_LETTERS:
            raise InvalidPositionError(
                gettext_noop("the setup's {token}: a piece is one of I, B, R, G, K or J, like a1:J"),
                token=token[:20],
            )
        if board[index] is not None:
            raise InvalidPositionError(gettext_noop("the setup names {name} twice"), name=NAMES[index])
        board[index] = letter
    empty = [NAMES[index] for index, stack in enumerate(board) if stack is None]
    if empty:
        raise InvalidPositionError(
            gettext_noop("the setup leaves {count} points empty: {points}"),
            count=len(empty),
            points=" ".join(empty[:6]) + (" …" if len(empty) > 6 else ""),
        )
    placed = tuple(stack or "" for stack in board)
    _check_counts(Counter("".join(placed)))
    return placed


def format_setup(board: Board) -> str:
    """The 43 placements of a start, point:letter, in the order a1, b1…b4, …, i1."""
    return " ".join(f"{name}:{stack}" for name, stack in zip(NAMES, board, strict=True))


def random_setup(rng: random.Random) -> Board:
    """The 43 pieces shuffled, one on each point: every arrangement equally likely (L-4)."""
    pieces = [letter for letter, count in COUNTS.items() for _ in range(count)]
    rng.shuffle(pieces)
    return tuple(pieces)


def start_of(board: Board) -> Position:
    """White's first turn on a start (L-3): nobody has claimed a colour."""
    return Position(board)


def is_setup(text: str) -> bool:
    """Whether ``text`` looks like a start's placements (``a1:J ...``), perhaps after ``random``."""
    words = text.split()
    if words and words[0].lower() == "random":
        words = words[1:]
    first = words[0] if words else ""
    return (
        len(first) == 4
        and first[2] == ":"
        and first[0].lower() in COLUMNS
        and first[3].upper() in PIECE_LETTERS
    )


# ---------------------------------------------------------------------------------------------
# The position text


def _side_text(letters: str) -> str:
    return letters or "-"


def _won_text(stacks: tuple[str, ...]) -> str:
    return ",".join(stacks) or "-"


def format_position(position: Position) -> str:
    board = "/".join(",".join(position.board[i] or "." for i in column) for column in COLUMN_POINTS)
    claims = "/".join(_side_text(letters) for letters in position.claims)
    won = "/".join(_won_text(stacks) for stacks in position.won)
    step = CLAIMED if position.claimed else TURN
    return f"lyngk {LETTERS[position.to_move]} {step} {claims} {won} {board}"


def _read_stack(cell: str, name: str) -> str:
    if cell == ".":
        return ""
    stack = cell.upper()
    if not stack or any(letter not in PIECE_LETTERS for letter in stack):
        raise InvalidPositionError(
            gettext_noop(
                "{name}: a point is '.' or a stack of I, B, R, G, K and J bottom to top; not {cell}"
            ),
            name=name,
            cell=repr(cell[:20]),
        )
    problem = stack_problem(stack)
    if problem is not None:
        raise InvalidPositionError(gettext_noop("the point {name}: {problem}"), name=name, problem=problem)
    return stack


def _read_board(text: str) -> Board:
    columns = text.split("/")
    if len(columns) != len(COLUMNS):
        raise InvalidPositionError(
            gettext_noop("the board has 9 columns separated by '/', found {count}"), count=len(columns)
        )
    board = [""] * SIZE
    for letter, column, points in zip(COLUMNS, columns, COLUMN_POINTS, strict=True):
        cells = column.split(",")
        if len(cells) != len(points):
            raise InvalidPositionError(
                gettext_noop("column {letter} has {points} points, found {count}"),
                letter=letter,
                points=len(points),
                count=len(cells),
            )
        for cell, index in zip(cells, points, strict=True):
            board[index] = _read_stack(cell, NAMES[index])
    return tuple(board)


def _read_claims(text: str) -> tuple[str, str]:
    sides = text.split("/")
    claims = tuple("" if side == "-" else side.upper() for side in sides)
    letters = "".join(claims)
    if (
        len(claims) != 2
        or any(len(side) > 2 for side in claims)
        or any(letter not in COLOURS for letter in letters)
        or len(set(letters)) != len(letters)
    ):
        raise InvalidPositionError(
            gettext_noop(
                "the claims are White's colours '/' Black's, at most two each, each colour once (like R/BK or -/-); not {text}"
            ),
            text=repr(text[:20]),
        )
    return claims[0], claims[1]


def _read_won(text: str, claims: tuple[str, str]) -> Won:
    sides = text.split("/")
    if len(sides) != 2:
        raise InvalidPositionError(
            gettext_noop("the stacks won are White's '/' Black's, '-' for none; not {text}"),
            text=repr(text[:20]),
        )
    won: list[tuple[str, ...]] = []
    for player, side in enumerate(sides):
        stacks = () if side == "-" else tuple(stack.upper() for stack in side.split(","))
        for stack in stacks:
            if (
                len(stack) != MAX_HEIGHT
                or stack_problem(stack) is not None
                or any(letter not in PIECE_LETTERS for letter in stack)
                or stack[-1] not in claims[player]
            ):
                raise InvalidPositionError(
                    gettext_noop(
                        "{player} cannot have won the stack {stack}: a stack of five topped by one of his colours"
                    ),
                    player=PLAYER_MESSAGES[player],
                    stack=stack[:20],
                )
        won.append(stacks)
    return won[0], won[1]


def parse_position(text: str) -> Position:
    """Read a position text, checking that the position could arise in a game (every piece counted
    once, legal stacks, legal claims and stacks won). A start's 43 placements (``a1:J b1:I ...``,
    perhaps after ``random``) are read as White's first turn on that start."""
    if is_setup(text):
        words = text.split()
        return start_of(parse_setup(" ".join(words[1:] if words[0].lower() == "random" else words)))
    fields = position_fields(
        text,
        "lyngk",
        6,
        gettext_noop("a LYNGK position starts with the word 'lyngk'"),
        gettext_noop(
            "a LYNGK position has 6 fields: lyngk <side w|b> <step turn|claimed> <claims> <won> <board>"
        ),
    )
    _, side, step, claims_text, won_text, board_text = fields
    to_move = read_side(side)
    if step not in STEPS:
        raise InvalidPositionError(
            gettext_noop("the step is turn or claimed, not {step}"), step=repr(step[:20])
        )
    claims = _read_claims(claims_text)
    if step == CLAIMED and not claims[to_move]:
        raise InvalidPositionError(
            gettext_noop("{player} is to move after a claim but has claimed no colour"),
            player=PLAYER_MESSAGES[to_move],
        )
    position = Position(
        _read_board(board_text), to_move, step == CLAIMED, claims, _read_won(won_text, claims)
    )
    _check_counts(position.pieces())
    return position


def _check_counts(counted: Counter[str]) -> None:
    if any(counted[letter] != count for letter, count in COUNTS.items()):
        raise InvalidPositionError(
            gettext_noop(
                "a game has 8 pieces of each colour and 3 jokers; found ivory {ivory}, blue {blue}, red {red}, green {green}, black {black}, jokers {jokers}"
            ),
            ivory=counted["I"],
            blue=counted["B"],
            red=counted["R"],
            green=counted["G"],
            black=counted["K"],
            jokers=counted["J"],
        )
