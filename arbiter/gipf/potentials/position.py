"""GIPF with potentials: the agreed sets of potentials, the position and its one-line text."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from arbiter.colour import LETTERS
from arbiter.errors import (
    PLAYER_MESSAGES,
    InvalidOptionError,
    InvalidPositionError,
    Message,
    gettext_noop,
)
from arbiter.gipf.board import (
    NUM_SPOTS,
    SPOT_INDEX,
    SPOT_NAMES,
    find_rows,
)
from arbiter.gipf.position import (
    CLOSED,
    COLUMN_SIZES,
    MUST_GIPF,
    START_CHARS,
    START_SPOTS,
    check_total,
    named_fields,
    number_pair,
    side_to_move,
    start_field,
)
from arbiter.spec import Variant

#: every kind of potential, in the rulebook's order
KINDS = "TZDYP"
KIND_NAMES = {"T": "TAMSK", "Z": "ZÈRTZ", "D": "DVONN", "Y": "YINSH", "P": "PÜNCT"}
GAME_KEYS = {
    "gipf-pot-standard": "standard",
    "gipf-pot-tournament": "tournament",
    "gipf-ult-standard": "standard",
    "gipf-ult-tournament": "tournament",
}
GAME_NAMES = {
    "gipf-pot-standard": gettext_noop("GIPF standard with potentials"),
    "gipf-pot-tournament": gettext_noop("GIPF tournament with potentials"),
    "gipf-ult-standard": gettext_noop("Ultimate GIPF standard"),
    "gipf-ult-tournament": gettext_noop("Ultimate GIPF tournament"),
}
ULTIMATE = "T3 Z3 D3 Y3 P3"
EVERY_KIND = "T6 Z6 D6 Y6 P6"
#: each key's potentials when nothing else is agreed (P-24); the Ultimate keys allow no other (P-25)
DEFAULT_SETS = {
    "gipf-pot-standard": EVERY_KIND,
    "gipf-pot-tournament": EVERY_KIND,
    "gipf-ult-standard": ULTIMATE,
    "gipf-ult-tournament": ULTIMATE,
}
PRESETS = ("gipf-ult-standard", "gipf-ult-tournament")
#: the game keys and their options, as the registry offers them (arbiter/gipf/potentials/spec.py)
VARIANTS = tuple(
    Variant(key, GAME_NAMES[key], {"rules": rules, "potentials": DEFAULT_SETS[key]})
    for key, rules in GAME_KEYS.items()
)
EMPTY = "."
WHITE_CHARS = "wWU" + KINDS
BLACK_CHARS = "bBu" + KINDS.lower()
BOARD_CHARS = "." + WHITE_CHARS + BLACK_CHARS
#: the kinds whose used potentials cover a piece (a stack), and what each may cover (P-17)
STACKING = "DP"
CENTRE = SPOT_INDEX["e5"]
#: a spot's content: one character, or a stack bottom to top (the bottom any piece, each layer above
#: it a used DVONN or PÜNCT potential, its kind's letter in its owner's case: ``bD`` is a black
#: basic piece neutralised by a white DVONN-potential)
Board = tuple[str, ...]


def colour(piece: str) -> int:
    """0 for a white piece or stack, 1 for a black one (by its top; ``piece`` must not be empty)."""
    return 0 if piece[-1] in WHITE_CHARS else 1


def is_loaded(piece: str) -> bool:
    """A loaded piece standing free (not covered)."""
    return len(piece) == 1 and piece.upper() in KINDS


def is_stack(piece: str) -> bool:
    return len(piece) > 1


def loaded(kind: str, player: int) -> str:
    return kind if player == 0 else kind.lower()


def weight(piece: str) -> int:
    """Basic pieces a spot's owner has in it (a GIPF-piece 2, a used potential none; a stack its
    bottom piece's)."""
    bottom = piece[0]
    if bottom in "WB":
        return 2
    return 0 if bottom in "Uu" else 1


def optional(piece: str) -> bool:
    """Whether a piece in a removed row may be left (GIPF-pieces and free loaded pieces, P-10)."""
    return piece in "WB" or is_loaded(piece)


def rows_of(board: Board, player: int) -> list[tuple[int, ...]]:
    """The rows of ``player`` (as :func:`arbiter.gipf.board.find_rows`: a spot counts by the colour
    of its top piece)."""
    colours = tuple(0 if piece == EMPTY else 1 + colour(piece) for piece in board)
    return find_rows(colours, player)


