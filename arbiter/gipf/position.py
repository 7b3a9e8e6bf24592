"""GIPF positions: the immutable state, its one-line text form and a diagram.

Position text (one line, fields separated by spaces)::

    gipf-standard B..W/...../....../W.....B/....../...../B..W w reserve=12/12 captured=0/0

1. the game key (``gipf-basic``, ``gipf-standard``, ``gipf-tournament``);
2. the 37 spots column by column (``b2..b5 / c2..c6 / ... / h2..h5``, bottom to top): ``.`` empty,
   ``w``/``b`` a white/black basic piece, ``W``/``B`` a white/black GIPF-piece;
3. the side to move, ``w`` or ``b``;
4. ``reserve=W/B`` pieces in each reserve;
5. ``captured=W/B`` opponent pieces captured by White / by Black (a GIPF-piece counts 2);
6. tournament games only: ``start=W/B`` each player's start-up state, ``g`` (has not moved yet: the
   next piece must be a GIPF-piece), ``o`` (GIPF-pieces still allowed), ``x`` (a basic piece was
   played: no more GIPF-pieces).

Rows waiting for removal need no field: rows in the colour of the side to move are removed by him
at the start of his turn (the removal list before his push); rows of the other colour can only be
rows made entirely of GIPF-pieces that their owner chose to leave.

Rules at home here: the start positions of the three rule sets and the basic-game handicap
(:func:`start_position`), and which positions can arise in a game (:func:`validate`: at most 18
pieces per player, the tournament start-up states, no row left by the player who just moved).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.colour import LETTERS, PLAYER_NAMES, from_letter
from arbiter.errors import PLAYER_MESSAGES, InvalidPositionError, gettext_noop
from arbiter.gipf.board import (
    ALL_POINTS,
    COLUMNS,
    EMPTY,
    NUM_SPOTS,
    SPOT_INDEX,
    SPOT_NAMES,
    SPOT_POINTS,
    WHITE_GIPF,
    WHITE_PIECE,
    find_rows,
    owner,
    weight,
)
from arbiter.records import small_number

PIECE_CHARS = ".wbWB"  # the characters of EMPTY, WHITE_PIECE, BLACK_PIECE, WHITE_GIPF, BLACK_GIPF
GAME_KEYS = {"gipf-basic": "basic", "gipf-standard": "standard", "gipf-tournament": "tournament"}
GAME_KEY_OF_RULES = {rules: key for key, rules in GAME_KEYS.items()}
#: each rule set's name, as a record's Game tag writes it (and pages show it, translated)
GAME_NAMES = {
    "gipf-basic": gettext_noop("GIPF basic"),
    "gipf-standard": gettext_noop("GIPF standard"),
    "gipf-tournament": gettext_noop("GIPF tournament"),
}
# start-up states (tournament rules); basic and standard games are always CLOSED
MUST_GIPF, GIPF_OPEN, CLOSED = 0, 1, 2
START_CHARS = "gox"
COLUMN_SIZES = (4, 5, 6, 7, 6, 5, 4)  # spots in columns b..h
START_SPOTS = (("b5", "e2", "h5"), ("b2", "e8", "h2"))
MAX_PIECES = 18


@dataclass(frozen=True, slots=True)
class Position:
    rules: str
    board: tuple[int, ...]
    to_move: int  # 0 White, 1 Black (arbiter.colour)
    reserve: tuple[int, int]
    captured: tuple[int, int]  # opponent pieces captured by White, by Black
    start: tuple[int, int] = (CLOSED, CLOSED)

    @property
    def game(self) -> str:
        return GAME_KEY_OF_RULES[self.rules]

    def gipf_count(self, player: int) -> int:
        return self.board.count(WHITE_GIPF + player)

    def pieces_of(self, player: int) -> int:
        """Pieces of a player on the board, counted as basic pieces (a GIPF-piece is 2)."""
        return sum(weight(piece) for piece in self.board if piece and owner(piece) == player)

    def total_of(self, player: int) -> int:
        """Reserve + board + pieces lost to the opponent: constant through a game."""
        return self.reserve[player] + self.pieces_of(player) + self.captured[1 - player]

    def subject_to_gipf_rule(self, player: int) -> bool:
        """Whether having no GIPF-piece on the board loses for this player."""
        if self.rules == "basic":
            return False
        return self.start[player] != MUST_GIPF

    def diagram(self) -> str:
        return render_diagram(self)


def start_position(game: str, handicap: tuple[int, int] = (0, 0)) -> Position:
    rules = GAME_KEYS.get(game)
    if rules is None:
        raise InvalidPositionError(gettext_noop("unknown GIPF game '{game}'"), game=game)
    board = [EMPTY] * NUM_SPOTS
    if rules == "tournament":
        return Position(
            rules, tuple(board), 0, (18 + handicap[0], 18 + handicap[1]), (0, 0), (MUST_GIPF, MUST_GIPF)
        )
    for player in (0, 1):
        piece = (WHITE_GIPF if rules == "standard" else WHITE_PIECE) + player
        for spot in START_SPOTS[player]:
            board[SPOT_INDEX[spot]] = piece
    reserve = (12 + handicap[0], 12 + handicap[1])
    return Position(rules, tuple(board), 0, reserve, (0, 0))


def format_board(board: tuple[int, ...]) -> str:
    parts = []
    offset = 0
    for size in COLUMN_SIZES:
        parts.append("".join(PIECE_CHARS[board[i]] for i in range(offset, offset + size)))
        offset += size
    return "/".join(parts)


def format_position(pos: Position) -> str:
    fields = [
        pos.game,
        format_board(pos.board),
        LETTERS[pos.to_move],
        f"reserve={pos.reserve[0]}/{pos.reserve[1]}",
        f"captured={pos.captured[0]}/{pos.captured[1]}",
    ]
    if pos.rules == "tournament":
        fields.append(f"start={START_CHARS[pos.start[0]]}/{START_CHARS[pos.start[1]]}")
    return " ".join(fields)


def number_pair(value: str, name: str) -> tuple[int, int]:
    numbers = [small_number(part) for part in value.split("/")]
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        raise InvalidPositionError(
            gettext_noop("{name} must be two numbers like 12/12, not '{value}'"), name=name, value=value[:40]
        )
    return numbers[0], numbers[1]


def parse_board(text: str) -> tuple[int, ...]:
    columns = text.split("/")
    if len(columns) != len(COLUMN_SIZES):
        raise InvalidPositionError(
            gettext_noop("the board needs 7 columns b..h separated by '/', got {count}"), count=len(columns)
        )
    board: list[int] = []
    for letter, column, size in zip(COLUMNS[1:8], columns, COLUMN_SIZES, strict=True):
        if len(column) != size:
            raise InvalidPositionError(
                gettext_noop("column {letter} needs {size} spots, got '{column}'"),
                letter=letter,
                size=size,
                column=column,
            )
        for char in column:
            if char not in PIECE_CHARS:
                raise InvalidPositionError(
                    gettext_noop("unknown piece '{char}' in column {letter} (use . w b W B)"),
                    char=char,
                    letter=letter,
                )
            board.append(PIECE_CHARS.index(char))
    return tuple(board)


def side_to_move(field: str) -> int:
    """The side to move of a position text (``w`` or ``b``)."""
    to_move = from_letter(field)
    if to_move is None:
        raise InvalidPositionError(gettext_noop("side to move must be 'w' or 'b', not '{side}'"), side=field)
    return to_move


def named_fields(items: list[str], names: tuple[str, ...]) -> dict[str, str]:
    """The ``name=value`` fields of a position text, each of ``names`` at most once."""
    values: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or key not in names or key in values:
            raise InvalidPositionError(gettext_noop("unexpected field '{item}'"), item=item)
        values[key] = value
    return values


def start_field(rules: str, values: dict[str, str]) -> tuple[int, int]:
    """Each player's start-up state (``start=W/B``, tournament positions only)."""
    raw = values.get("start")
    if rules != "tournament":
        if raw is not None:
            raise InvalidPositionError(gettext_noop("start= is only for tournament positions"))
        return CLOSED, CLOSED
    if raw is None:
        raise InvalidPositionError(gettext_noop("a tournament position needs start=W/B (g, o or x each)"))
    parts = raw.split("/")
    if len(parts) != 2 or any(len(p) != 1 or p not in START_CHARS for p in parts):
        raise InvalidPositionError(
            gettext_noop("start must be like o/x (g, o or x each), not '{raw}'"), raw=raw
        )
    return START_CHARS.index(parts[0]), START_CHARS.index(parts[1])


