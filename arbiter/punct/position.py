"""PÜNCT positions (P-15): the pieces on the board on their levels, the hands, the player to move,
the turn number and the last turn.

A piece is ``(owner, kind, punct, a, b, level)``: its owner (0 White, 1 Black), its kind (index in
:data:`arbiter.punct.board.KINDS`), its PÜNCT's space and its two minor dots' spaces (in the
notation's order), and its level (0 on the board). A position keeps its pieces in one order, by
level and then by the PÜNCT's space, so that what lies under a piece comes before it; the spaces'
heights and top pieces follow (:class:`Layout`). A hand is a count per kind.

Position text: ``punct <w|b> <turn> <last> <white hand> <black hand> [pieces]``: the player to move,
the turns played (passes counted, P-11), the last turn as written (``-`` at the start), each hand as
its kinds and counts (``T6C2E4M2L2R2``, ``-`` when empty), then each piece as its owner, kind,
level and spaces (``wE0:e5,e4,e3``, ``bC1:h8,g8,i8``), lowest first. The start:
``punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2``.

Rules at home here: what lies on what (:func:`landing`: the level a piece takes on three spaces, or
why it may not lie there, P-6 and P-8), which pieces are free (P-7), what each player sees from
above (P-9, P-10's count of the central hexagon) and which positions a text may describe: each
piece where the rules let it lie, no more pieces of a kind than a player has (a position may leave
some out: a problem set by hand), White to move after an even number of turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from arbiter.colour import LETTERS, WHITE, from_letter
from arbiter.errors import PLAYER_MESSAGES, InvalidPositionError, gettext_noop
from arbiter.punct.board import (
    BY_NAME,
    CENTRE,
    COUNTS,
    KINDS,
    NAMES,
    SPACES,
    T,
    ends_and_middle,
    kind_of,
)
from arbiter.records import small_number

Piece = tuple[int, int, int, int, int, int]  # owner, kind, punct, a, b, level
OWNER, KIND, PUNCT, A, B, LEVEL = range(6)
Hand = tuple[int, int, int, int, int, int]
FULL_HAND: Hand = COUNTS
EMPTY_HAND: Hand = (0, 0, 0, 0, 0, 0)
#: the turns a game lasts at most (P-11)
TURN_LIMIT = 300

# why a piece may not lie on three spaces (landing's refusals; the rules word them)
NOT_LEVEL, NOT_OWN, ONE_PIECE = "not level", "not own", "one piece"


@dataclass(frozen=True)
class Layout:
    """The board seen from above: each space's height (its top piece's level, -1 when empty), its
    top piece (index in the position's pieces, -1) and that piece's owner (-1); the occupied spaces
    as a bit mask (a bridged empty space is occupied)."""

    heights: list[int]
    tops: list[int]
    owners: list[int]
    occupied: int
    visible: tuple[list[int], list[int]]  # each player's visible spaces (White's, Black's)


@dataclass(frozen=True)
class Position:
    """A PÜNCT position (see the module's docstring)."""

    pieces: tuple[Piece, ...]
    hands: tuple[Hand, Hand]
    to_move: int
    turn: int
    last: str = "-"

    @cached_property
    def layout(self) -> Layout:
        heights, tops, owners = [-1] * SPACES, [-1] * SPACES, [-1] * SPACES
        occupied = 0
        for index, (owner, _, punct, a, b, level) in enumerate(self.pieces):  # a higher piece overwrites
            heights[punct] = heights[a] = heights[b] = level
            tops[punct] = tops[a] = tops[b] = index
            owners[punct] = owners[a] = owners[b] = owner
            occupied |= (1 << punct) | (1 << a) | (1 << b)
        visible: tuple[list[int], list[int]] = ([], [])
        bits = occupied
        while bits:
            low = bits & -bits
            space = low.bit_length() - 1
            visible[owners[space]].append(space)
            bits ^= low
        return Layout(heights, tops, owners, occupied, visible)

    def text(self) -> str:
        return format_position(self)

    def free(self, index: int) -> bool:
        """Whether the piece is on top at each of its spaces (P-7: nothing covers it)."""
        tops = self.layout.tops
        piece = self.pieces[index]
        return tops[piece[PUNCT]] == tops[piece[A]] == tops[piece[B]] == index

    def without(self, index: int) -> tuple[list[int], list[int], list[int]]:
        """Heights, top pieces and their owners with piece ``index`` lifted off (its place empty)."""
        layout = self.layout
        heights, tops, owners = list(layout.heights), list(layout.tops), list(layout.owners)
        spaces = self.pieces[index][2:5]
        for space in spaces:
            heights[space], tops[space], owners[space] = -1, -1, -1
        for other, piece in enumerate(self.pieces):
            if other == index:
                continue
            for space in piece[2:5]:
                if space in spaces and piece[LEVEL] > heights[space]:
                    heights[space], tops[space], owners[space] = piece[LEVEL], other, piece[OWNER]
        return heights, tops, owners

    def centre_count(self) -> tuple[int, int]:
        """The spaces of the central hexagon each player holds from above (P-10), White's first."""
        owners = self.layout.owners
        return (
            sum(1 for space in CENTRE if owners[space] == 0),
            sum(1 for space in CENTRE if owners[space] == 1),
        )

    def on_board(self, player: int) -> list[int]:
        """How many pieces of each kind ``player`` has on the board."""
        counts = [0] * 6
        for piece in self.pieces:
            if piece[OWNER] == player:
                counts[piece[KIND]] += 1
        return counts


def landing(
    kind: int,
    player: int,
    spaces: tuple[int, int, int],
    heights: list[int],
    tops: list[int],
    owners: list[int],
) -> int | str:
    """The level a piece of ``kind`` moved by ``player`` takes on ``spaces`` (PÜNCT, then the minor
    dots) over what lies there, or why it may not lie there: :data:`NOT_LEVEL` (the three dots
    would not lie on one level: P-6, P-8), :data:`NOT_OWN` (its PÜNCT would not land on one of his
    own pieces: P-6) or :data:`ONE_PIECE` (a bridge's ends on one piece: P-8)."""
    punct, a, b = spaces
    height = heights[punct]
    if height == heights[a] == heights[b]:
        if height < 0:
            return 0
        return height + 1 if owners[punct] == player else NOT_OWN
    if kind == T:
        return NOT_LEVEL
    end1, end2, middle = ends_and_middle(kind, punct, a, b)
    height = heights[end1]
    if height < 0 or heights[end2] != height or heights[middle] >= height:
        return NOT_LEVEL
    if tops[end1] == tops[end2]:
        return ONE_PIECE
    return height + 1 if owners[punct] == player else NOT_OWN


# ---------------------------------------------------------------------------------------------
# The position text


@lru_cache(maxsize=1 << 16)
def piece_text(piece: Piece) -> str:
    owner, kind, punct, a, b, level = piece
    return f"{LETTERS[owner]}{KINDS[kind]}{level}:{NAMES[punct]},{NAMES[a]},{NAMES[b]}"


def hand_text(hand: Hand) -> str:
    return "".join(f"{KINDS[kind]}{count}" for kind, count in enumerate(hand) if count) or "-"


def format_position(position: Position) -> str:
    head = (
        f"punct {LETTERS[position.to_move]} {position.turn} {position.last} "
        f"{hand_text(position.hands[0])} {hand_text(position.hands[1])}"
    )
    return " ".join([head, *(piece_text(piece) for piece in position.pieces)])


START = Position((), (FULL_HAND, FULL_HAND), WHITE, 0)

_HAND_RE = re.compile(r"^(?:[TCEMLR]\d{1,2})+$")
_PIECE_RE = re.compile(r"^([wb])([TCEMLR])(\d{1,3}):([a-q]\d{1,2}),([a-q]\d{1,2}),([a-q]\d{1,2})$")


def _read_hand(text: str, player: int) -> Hand:
    if text == "-":
        return EMPTY_HAND
    counts = [0] * 6
    if _HAND_RE.match(text):
        for letter, digits in re.findall(r"([TCEMLR])(\d{1,2})", text):
            counts[KINDS.index(letter)] += int(digits)
    if not _HAND_RE.match(text) or any(n > top for n, top in zip(counts, COUNTS, strict=True)):
        raise InvalidPositionError(
            gettext_noop("{player}'s hand is kinds and counts like T6C2E4M2L2R2, or '-'; not {text}"),
            player=PLAYER_MESSAGES[player],
            text=repr(text[:30]),
        )
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def _read_piece(token: str) -> Piece:
    match = _PIECE_RE.match(token)
    spaces = [BY_NAME.get(name, -1) for name in match.groups()[3:]] if match else []
    if match is None or -1 in spaces or len(set(spaces)) != 3:
        raise InvalidPositionError(
            gettext_noop(
                "a piece is written like wE0:e5,e4,e3 (owner, kind, level, its spaces); not {token}"
            ),
            token=repr(token[:30]),
        )
    kind = KINDS.index(match.group(2))
    shape = kind_of(spaces[0], spaces[1], spaces[2])
    if shape is None or shape[0] != kind:
        raise InvalidPositionError(
            gettext_noop("{token}: these spaces are not the shape of a piece {letter}"),
            token=token,
            letter=match.group(2),
        )
    owner = from_letter(match.group(1))
    assert owner is not None
    return owner, kind, spaces[0], shape[1][0], shape[1][1], int(match.group(3))


def parse_position(text: str) -> Position:
    """Read a position text, checking that each piece lies where the rules let it lie."""
    fields = text.split()
    if not fields or fields[0] != "punct":
        raise InvalidPositionError(gettext_noop("a PÜNCT position starts with the word 'punct'"))
    if len(fields) < 6:
        raise InvalidPositionError(
            gettext_noop(
                "a PÜNCT position is: punct <side w|b> <turn> <last turn> <White's hand> <Black's hand> <pieces>"
            )
        )
    to_move = from_letter(fields[1])
    turn = small_number(fields[2], 3)
    if to_move is None or turn is None or turn > TURN_LIMIT or turn % 2 != to_move:
        raise InvalidPositionError(
            gettext_noop(
                "the side to move is w after an even number of turns (0 to 300), b after an odd one; not {side} {turn}"
            ),
            side=repr(fields[1][:5]),
            turn=repr(fields[2][:5]),
        )
    last = fields[3]
    if len(last) > 20:
        raise InvalidPositionError(gettext_noop("the last turn is one turn as written, or '-'"))
    hands = (_read_hand(fields[4], 0), _read_hand(fields[5], 1))
    pieces = sorted((_read_piece(token) for token in fields[6:]), key=lambda p: (p[LEVEL], p[PUNCT]))
    if len(pieces) > 2 * sum(COUNTS):
        raise InvalidPositionError(gettext_noop("a position has 36 pieces at most"))
    position = Position(tuple(pieces), hands, to_move, turn, last)
    _check_pieces(position)
    return position


def _check_pieces(position: Position) -> None:
    for player in (0, 1):
        counts = position.on_board(player)
        for kind, count in enumerate(counts):
            if count + position.hands[player][kind] > COUNTS[kind]:
                raise InvalidPositionError(
                    gettext_noop("{player} has {count} pieces {letter}: a player has {most}"),
                    player=PLAYER_MESSAGES[player],
                    count=count + position.hands[player][kind],
                    letter=KINDS[kind],
                    most=COUNTS[kind],
                )
    heights, tops, owners = [-1] * SPACES, [-1] * SPACES, [-1] * SPACES
    for index, piece in enumerate(position.pieces):
        level = landing(piece[KIND], piece[OWNER], piece[2:5], heights, tops, owners)
        if level != piece[LEVEL]:
            raise InvalidPositionError(
                gettext_noop("{piece} cannot lie there on level {level}"),
                piece=piece_text(piece),
                level=piece[LEVEL],
            )
        for space in piece[2:5]:
            heights[space], tops[space], owners[space] = piece[LEVEL], index, piece[OWNER]
