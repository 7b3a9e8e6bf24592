"""The turns of PÜNCT a player may make, one at a time (P-5, P-6, P-7, P-8), and what a turn does.

A turn is a :class:`Turn`: an addition (a kind from the hand laid flat on three empty spaces of the
board, none on the central hexagon), a move (a free piece's PÜNCT along one of its six lines or
staying, the piece turned about it, lying where its dots land) or a pass.

Rules at home here: which additions and moves a player has (:func:`additions`, :func:`piece_moves`,
:func:`turns_of`) and how many (:func:`count_of`, without building a position or a turn), and the
position after a turn (:func:`apply`). Whether the game is over and the pass are
:mod:`arbiter.punct.ends`'s.

Additions are counted with bit masks: every way to lay a piece on the empty board off the central
hexagon (4,986 of them) is a bit; ``_CONTAINS[s]`` holds the ways that cover space ``s``, so the ways
left free are those of no occupied space.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator
from typing import NamedTuple

from arbiter.punct.board import (
    CENTRE,
    KINDS,
    NAMES,
    PUNCT_IN_MIDDLE,
    REACH,
    SHAPES,
    SPACES,
    T,
)
from arbiter.punct.position import LEVEL, PUNCT, Hand, Piece, Position

ADD, MOVE, PASS = 0, 1, 2


class Turn(NamedTuple):
    """One turn: an addition (``piece`` is the kind), a move (``piece`` is the moved piece's index
    in the position) or a pass; the PÜNCT's space, the minor dots' (in the notation's order) and
    the level the piece takes."""

    kind: int
    piece: int = -1
    punct: int = -1
    a: int = -1
    b: int = -1
    level: int = 0


PASS_TURN = Turn(PASS)


def _additions_table() -> tuple[list[tuple[int, int, int, int]], list[int], list[int]]:
    ways: list[tuple[int, int, int, int]] = []
    contains = [0] * SPACES
    kinds = [0] * 6
    for kind in range(6):
        for punct in range(SPACES):
            for a, b in SHAPES[kind][punct]:
                if {punct, a, b} & CENTRE:
                    continue  # P-5, standard game: no added piece touches the central hexagon
                bit = 1 << len(ways)
                ways.append((kind, punct, a, b))
                kinds[kind] |= bit
                for space in (punct, a, b):
                    contains[space] |= bit
    return ways, contains, kinds


_WAYS, _CONTAINS, _KIND_BITS = _additions_table()
#: each kind's ways to add a piece, as masks of the spaces they cover
_WAY_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple((1 << punct) | (1 << a) | (1 << b) for letter, punct, a, b in _WAYS if letter == kind)
    for kind in range(6)
)
#: each way to add a piece as its turn (the same object every time it is listed)
WAY_TURNS: tuple[Turn, ...] = tuple(Turn(ADD, kind, punct, a, b, 0) for kind, punct, a, b in _WAYS)


def _free_ways(position: Position) -> int:
    """The ways to add a piece that cover no occupied space, as a bit mask."""
    blocked = 0
    occupied = position.layout.occupied
    while occupied:
        low = occupied & -occupied
        blocked |= _CONTAINS[low.bit_length() - 1]
        occupied ^= low
    return ~blocked


def additions(position: Position, player: int, kind: int | None = None) -> Iterator[Turn]:
    """The additions ``player`` may make (of ``kind`` only, when given)."""
    free = _free_ways(position)
    hand = position.hands[player]
    for letter in range(6) if kind is None else (kind,):
        if not hand[letter]:
            continue
        ways = _KIND_BITS[letter] & free
        while ways:
            low = ways & -ways
            yield WAY_TURNS[low.bit_length() - 1]
            ways ^= low


def count_additions(position: Position, player: int) -> int:
    free = _free_ways(position)
    hand = position.hands[player]
    return sum((_KIND_BITS[kind] & free).bit_count() for kind in range(6) if hand[kind])


def piece_moves(position: Position, index: int) -> Iterator[Turn]:
    """The moves of the piece ``index`` (free, P-7: the caller checks): every place its PÜNCT
    reaches along its lines or staying, every way it lies there, where its dots may land (P-6,
    P-8; :func:`arbiter.punct.position.landing`, written out here for speed), but its own place."""
    owner, kind, origin, at_a, at_b, _ = position.pieces[index]
    heights, tops, owners = position.without(index)
    shapes = SHAPES[kind]
    middle_punct = kind in PUNCT_IN_MIDDLE
    triangle = kind == T
    for punct in REACH[origin]:
        height = heights[punct]
        own = owners[punct] == owner
        for a, b in shapes[punct]:
            ha, hb = heights[a], heights[b]
            if height == ha == hb:
                if height < 0:
                    level = 0
                elif own:
                    level = height + 1
                else:
                    continue
            elif triangle or not own:
                continue
            elif middle_punct:  # the ends are a and b, the PÜNCT the middle
                if ha < 0 or hb != ha or height >= ha or tops[a] == tops[b]:
                    continue
                level = ha + 1
            else:  # the ends are the PÜNCT and b, the middle a
                if height < 0 or hb != height or ha >= height or tops[punct] == tops[b]:
                    continue
                level = height + 1
            if punct == origin and a == at_a and b == at_b:
                continue  # the piece put back as it was: no move
            yield Turn(MOVE, index, punct, a, b, level)


def free_pieces(position: Position, player: int) -> list[int]:
    """The indices of ``player``'s pieces that nothing covers (P-7)."""
    return [
        index for index, piece in enumerate(position.pieces) if piece[0] == player and position.free(index)
    ]


def turns_of(position: Position, player: int) -> Iterator[Turn]:
    """Every addition and move of ``player`` (no pass: :mod:`arbiter.punct.ends` adds it)."""
    yield from additions(position, player)
    for index in free_pieces(position, player):
        yield from piece_moves(position, index)


def count_of(position: Position, player: int) -> int:
    """How many additions and moves ``player`` has, no turn built but the moves' tuples."""
    total = count_additions(position, player)
    for index in free_pieces(position, player):
        total += sum(1 for _ in piece_moves(position, index))
    return total


def has_any(position: Position, player: int) -> bool:
    """Whether ``player`` has an addition or a move (P-12): the ways to add tried one by one until a
    free one (the first usually is), then the moves."""
    occupied = position.layout.occupied
    hand = position.hands[player]
    for kind in range(6):
        if hand[kind] and any(not mask & occupied for mask in _WAY_MASKS[kind]):
            return True
    return any(next(piece_moves(position, index), None) for index in free_pieces(position, player))


def _order(piece: Piece) -> tuple[int, int]:
    return piece[LEVEL], piece[PUNCT]


def apply(position: Position, turn: Turn) -> Position:
    """The position after ``turn`` (legal: the caller checked it)."""
    player = position.to_move
    pieces = list(position.pieces)
    hands = position.hands
    if turn.kind == ADD:
        insort(pieces, (player, turn.piece, turn.punct, turn.a, turn.b, 0), key=_order)
        hand = list(hands[player])
        hand[turn.piece] -= 1
        new: Hand = (hand[0], hand[1], hand[2], hand[3], hand[4], hand[5])
        hands = (new, hands[1]) if player == 0 else (hands[0], new)
    elif turn.kind == MOVE:
        kind = pieces.pop(turn.piece)[1]
        insort(pieces, (player, kind, turn.punct, turn.a, turn.b, turn.level), key=_order)
    return Position(tuple(pieces), hands, 1 - player, position.turn + 1, turn_text(position, turn))


def turn_text(position: Position, turn: Turn) -> str:
    """The turn as the notation writes it (P-14)."""
    if turn.kind == PASS:
        return "pass"
    dots = f"{NAMES[turn.punct]},{NAMES[turn.a]},{NAMES[turn.b]}"
    if turn.kind == ADD:
        return f"{KINDS[turn.piece]}:{dots}"
    origin = NAMES[position.pieces[turn.piece][PUNCT]]
    return f"{origin}-{NAMES[turn.punct]}:{NAMES[turn.a]},{NAMES[turn.b]}"


def turn_points(position: Position, turn: Turn) -> tuple[str, ...]:
    """The points a player picks to make ``turn`` on the board (P-14's order): an addition's kind in
    his hand (its letter), then its PÜNCT's space and the minor dots'; a move's piece (its PÜNCT's
    space), where its PÜNCT goes, then the minor dots'; none for a pass."""
    if turn.kind == PASS:
        return ()
    first = KINDS[turn.piece] if turn.kind == ADD else NAMES[position.pieces[turn.piece][PUNCT]]
    return (first, NAMES[turn.punct], NAMES[turn.a], NAMES[turn.b])


def addable_kinds(position: Position, player: int) -> list[int]:
    """The kinds ``player`` may add now: in his hand, with a free way on the board."""
    free = _free_ways(position)
    hand = position.hands[player]
    return [kind for kind in range(6) if hand[kind] and _KIND_BITS[kind] & free]


def nth_addition(position: Position, player: int, number: int) -> Turn:
    """The addition ``number`` (0-based) in the order of :func:`additions`, without listing those
    before it kind by kind (a random game's draw)."""
    free = _free_ways(position)
    hand = position.hands[player]
    for kind in range(6):
        if not hand[kind]:
            continue
        ways = _KIND_BITS[kind] & free
        count = ways.bit_count()
        if number >= count:
            number -= count
            continue
        for _ in range(number):
            ways &= ways - 1
        return WAY_TURNS[(ways & -ways).bit_length() - 1]
    raise ValueError(f"no addition number {number}")