def parse_position(text: str) -> Position:
    fields = text.split()
    if len(fields) < 3:
        raise InvalidPositionError(
            gettext_noop("a GIPF position needs: game key, board, side to move, reserve=, captured=")
        )
    rules = GAME_KEYS.get(fields[0])
    if rules is None:
        raise InvalidPositionError(gettext_noop("unknown GIPF game key '{key}'"), key=fields[0])
    board = parse_board(fields[1])
    to_move = side_to_move(fields[2])
    values = named_fields(fields[3:], ("reserve", "captured", "start"))
    if "reserve" not in values:
        raise InvalidPositionError(gettext_noop("the reserve=W/B field is missing"))
    reserve = number_pair(values["reserve"], "reserve")
    captured = number_pair(values.get("captured", "0/0"), "captured")
    pos = Position(rules, board, to_move, reserve, captured, start_field(rules, values))
    validate(pos)
    return pos


def check_total(total: int, player: int) -> None:
    """A player has at most 18 pieces: his reserve, those on the board and those he lost."""
    if total > MAX_PIECES:
        raise InvalidPositionError(
            gettext_noop("{name} has {count} pieces (reserve + board + lost), more than {most}"),
            name=PLAYER_MESSAGES[player],
            count=total,
            most=MAX_PIECES,
        )


