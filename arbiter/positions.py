"""What the games' position texts share: a text's fields after the game's word, and the side to
move a field writes (``w`` or ``b``, :mod:`arbiter.colour`); each refusal an
:class:`~arbiter.errors.InvalidPositionError` naming what is wrong."""

from __future__ import annotations

from arbiter.colour import from_letter
from arbiter.errors import InvalidPositionError, gettext_noop


def position_fields(text: str, word: str, count: int, unmarked: str, miscounted: str) -> list[str]:
    """The fields of a position text that opens with ``word`` and has ``count`` fields; refused
    with ``unmarked`` (``gettext_noop``) when it opens otherwise, ``miscounted`` when it has
    another number of fields."""
    fields = text.split()
    if not fields or fields[0] != word:
        template = unmarked  # marked where the game declares it
        raise InvalidPositionError(template)
    if len(fields) != count:
        template = miscounted
        raise InvalidPositionError(template)
    return fields


def read_side(side: str) -> int:
    """The side to move a position text's field writes (``w`` or ``b``)."""
    to_move = from_letter(side)
    if to_move is None:
        raise InvalidPositionError(
            gettext_noop("side to move must be 'w' or 'b', not {side}"), side=repr(side[:20])
        )
    return to_move
