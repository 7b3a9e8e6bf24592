"""The TZAAR notation (Z-6), the start option and its ``[Setup]`` tag.

One token a move: ``d3xd5`` a capture, ``d3+d5`` a stack, ``pass`` (a second move only), ``wT@c4`` a
placement; coordinates written in lower case, read in either case. A turn is its one or two moves
joined by ``;`` (``d3xd5;e2+e4``).

The start (Z-5) is the game option ``start`` (declared on the variant, :mod:`arbiter.tzaar.spec`):
``fixed``, ``random`` or ``placement``; a random start drawn when a game is made is stored as
``random`` and its 60 pieces (``random a1:wO a2:bZ ...``, Z-4's form). A record states its start in
its ``[Setup]`` tag: ``fixed``, ``placement`` or the 60 pieces (a ``[Start]`` tag may say the same).
Each of these is read and written in one function here: :func:`start_position` (the option
checked), :func:`resolved_options` (a random start drawn), :func:`start_tags` and
:func:`read_start_tags` (the tags). The words after the last turn are the record contract's
(:mod:`arbiter.records`), without a draw (:data:`RESULTS`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from arbiter.errors import InvalidNotationError, InvalidOptionError, InvalidRecordError, gettext_noop
from arbiter.tzaar.board import BY_NAME, CENTRE_NAME
from arbiter.tzaar.position import (
    FIXED,
    PLACEMENT,
    Position,
    format_setup,
    parse_setup,
    random_setup,
    read_piece,
    start_of,
)
from arbiter.tzaar.rules import PASS_MOVE, PUT, STACK, TAKE, Move
from arbiter.verdict import Result

FIXED_START, RANDOM_START, PLACEMENT_START = "fixed", "random", "placement"
STARTS = (FIXED_START, RANDOM_START, PLACEMENT_START)
#: the start a game has when none is chosen: random, as the rulebook says
DEFAULT_START = RANDOM_START
#: the game option a TZAAR game takes (:func:`start_position`), its record tags
START = "start"
OPTIONS = (START,)
SETUP_TAG, START_TAG = "Setup", "Start"

_MOVE_RE = re.compile(r"^([a-i][0-9])([x+])([a-i][0-9])$")
_PUT_RE = re.compile(r"^([wb][TZO])@([a-i][0-9])$")

#: the results a TZAAR record may write: there are no draws (T-5)
RESULTS = (str(Result.WHITE_WINS), str(Result.BLACK_WINS))


def _space(name: str, token: str) -> int:
    index = BY_NAME.get(name)
    if index is None:
        template = (
            gettext_noop("{token}: {name} is the centre, no space of the board")
            if name == CENTRE_NAME
            else gettext_noop("{token}: {name} is not a space of the TZAAR board")
        )
        raise InvalidNotationError(template, token=token, name=name)
    return index


def parse_move(token: str) -> tuple[Move, int | None]:
    """One move and, for a placement, the colour it names."""
    if token.lower() == "pass":
        return PASS_MOVE, None
    put = _PUT_RE.match(token[:1].lower() + token[1:2].upper() + token[2:].lower())
    if put is not None:
        piece = read_piece(put.group(1))
        assert piece is not None
        return Move(PUT, dst=_space(put.group(2), token), piece=piece[1]), piece[0]
    match = _MOVE_RE.match(token.lower())
    if match is None:
        raise InvalidNotationError(
            gettext_noop("{token}: not a TZAAR move (expected like 'd3xd5', 'd3+d5', 'pass' or 'wT@c4')"),
            token=token,
        )
    kind = TAKE if match.group(2) == "x" else STACK
    return Move(kind, _space(match.group(1), token), _space(match.group(3), token)), None


# ---------------------------------------------------------------------------------------------
# The start option and the [Setup] tag


def _start_words(options: Mapping[str, str | int | bool] | None) -> tuple[str, str]:
    """The start an option value names and a random start's pieces ("" : to be drawn);
    :class:`InvalidOptionError` names an unknown option or start."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise InvalidOptionError(
            gettext_noop("unknown option '{option}' for {game}"), option=unknown[0], game="TZAAR"
        )
    words = str(given.get(START, DEFAULT_START)).strip().split(maxsplit=1)
    start = words[0].lower() if words else DEFAULT_START
    if start not in STARTS:
        raise InvalidOptionError(
            gettext_noop("the start is fixed, random or placement, not {start}"), start=repr(start[:20])
        )
    setup = words[1] if len(words) == 2 else ""
    if setup and start != RANDOM_START:
        raise InvalidOptionError(gettext_noop("only a random start lists its pieces"))
    return start, setup


