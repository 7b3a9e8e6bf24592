"""The PÜNCT notation (P-14) read into a turn of a position, with the reason when the rules refuse it.

One token a turn: ``E:e5,e4,e3`` adds a piece (its letter, its PÜNCT's space, its minor dots');
``e5-h8:h7,h6`` moves the piece whose PÜNCT is on e5 (its PÜNCT to h8, its minor dots to h7 and h6;
``e5-e5:f5,f4`` turns it in place); ``pass``. Read in either case, the minor dots in either order;
written as :func:`arbiter.punct.moves.turn_text` writes it (lower case; E, L, R the middle dot
first; T, C, M the minor dots in board order), so a turn read back is written unchanged.

Rules at home here: the reading (:func:`read_turn`, an :class:`InvalidNotationError` naming what is
wrong) and the judgement of a turn read (:func:`resolve`: the legal :class:`Turn` it is, or an
:class:`IllegalMoveError` with the rule it breaks, in the words of P-5 to P-8 and P-12).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from arbiter.errors import PLAYER_MESSAGES, IllegalMoveError, InvalidNotationError, Message, gettext_noop
from arbiter.punct.board import BY_NAME, CENTRE, KINDS, NAMES, REACH, kind_of
from arbiter.punct.moves import ADD, MOVE, PASS, PASS_TURN, Turn, has_any
from arbiter.punct.position import LEVEL, NOT_LEVEL, NOT_OWN, ONE_PIECE, PUNCT, Position, landing

#: the kinds of piece, as messages name them
KIND_NAMES = (
    Message(gettext_noop("triangle")),
    Message(gettext_noop("straight, its PÜNCT in the middle")),
    Message(gettext_noop("straight, its PÜNCT at an end")),
    Message(gettext_noop("angular, its PÜNCT in the middle")),
    Message(gettext_noop("angular, bending clockwise")),
    Message(gettext_noop("angular, bending anticlockwise")),
)

_SPACE = r"([a-z][0-9]{1,2})"
_ADD_RE = re.compile(rf"^([tcemlr]):{_SPACE},{_SPACE},{_SPACE}$")
_MOVE_RE = re.compile(rf"^{_SPACE}-{_SPACE}:{_SPACE},{_SPACE}$")


class Written(NamedTuple):
    """A turn as written: ``kind`` ADD, MOVE or PASS; an addition's ``letter`` (its kind); a
    move's ``origin``; the PÜNCT's space and the minor dots' as written."""

    kind: int
    letter: int = -1
    origin: int = -1
    punct: int = -1
    x: int = -1
    y: int = -1


def _space(name: str, token: str) -> int:
    index = BY_NAME.get(name)
    if index is None:
        raise InvalidNotationError(
            gettext_noop("{token}: {name} is not a space of the PÜNCT board"), token=token, name=name
        )
    return index


def read_turn(token: str) -> Written:
    """One turn as written; an :class:`InvalidNotationError` when it is no PÜNCT turn."""
    text = token.lower()
    if text == "pass":
        return Written(PASS)
    added, moved = _ADD_RE.match(text), _MOVE_RE.match(text)
    if added is None and moved is None:
        raise InvalidNotationError(
            gettext_noop("{token}: not a PÜNCT turn (expected like 'E:e5,e4,e3', 'e5-h8:h7,h6' or 'pass')"),
            token=token,
        )
    if added is not None:
        punct, x, y = (_space(name, token) for name in added.groups()[1:])
        written = Written(ADD, KINDS.index(added.group(1).upper()), -1, punct, x, y)
    else:
        assert moved is not None
        origin, punct, x, y = (_space(name, token) for name in moved.groups())
        written = Written(MOVE, -1, origin, punct, x, y)
    if len({written.punct, x, y}) != 3:
        raise InvalidNotationError(gettext_noop("{token}: a space is written twice"), token=token)
    if added is not None:
        shape = kind_of(written.punct, x, y)
        if shape is None or shape[0] != written.letter:
            raise InvalidNotationError(
                gettext_noop("{token}: these spaces are not the shape of a piece {letter} ({kind})"),
                token=token,
                letter=KINDS[written.letter],
                kind=KIND_NAMES[written.letter],
            )
    return written