def stack_problem(cell: str) -> str | None:
    """What makes ``cell`` no stack the rules can build (None when it is one): each layer above the
    bottom a used DVONN or PÜNCT potential of the other colour than the layer under it; DVONN on a
    basic piece, a loaded DVONN piece or a used DVONN-potential; PÜNCT on a loaded PÜNCT piece, a
    GIPF-piece, or a used PÜNCT-potential that stands on a PÜNCT."""
    if cell[0] not in BOARD_CHARS or cell[0] == EMPTY:
        return cell[0]
    for k in range(1, len(cell)):
        layer, under = cell[k], cell[k - 1]
        if layer.upper() not in STACKING or colour(layer) == colour(under):
            return layer
        if layer.upper() == "D" and under not in "wb" and under.upper() != "D":
            return layer
        if layer.upper() == "P" and under.upper() != "P" and not (k == 1 and under in "WB"):
            return layer
        if layer.upper() == "P" and under.upper() == "P" and k >= 2 and cell[k - 2].upper() != "P":
            return layer
    return None


# ---------------------------------------------------------------- sets of potentials


def count_text(counts: Mapping[str, int]) -> str:
    """``Z6Y6`` (kinds in the rulebook's order), ``-`` for none."""
    return "".join(f"{kind}{counts[kind]}" for kind in KINDS if counts.get(kind)) or "-"


def parse_counts(text: str) -> dict[str, int]:
    if text == "-":
        return {}
    found = re.fullmatch(r"(?:[TZDYP]\d{1,2})+", text)
    if not found:
        raise InvalidPositionError(gettext_noop("'{text}' is not a set of potentials like Z6Y6"), text=text)
    counts: dict[str, int] = {}
    for kind, number in re.findall(r"([TZDYP])(\d{1,2})", text):
        if kind in counts:
            raise InvalidPositionError(gettext_noop("'{text}' names a kind twice"), text=text)
        counts[kind] = int(number)
    return counts


def parse_player_set(text: str) -> dict[str, int]:
    """One player's potentials as agreed: ``Z6 Y6``, ``none``; refused clearly when not supported."""
    words = text.split()
    if words in (["none"], ["-"]):
        return {}
    counts: dict[str, int] = {}
    for word in words:
        match = re.fullmatch(r"([A-Za-z])(\d{1,2})", word)
        if not match or match.group(1) not in KINDS:
            raise InvalidOptionError(
                gettext_noop("'{word}' is not a kind and count of potentials like Z6 (kinds T, Z, D, Y, P)"),
                word=word,
            )
        kind, number = match.group(1), int(match.group(2))
        if kind in counts:
            raise InvalidOptionError(
                gettext_noop("the {kind}-potentials are named twice"), kind=KIND_NAMES[kind]
            )
        if not 3 <= number <= 6:
            raise InvalidOptionError(
                gettext_noop("a player has 3 to 6 {kind}-potentials, not {count}"),
                kind=KIND_NAMES[kind],
                count=number,
            )
        counts[kind] = number
    return counts