def start_position(
    options: Mapping[str, str | int | bool] | None, rng: random.Random | None = None
) -> Position:
    """The start the option ``start`` gives (Z-5): ``fixed``, ``placement``, ``random`` (drawn with
    ``rng``) or ``random`` and its 60 pieces (as drawn); random, the rulebook's, when none is given.
    :class:`InvalidOptionError` names an unknown option or start, the setup's own error a wrong one."""
    start, setup = _start_words(options)
    if start == FIXED_START:
        return FIXED
    if start == PLACEMENT_START:
        return PLACEMENT
    if not setup:
        return start_of(random_setup(rng or random.Random()))
    return start_of(parse_setup(setup))


def start_value(position: Position) -> str:
    """The option ``start`` of a game started from ``position`` (a random start with its pieces)."""
    if position == FIXED:
        return FIXED_START
    if position == PLACEMENT:
        return PLACEMENT_START
    return f"{RANDOM_START} {format_setup(position.board)}"


def resolved_options(options: Mapping[str, str | int | bool] | None, seed: int) -> dict[str, str]:
    """The options a game is stored with: its start named, a random one's pieces drawn now with
    ``seed`` and listed (``random a1:wO a2:bZ ...``), so the game and its record state them."""
    return {START: start_value(start_position(options, random.Random(seed)))}


def start_tags(position: Position) -> dict[str, str]:
    """The ``[Setup]`` tag of a game started from ``position``."""
    if position == FIXED:
        return {SETUP_TAG: FIXED_START}
    if position == PLACEMENT:
        return {SETUP_TAG: PLACEMENT_START}
    return {SETUP_TAG: format_setup(position.board)}


def read_start_tags(tags: Mapping[str, str]) -> Position:
    """The start a record states: ``[Setup]`` (``fixed``, ``placement`` or the 60 pieces), else its
    ``[Start]`` tag (``fixed`` or ``placement``); a record stating none is refused."""
    setup = " ".join(tags.get(SETUP_TAG, "").split())
    start = tags.get(START_TAG, "").strip().lower()
    if setup.lower() in (FIXED_START, PLACEMENT_START):
        setup, start_of_setup = "", setup.lower()
        if start and start != start_of_setup:
            raise InvalidRecordError(
                gettext_noop("the Start tag says {start} but the Setup tag {setup}"),
                start=start,
                setup=start_of_setup,
            )
        start = start_of_setup
    if setup and ":" not in setup.split()[0]:  # a word, not the pieces (a1:wO ...)
        if setup.lower() == RANDOM_START:
            raise InvalidRecordError(
                gettext_noop("a record of a random start lists its 60 pieces in its Setup tag")
            )
        raise InvalidRecordError(
            gettext_noop("the Setup tag is fixed, placement or the 60 pieces (a1:wO …), not {setup}"),
            setup=repr(setup[:20]),
        )
    if not setup and not start:
        raise InvalidRecordError(
            gettext_noop(
                'the record does not state its start: [Setup "fixed"], [Setup "placement"] or the 60 pieces'
            )
        )
    if start == RANDOM_START and not setup:
        raise InvalidRecordError(
            gettext_noop("a record of a random start lists its 60 pieces in its Setup tag")
        )
    if setup and start not in ("", RANDOM_START):
        raise InvalidRecordError(
            gettext_noop("the Start tag says {start} but the Setup tag lists the pieces of a random start"),
            start=start[:20],
        )
    return start_position({START: f"{RANDOM_START} {setup}" if setup else start})