def resolve(position: Position, written: Written) -> Turn:
    """The legal turn ``written`` is in ``position`` (the game not over: the caller checks), or an
    :class:`IllegalMoveError` with the rule it breaks."""
    player = position.to_move
    if written.kind == PASS:
        if has_any(position, player):
            raise IllegalMoveError(
                gettext_noop("{player} has a turn to make: a pass is only for a player who has none"),
                player=PLAYER_MESSAGES[player],
            )
        return PASS_TURN
    if written.kind == ADD:
        return _addition(position, written)
    return _move(position, written)


def _addition(position: Position, written: Written) -> Turn:
    player, kind = position.to_move, written.letter
    shape = kind_of(written.punct, written.x, written.y)
    assert shape is not None  # read_turn checked it
    spaces = (written.punct, *shape[1])
    if not position.hands[player][kind]:
        raise IllegalMoveError(
            gettext_noop("{player} has no piece {letter} ({kind}) left in hand"),
            player=PLAYER_MESSAGES[player],
            letter=KINDS[kind],
            kind=KIND_NAMES[kind],
        )
    for space in spaces:
        if space in CENTRE:
            raise IllegalMoveError(
                gettext_noop("a piece may not be added on the central hexagon ({space})"), space=NAMES[space]
            )
    layout = position.layout
    for space in spaces:
        if layout.heights[space] >= 0:
            top = position.pieces[layout.tops[space]]
            # nothing else on it: only a bridge's middle lies over an empty space
            under_bridge = top[LEVEL] > 0 and len(_covering(position, space)) == 1
            template = (
                gettext_noop(
                    "{space} lies under a bridge: a piece is added on three empty spaces of the board"
                )
                if under_bridge
                else gettext_noop("{space} is not empty: a piece is added on three empty spaces of the board")
            )
            raise IllegalMoveError(template, space=NAMES[space])
    return Turn(ADD, kind, spaces[0], spaces[1], spaces[2], 0)


def _covering(position: Position, space: int) -> list[int]:
    return [index for index, piece in enumerate(position.pieces) if space in piece[2:5]]


def _move(position: Position, written: Written) -> Turn:
    player, origin = position.to_move, written.origin
    mine = [
        index for index, piece in enumerate(position.pieces) if piece[PUNCT] == origin and piece[0] == player
    ]
    if not mine:
        raise IllegalMoveError(
            gettext_noop("no piece of {player}'s has its PÜNCT on {space}"),
            player=PLAYER_MESSAGES[player],
            space=NAMES[origin],
        )
    index = mine[-1]  # the highest: those under it are covered
    if not position.free(index):
        raise IllegalMoveError(
            gettext_noop("this piece is covered: it may not move ({space})"), space=NAMES[origin]
        )
    piece = position.pieces[index]
    if written.punct not in REACH[origin]:
        raise IllegalMoveError(
            gettext_noop("{target} is on none of the six lines from {space}: the PÜNCT moves along a line"),
            target=NAMES[written.punct],
            space=NAMES[origin],
        )
    shape = kind_of(written.punct, written.x, written.y)
    if shape is None or shape[0] != piece[1]:
        raise IllegalMoveError(
            gettext_noop(
                "the piece on {space} is a piece {letter} ({kind}): {target} with {x} and {y} is not its shape"
            ),
            space=NAMES[origin],
            letter=KINDS[piece[1]],
            kind=KIND_NAMES[piece[1]],
            target=NAMES[written.punct],
            x=NAMES[written.x],
            y=NAMES[written.y],
        )
    spaces = (written.punct, *shape[1])
    if spaces == piece[2:5]:
        raise IllegalMoveError(gettext_noop("the piece would lie as it lies: a move must change its place"))
    heights, tops, owners = position.without(index)
    level = landing(piece[1], player, spaces, heights, tops, owners)
    if level == NOT_LEVEL:
        raise IllegalMoveError(gettext_noop("the three dots would not lie on one level"))
    if level == NOT_OWN:
        raise IllegalMoveError(gettext_noop("the PÜNCT must land on one of your own pieces"))
    if level == ONE_PIECE:
        raise IllegalMoveError(gettext_noop("a bridge's ends must rest on two different pieces"))
    assert isinstance(level, int)
    return Turn(MOVE, index, spaces[0], spaces[1], spaces[2], level)