def parse_sets(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """The ``Potentials`` tag / start option: ``Z6 Y6`` (both players), ``White Z6; Black Y3``,
    ``Ultimate`` (3 of each kind)."""
    text = " ".join(text.split())
    if text.lower() in ("ultimate", "ultimate gipf"):
        text = ULTIMATE
    if ";" in text:
        parts = [part.strip() for part in text.split(";")]
        named = {}
        for part in parts:
            who, _, rest = part.partition(" ")
            if who.lower() not in ("white", "black") or who.lower() in named:
                raise InvalidOptionError(
                    gettext_noop(
                        "each player's potentials are written 'White Z6 Y6; Black Y3', not '{text}'"
                    ),
                    text=text,
                )
            named[who.lower()] = rest
        if set(named) != {"white", "black"}:
            raise InvalidOptionError(
                gettext_noop("each player's potentials are written 'White Z6 Y6; Black Y3', not '{text}'"),
                text=text,
            )
        sets = (parse_player_set(named["white"]), parse_player_set(named["black"]))
    else:
        one = parse_player_set(text)
        sets = (one, dict(one))
    if not sets[0] and not sets[1]:
        raise InvalidOptionError(gettext_noop("a game with potentials needs at least one potential"))
    return sets


def sets_text(sets: tuple[Mapping[str, int], Mapping[str, int]]) -> str:
    """The tag text of two sets (the inverse of :func:`parse_sets`)."""

    def one(counts: Mapping[str, int]) -> str:
        return " ".join(f"{kind}{counts[kind]}" for kind in KINDS if counts.get(kind)) or "none"

    if dict(sets[0]) == dict(sets[1]):
        return one(sets[0])
    return f"White {one(sets[0])}; Black {one(sets[1])}"


# ---------------------------------------------------------------- positions


@dataclass(frozen=True, slots=True)
class Position:
    rules: str  # standard or tournament
    board: Board
    to_move: int
    reserve: tuple[int, int]  # basic pieces (a loaded piece takes one when it comes in)
    captured: tuple[int, int]  # opponent pieces captured by White, by Black (a GIPF-piece 2)
    sets: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]  # agreed before the game
    hand: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]  # not brought in yet
    start: tuple[int, int] = (CLOSED, CLOSED)
    key: str = ""  # the game key (by default the rule set's GIPF with potentials)

    @property
    def game(self) -> str:
        return self.key or f"gipf-pot-{self.rules}"

    def hand_of(self, player: int) -> dict[str, int]:
        return dict(self.hand[player])

    def subject_to_gipf_rule(self, player: int) -> bool:
        """Whether having no GIPF-piece on the board loses for this player (always, once a tournament
        game's first GIPF-piece is in)."""
        return self.start[player] != MUST_GIPF

    def gipf_count(self, player: int) -> int:
        """His GIPF-pieces on the board, not neutralised (a covered one does not count)."""
        return sum(1 for piece in self.board if piece == "WB"[player])

    def pieces_of(self, player: int) -> int:
        """His basic pieces on the board, neutralised ones included (by each spot's bottom piece)."""
        return sum(weight(piece) for piece in self.board if piece != EMPTY and colour(piece[0]) == player)

    def total_of(self, player: int) -> int:
        return self.reserve[player] + self.pieces_of(player) + self.captured[1 - player]


def _frozen(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((kind, counts[kind]) for kind in KINDS if counts.get(kind))


def preset_kept(game: str, sets: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]) -> bool:
    """Whether the sets are the ones a preset key (Ultimate GIPF) allows; any sets for the others."""
    if game not in PRESETS:
        return True
    ultimate = _frozen(parse_player_set(ULTIMATE))
    return sets == (ultimate, ultimate)


def start_position(game: str, sets: tuple[Mapping[str, int], Mapping[str, int]]) -> Position:
    rules = GAME_KEYS.get(game)
    if rules is None:
        raise InvalidPositionError(gettext_noop("unknown GIPF game '{game}'"), game=game)
    frozen = (_frozen(sets[0]), _frozen(sets[1]))
    if not preset_kept(game, frozen):
        raise InvalidOptionError(
            gettext_noop("{game} is played with 3 potentials of each kind ({ultimate})"),
            game=Message(GAME_NAMES[game]),
            ultimate=ULTIMATE,
        )
    board = [EMPTY] * NUM_SPOTS
    if rules == "tournament":
        return Position(
            rules, tuple(board), 0, (18, 18), (0, 0), frozen, frozen, (MUST_GIPF, MUST_GIPF), game
        )
    for player in (0, 1):
        for spot in START_SPOTS[player]:
            board[SPOT_INDEX[spot]] = "WB"[player]
    return Position(rules, tuple(board), 0, (12, 12), (0, 0), frozen, frozen, key=game)


def format_position(pos: Position) -> str:
    parts, offset = [], 0
    for size in COLUMN_SIZES:
        cells = pos.board[offset : offset + size]
        parts.append("".join(cell if len(cell) == 1 else f"({cell})" for cell in cells))
        offset += size
    fields = [
        pos.game,
        "/".join(parts),
        LETTERS[pos.to_move],
        f"reserve={pos.reserve[0]}/{pos.reserve[1]}",
        f"captured={pos.captured[0]}/{pos.captured[1]}",
        f"set={count_text(dict(pos.sets[0]))}/{count_text(dict(pos.sets[1]))}",
        f"hand={count_text(dict(pos.hand[0]))}/{count_text(dict(pos.hand[1]))}",
    ]
    if pos.rules == "tournament":
        fields.append(f"start={START_CHARS[pos.start[0]]}/{START_CHARS[pos.start[1]]}")
    return " ".join(fields)


