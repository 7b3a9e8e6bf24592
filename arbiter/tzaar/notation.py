"""The TZAAR notation (Z-6), the start option and its ``[Setup]`` tag, and the record's ending words.

One token a move: ``d3xd5`` a capture, ``d3+d5`` a stack, ``pass`` (a second move only), ``wT@c4`` a
placement; coordinates written in lower case, read in either case. A turn is its one or two moves
joined by ``;`` (``d3xd5;e2+e4``).

The start (Z-5) is the game option ``start``: ``fixed``, ``random`` or ``placement``; a random start
has its 60 pieces in the option ``setup`` (``a1:wO a2:bZ ...``, Z-4's form). A record states its start
in its ``[Setup]`` tag: ``fixed``, ``placement`` or the 60 pieces (a ``[Start]`` tag, the option's
own, may say the same). Each of these is read and written in one function here:
:func:`start_position` (the options checked), :func:`start_tags` and :func:`read_start_tags` (the
tags), :func:`read_ending` (the words after the last turn).
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
#: the game options a TZAAR game takes (:func:`start_position`)
OPTIONS = ("start", "setup")

_MOVE_RE = re.compile(r"^([a-i][0-9])([x+])([a-i][0-9])$")
_PUT_RE = re.compile(r"^([wb][TZO])@([a-i][0-9])$")

#: the words a record may end with (after its last turn)
RESIGN, TIME, UNKNOWN = "resign", "time", "*"
RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS)


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


def start_position(
    options: Mapping[str, str | int | bool] | None, rng: random.Random | None = None
) -> Position:
    """The start the options give (Z-5); a random start without its setup is drawn with ``rng``.
    :class:`InvalidOptionError` names an unknown option or start, the setup's own error a wrong one."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise InvalidOptionError(
            gettext_noop("unknown option '{option}' for {game}"), option=unknown[0], game="TZAAR"
        )
    start = str(given.get("start", RANDOM_START if given.get("setup") else DEFAULT_START)).strip().lower()
    setup = str(given.get("setup", "")).strip()
    if start not in STARTS:
        raise InvalidOptionError(
            gettext_noop("the start is fixed, random or placement, not {start}"), start=repr(start[:20])
        )
    if start != RANDOM_START:
        if setup:
            raise InvalidOptionError(gettext_noop("only a random start lists its pieces"))
        return FIXED if start == FIXED_START else PLACEMENT
    if not setup:
        return start_of(random_setup(rng or random.Random()))
    return start_of(parse_setup(setup))


def drawn_options(
    options: Mapping[str, str | int | bool] | None, rng: random.Random | None = None
) -> dict[str, str]:
    """The options written out in full: the start named, a random start's pieces drawn and listed."""
    position = start_position(options, rng)
    if position == FIXED:
        return {"start": FIXED_START}
    if position == PLACEMENT:
        return {"start": PLACEMENT_START}
    return {"start": RANDOM_START, "setup": format_setup(position.board)}


def start_tags(position: Position) -> dict[str, str]:
    """The ``[Setup]`` tag of a game started from ``position``."""
    if position == FIXED:
        return {"Setup": FIXED_START}
    if position == PLACEMENT:
        return {"Setup": PLACEMENT_START}
    return {"Setup": format_setup(position.board)}


def read_start_tags(tags: Mapping[str, str]) -> Position:
    """The start a record states: ``[Setup]`` (``fixed``, ``placement`` or the 60 pieces), else its
    ``[Start]`` tag (``fixed`` or ``placement``); a record stating none is refused."""
    setup = " ".join(tags.get("Setup", "").split())
    start = tags.get("Start", "").strip().lower()
    if setup.lower() in (FIXED_START, PLACEMENT_START):
        setup, start_of_setup = "", setup.lower()
        if start and start != start_of_setup:
            raise InvalidRecordError(
                gettext_noop("the Start tag says {start} but the Setup tag {setup}"),
                start=start,
                setup=start_of_setup,
            )
        start = start_of_setup
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
    return start_position({"start": start or RANDOM_START, "setup": setup})


def read_ending(words: list[str]) -> tuple[str, Result | None]:
    """The words after the last turn: (``resign``, ``time``, ``*`` or a result, the result written
    with it or None); :class:`InvalidNotationError` for anything else."""
    first = words[0].lower()
    if first in (RESIGN, TIME) and len(words) <= 2:
        if len(words) == 1:
            return first, None
        if words[1] in RESULTS:
            return first, Result(words[1])
    elif len(words) == 1 and first in (UNKNOWN, *RESULTS):
        return first, None if first == UNKNOWN else Result(first)
    raise InvalidNotationError(
        gettext_noop("{words}: a record ends with resign, time, 1-0, 0-1 or *"), words=" ".join(words)[:60]
    )
