"""TZAAR positions: the stacks, the side to move, the step of the turn and the last turn's moves.

A stack is ``(colour, type, height)``: its colour (0 White, 1 Black, :mod:`arbiter.colour`; a stack
is of one colour, since a player stacks only onto his own pieces), the type of its top piece
(:data:`TZAAR`, :data:`TZARRA`, :data:`TOTT`; only the top counts) and its height. A board is a tuple
of 60 stacks or None, in the order of :data:`arbiter.tzaar.board.NAMES`.

The step (:data:`PLACE`, :data:`CAPTURE`, :data:`SECOND`): a placement of the placement start (Z-5),
the first move of a turn (a capture, compulsory) or its second (a capture, a stack or a pass).
White's very first turn is one capture: it is the capture step with all 60 pieces on the board.

Position text: ``tzaar <side w|b> <step> <last> <board>``; ``last`` is the moves of the last turn
(the current turn's first move while its second is to come) joined by ``;``, ``-`` when none; the
board lists the columns a to i separated by ``/``, each its spaces from the lower end separated by
``,`` (e5 left out): ``.`` for an empty space, else colour, type and height when over one
(``wT``, ``bO3``). The setup text of a start (Z-4) is ``a1:wO a2:wO ...``.

Rules at home here: the pieces each player has (:data:`COUNTS`), the fixed start (Z-4), a random
start (Z-5), the text forms and which positions can arise (:func:`parse_position`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arbiter.colour import LETTERS, WHITE, from_letter
from arbiter.errors import PLAYER_MESSAGES, InvalidPositionError, Message, gettext_noop
from arbiter.positions import position_fields, read_side
from arbiter.records import small_number
from arbiter.tzaar.board import BY_NAME, CENTRE_NAME, COLUMNS, NAMES, POINTS, SPACES

TZAAR, TZARRA, TOTT = 0, 1, 2
TYPE_LETTERS = "TZO"
TYPE_NAMES = (Message(gettext_noop("Tzaar")), Message(gettext_noop("Tzarra")), Message(gettext_noop("Tott")))
#: the pieces of each player: 6 Tzaars, 9 Tzarras, 15 Totts
COUNTS = (6, 9, 15)
PIECES = sum(COUNTS)  # 30 a player

PLACE, CAPTURE, SECOND = "place", "capture", "second"
STEPS = (PLACE, CAPTURE, SECOND)

Stack = tuple[int, int, int]  # colour, top type, height
Board = tuple[Stack | None, ...]
EMPTY_BOARD: Board = (None,) * SPACES

FIXED_SETUP = (
    "a1:wO a2:wO a3:wO a4:wO a5:bO "
    "b1:bO b2:wZ b3:wZ b4:wZ b5:bZ b6:bO "
    "c1:bO c2:bZ c3:wT c4:wT c5:bT c6:bZ c7:bO "
    "d1:bO d2:bZ d3:bT d4:wO d5:bO d6:bT d7:bZ d8:bO "
    "e1:bO e2:bZ e3:bT e4:bO e6:wO e7:wT e8:wZ e9:wO "
    "f1:wO f2:wZ f3:wT f4:wO f5:bO f6:wT f7:wZ f8:wO "
    "g1:wO g2:wZ g3:wT g4:bT g5:bT g6:wZ g7:wO "
    "h1:wO h2:wZ h3:bZ h4:bZ h5:bZ h6:wO "
    "i1:wO i2:bO i3:bO i4:bO i5:bO"
)


def piece_text(colour: int, kind: int) -> str:
    return LETTERS[colour] + TYPE_LETTERS[kind]


def read_piece(text: str) -> tuple[int, int] | None:
    """``wT`` as (colour, type), None when it is no piece."""
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in TYPE_LETTERS:
        return None
    colour = from_letter(text[0])
    assert colour is not None
    return colour, TYPE_LETTERS.index(text[1])


@dataclass(frozen=True)
class Position:
    """A TZAAR position (see the module's docstring)."""

    board: Board
    to_move: int
    step: str
    last: tuple[str, ...] = ()

    def text(self) -> str:
        return format_position(self)

    def pieces(self) -> int:
        """The pieces on the board (every capture takes at least one off)."""
        return sum(stack[2] for stack in self.board if stack is not None)

    def tops(self, colour: int) -> list[int]:
        """How many of ``colour``'s stacks each type tops (Tzaar, Tzarra, Tott)."""
        counts = [0, 0, 0]
        for stack in self.board:
            if stack is not None and stack[0] == colour:
                counts[stack[1]] += 1
        return counts

    def missing_type(self) -> tuple[int, int] | None:
        """(player, type) of a player with no stack topped by that type (after the placement), else None."""
        if self.step == PLACE:
            return None
        for colour in (WHITE, 1 - WHITE):
            tops = self.tops(colour)
            for kind in (TZAAR, TZARRA, TOTT):
                if not tops[kind]:
                    return colour, kind
        return None

    def first_turn(self) -> bool:
        """White's very first turn: one capture only."""
        return self.step == CAPTURE and self.to_move == WHITE and self.pieces() == 2 * PIECES


# ---------------------------------------------------------------------------------------------
# Starts


def parse_setup(text: str) -> Board:
    """A start written ``a1:wO a2:wO ...``: every space once, each player's 30 pieces (Z-4, Z-5)."""
    board: list[Stack | None] = [None] * SPACES
    for token in text.split():
        name, _, piece = token.partition(":")
        index = BY_NAME.get(name.lower())
        if index is None:
            raise InvalidPositionError(
                gettext_noop("the setup's {token}: {name} is not a space of the TZAAR board"),
                token=token,
                name=name,
            )
        read = read_piece(piece)
        if read is None:
            raise InvalidPositionError(
                gettext_noop("the setup's {token}: a piece is w or b and T, Z or O, like a1:wO"), token=token
            )
        if board[index] is not None:
            raise InvalidPositionError(gettext_noop("the setup names {name} twice"), name=NAMES[index])
        board[index] = (read[0], read[1], 1)
    empty = [NAMES[i] for i, stack in enumerate(board) if stack is None]
    if empty:
        raise InvalidPositionError(
            gettext_noop("the setup leaves {count} spaces empty: {spaces}"),
            count=len(empty),
            spaces=" ".join(empty[:6]) + (" …" if len(empty) > 6 else ""),
        )
    _check_counts(tuple(board), exact=True)
    return tuple(board)


def format_setup(board: Board) -> str:
    return " ".join(
        f"{NAMES[i]}:{piece_text(stack[0], stack[1])}" for i, stack in enumerate(board) if stack is not None
    )


def random_setup(rng: random.Random) -> Board:
    """The 60 pieces placed at random (the rulebook's standard start)."""
    pieces = [
        (colour, kind, 1) for colour in (0, 1) for kind, count in enumerate(COUNTS) for _ in range(count)
    ]
    rng.shuffle(pieces)
    return tuple(pieces)


def start_of(board: Board) -> Position:
    """White's first turn (one capture) on a set-up board."""
    return Position(board, WHITE, CAPTURE)


# ---------------------------------------------------------------------------------------------
# The position text


def _columns() -> list[list[int]]:
    columns: list[list[int]] = [[] for _ in COLUMNS]
    for index, (col, _) in enumerate(POINTS):
        columns[col].append(index)
    return columns


COLUMN_SPACES = _columns()


def _cell(stack: Stack | None) -> str:
    if stack is None:
        return "."
    colour, kind, height = stack
    return piece_text(colour, kind) + (str(height) if height > 1 else "")


def format_position(position: Position) -> str:
    board = "/".join(",".join(_cell(position.board[i]) for i in column) for column in COLUMN_SPACES)
    last = ";".join(position.last) or "-"
    return f"tzaar {LETTERS[position.to_move]} {position.step} {last} {board}"


def _read_cell(cell: str, name: str) -> Stack | None:
    if cell == ".":
        return None
    piece = read_piece(cell[:2])
    height = small_number(cell[2:], 2) if len(cell) > 2 else 1
    if piece is None or height is None or not 1 <= height <= PIECES or (len(cell) > 2 and height == 1):
        raise InvalidPositionError(
            gettext_noop("{name}: a space is '.' or a stack like wT, bO3; not {cell}"),
            name=name,
            cell=repr(cell[:20]),
        )
    return piece[0], piece[1], height


def _read_board(text: str) -> Board:
    columns = text.split("/")
    if len(columns) != len(COLUMNS):
        raise InvalidPositionError(
            gettext_noop("the board has 9 columns separated by '/', found {count}"), count=len(columns)
        )
    board: list[Stack | None] = [None] * SPACES
    for letter, column, spaces in zip(COLUMNS, columns, COLUMN_SPACES, strict=True):
        cells = column.split(",")
        if len(cells) != len(spaces):
            raise InvalidPositionError(
                gettext_noop("column {letter} has {spaces} spaces (without {centre}), found {count}"),
                letter=letter,
                spaces=len(spaces),
                centre=CENTRE_NAME,
                count=len(cells),
            )
        for cell, index in zip(cells, spaces, strict=True):
            board[index] = _read_cell(cell, NAMES[index])
    return tuple(board)


def parse_position(text: str) -> Position:
    """Read a position text, checking that the position could arise in a game."""
    fields = position_fields(
        text,
        "tzaar",
        5,
        gettext_noop("a TZAAR position starts with the word 'tzaar'"),
        gettext_noop("a TZAAR position has 5 fields: tzaar <side w|b> <step> <last turn> <board>"),
    )
    _, side, step, last, board_text = fields
    to_move = read_side(side)
    if step not in STEPS:
        raise InvalidPositionError(
            gettext_noop("the step is place, capture or second, not {step}"), step=repr(step[:20])
        )
    moves = () if last == "-" else tuple(last.split(";"))
    if len(moves) > 2 or not all(0 < len(move) <= 8 for move in moves):
        raise InvalidPositionError(gettext_noop("the last turn is one or two moves, or '-'"))
    position = Position(_read_board(board_text), to_move, step, moves)
    _check_position(position)
    return position


def _check_counts(board: Board, exact: bool) -> None:
    for colour in (0, 1):
        placed = [0, 0, 0]
        for stack in board:
            if stack is not None and stack[0] == colour:
                placed[stack[1]] += 1
        heights = sum(stack[2] for stack in board if stack is not None and stack[0] == colour)
        wrong = placed != list(COUNTS) if exact else any(p > c for p, c in zip(placed, COUNTS, strict=True))
        if wrong or heights > PIECES:
            raise InvalidPositionError(
                gettext_noop(
                    "each player has 6 Tzaars, 9 Tzarras and 15 Totts; {player} has {tzaars}, {tzarras} and {totts}"
                ),
                player=PLAYER_MESSAGES[colour],
                tzaars=placed[0],
                tzarras=placed[1],
                totts=placed[2],
            )


def _check_position(position: Position) -> None:
    board = position.board
    if position.step == PLACE:
        if any(stack is not None and stack[2] > 1 for stack in board):
            raise InvalidPositionError(gettext_noop("there are no stacks during the placement"))
        placed = position.pieces()
        if placed >= 2 * PIECES or position.to_move != placed % 2:
            raise InvalidPositionError(
                gettext_noop("after {placed} placements the placement goes on with the other player"),
                placed=placed,
            )
    _check_counts(board, exact=False)


#: the fixed start (Z-4) and the placement start's empty board (Z-5)
FIXED = start_of(parse_setup(FIXED_SETUP))
PLACEMENT = Position(EMPTY_BOARD, WHITE, PLACE)