def parse_board(field: str) -> Board:
    """The board field: 7 columns b..h of spots, a stack in brackets (bottom first)."""
    columns = [re.findall(r"\([^()/]*\)|[^()/]", column) for column in field.split("/")]
    chars = field.replace("/", "")
    if (
        [len(column) for column in columns] != list(COLUMN_SIZES)
        or "".join("".join(column) for column in columns) != chars
        or any(char not in BOARD_CHARS + "()" for char in chars)
    ):
        raise InvalidPositionError(gettext_noop("the board needs 7 columns b..h of . w b W B or a potential"))
    tokens = [token for column in columns for token in column]
    board = tuple(token.strip("()") for token in tokens)
    for spot, (token, cell) in enumerate(zip(tokens, board, strict=True)):
        if token != cell and (len(cell) < 2 or stack_problem(cell) is not None):
            raise InvalidPositionError(
                gettext_noop("({cell}) on {spot} is no stack the rules can build"),
                cell=cell,
                spot=SPOT_NAMES[spot],
            )
    return board


def _two_sets(
    values: dict[str, str], name: str
) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """A field of two players' potentials (``set=``, ``hand=``): ``Z6Y6/Z6Y6``, ``-`` for none."""
    parts = values[name].split("/")
    if len(parts) != 2:
        raise InvalidPositionError(gettext_noop("{name} must be like Z6Y6/Z6Y6"), name=name)
    return _frozen(parse_counts(parts[0])), _frozen(parse_counts(parts[1]))


def parse_position(text: str) -> Position:
    fields = text.split()
    if len(fields) < 3 or fields[0] not in GAME_KEYS:
        raise InvalidPositionError(gettext_noop("not a position of GIPF with potentials"))
    rules = GAME_KEYS[fields[0]]
    board = parse_board(fields[1])
    to_move = side_to_move(fields[2])
    values = named_fields(fields[3:], ("reserve", "captured", "set", "hand", "start"))
    if any(name not in values for name in ("reserve", "set", "hand")):
        raise InvalidPositionError(gettext_noop("a position with potentials needs reserve=, set= and hand="))
    pos = Position(
        rules,
        board,
        to_move,
        number_pair(values["reserve"], "reserve"),
        number_pair(values.get("captured", "0/0"), "captured"),
        _two_sets(values, "set"),
        _two_sets(values, "hand"),
        start_field(rules, values),
        fields[0],
    )
    validate(pos)
    return pos


def validate(pos: Position) -> None:
    """Pieces within 18 per player; potentials within the agreed sets; no row left by the mover."""
    for player in (0, 1):
        name = PLAYER_MESSAGES[player]
        check_total(pos.total_of(player), player)
        agreed = dict(pos.sets[player])
        hand = pos.hand_of(player)
        layers = "".join(cell[0] for cell in pos.board)  # loaded pieces, covered ones too
        uppers = "".join(cell[1:] for cell in pos.board)  # used DVONN and PÜNCT potentials
        on_board = {kind: layers.count(loaded(kind, player)) for kind in KINDS}
        for kind in STACKING:
            on_board[kind] += uppers.count(loaded(kind, player))
        used = layers.count("Uu"[player])
        for kind in KINDS:
            if hand.get(kind, 0) + on_board[kind] > agreed.get(kind, 0):
                raise InvalidPositionError(
                    gettext_noop("{name} has more {kind}-potentials than agreed"),
                    name=name,
                    kind=KIND_NAMES[kind],
                )
        if sum(hand.values()) + sum(on_board.values()) + used > sum(agreed.values()):
            raise InvalidPositionError(gettext_noop("{name} has more potentials than agreed"), name=name)
    if not preset_kept(pos.game, pos.sets):
        raise InvalidPositionError(
            gettext_noop("{game} is played with 3 potentials of each kind ({ultimate})"),
            game=Message(GAME_NAMES[pos.game]),
            ultimate=ULTIMATE,
        )
    mover = 1 - pos.to_move
    for row in rows_of(pos.board, mover):
        if not all(optional(pos.board[spot]) for spot in row):
            raise InvalidPositionError(
                gettext_noop("{player} (who just moved) has a row {names} that he should have removed"),
                player=PLAYER_MESSAGES[mover],
                names=",".join(SPOT_NAMES[s] for s in row),
            )