def validate(pos: Position) -> None:
    if pos.rules == "basic" and any(piece >= WHITE_GIPF for piece in pos.board):
        raise InvalidPositionError(gettext_noop("a basic game has no GIPF-pieces"))
    for player in (0, 1):
        name = PLAYER_MESSAGES[player]
        check_total(pos.total_of(player), player)
        if pos.start[player] == MUST_GIPF and pos.pieces_of(player):
            raise InvalidPositionError(
                gettext_noop("{name} has not moved yet (start=g) but has pieces on the board"), name=name
            )
    if pos.start[pos.to_move] == MUST_GIPF and pos.start[1 - pos.to_move] == MUST_GIPF and pos.to_move == 1:
        raise InvalidPositionError(
            gettext_noop("Black cannot be to move before White has brought his first GIPF-piece")
        )
    mover = 1 - pos.to_move
    for row in find_rows(pos.board, mover):
        if any(pos.board[spot] < WHITE_GIPF for spot in row):
            names = ",".join(SPOT_NAMES[s] for s in row)
            raise InvalidPositionError(
                gettext_noop("{player} (who just moved) has a row {names} that he should have removed"),
                player=PLAYER_MESSAGES[mover],
                names=names,
            )


def render_diagram(pos: Position) -> str:
    """A multi-line picture of the board (dots as ``o``), followed by the other fields."""
    cells: dict[tuple[int, int], str] = {}
    spot_chars = {point: PIECE_CHARS[pos.board[i]] for i, point in enumerate(SPOT_POINTS)}
    for col, v in ALL_POINTS:
        cells[(col, 2 * v - col)] = spot_chars.get((col, v), "o")
    keys = sorted({key for _, key in cells}, reverse=True)
    lines = []
    for key in keys:
        line = [" "] * 27
        for col in range(9):
            char = cells.get((col, key))
            if char is not None:
                line[col * 3 + 1] = char
        lines.append("    " + "".join(line).rstrip())
    lines.append("    " + "".join(f" {c} " for c in COLUMNS))
    lines.append(
        f"{PLAYER_NAMES[pos.to_move]} to move; reserve W {pos.reserve[0]} B {pos.reserve[1]}; "
        f"captured by W {pos.captured[0]} by B {pos.captured[1]}"
    )
    return "\n".join(lines)
