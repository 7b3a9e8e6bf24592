"""The LYNGK notation (L-14), the start option and its ``[Setup]`` tag (L-4).

One decision a ply: ``c3-d4`` a move (the stack on c3 lands on d4, directly or through LYNGK points:
the links are never written), ``R`` a claim (the colour's letter, I, B, R, G or K), ``pass``;
coordinates and letters are written in lower and upper case as here and read in either. A turn is
one token: its move, its claim and its move joined by ``;`` (``R;c3-d4``), or ``pass``.

The start is the game option ``start`` (declared on the variant, :mod:`arbiter.lyngk.spec`):
``random`` (or empty) draws the 43 pieces when a game is made, stored as ``random`` and the
placements (``random a1:J b1:I ...``); an organiser may give the 43 placements themselves (one start
for every board). A record states its start in its ``[Setup]`` tag, the 43 placements; a record
without one is refused (there is no fixed start). Each of these is read and written in one function
here: :func:`start_position` (the option checked), :func:`resolved_options` (a random start drawn),
:func:`start_tags` and :func:`read_start_tags` (the tag).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

from arbiter.errors import InvalidNotationError, InvalidOptionError, InvalidRecordError, gettext_noop
from arbiter.lyngk.board import BY_NAME
from arbiter.lyngk.position import PIECE_LETTERS, Position, format_setup, parse_setup, random_setup, start_of
from arbiter.lyngk.rules import CLAIM, MOVE, PASS_DECISION, Decision
from arbiter.turns import TURN_JOINER

#: the game option a LYNGK game takes, its value drawing a start, and the record tag of the start
START = "start"
RANDOM_START = "random"
SETUP_TAG = "Setup"

_MOVE_RE = re.compile(r"^([a-i][0-9])-([a-i][0-9])$")
_CHAIN_RE = re.compile(r"^[a-i][0-9](-[a-i][0-9]){2,}$")


def _point(name: str, token: str) -> int:
    index = BY_NAME.get(name)
    if index is None:
        raise InvalidNotationError(
            gettext_noop("{token}: {name} is not a point of the LYNGK board"), token=token, name=name
        )
    return index


def parse_decision(token: str) -> Decision:
    """One written decision: a claim's letter, a move or ``pass``; :class:`InvalidNotationError`
    naming the token when it is none."""
    written = token.strip()
    lower = written.lower()
    if lower == "pass":
        return PASS_DECISION
    if len(written) == 1 and written.upper() in PIECE_LETTERS:
        return Decision(CLAIM, colour=written.upper())
    match = _MOVE_RE.match(lower)
    if match is not None:
        return Decision(MOVE, _point(match.group(1), written), _point(match.group(2), written))
    if _CHAIN_RE.match(lower):
        parts = lower.split("-")
        raise InvalidNotationError(
            gettext_noop(
                "{token}: a move is written by its origin and landing only ({short}), never with the LYNGK points between"
            ),
            token=written[:40],
            short=f"{parts[0]}-{parts[-1]}",
        )
    raise InvalidNotationError(
        gettext_noop(
            "{token}: not a LYNGK decision (expected like 'c3-d4', a colour to claim like 'R', or 'pass')"
        ),
        token=written[:40],
    )


def split_turn(token: str) -> list[str]:
    """A turn's token cut into its decisions (``R;c3-d4``: the claim, then the move)."""
    return token.split(TURN_JOINER)


# ---------------------------------------------------------------------------------------------
# The start option and the [Setup] tag


def _start_words(options: Mapping[str, str | int | bool] | None) -> tuple[bool, str]:
    """(drawn at random, the placements given: "" to be drawn); :class:`InvalidOptionError` names an
    unknown option or start."""
    given = dict(options or {})
    unknown = sorted(set(given) - {START})
    if unknown:
        raise InvalidOptionError(
            gettext_noop("unknown option '{option}' for {game}"), option=unknown[0], game="LYNGK"
        )
    words = str(given.get(START, RANDOM_START)).split()
    if not words:
        return True, ""
    if words[0].lower() == RANDOM_START:
        return True, " ".join(words[1:])
    if ":" not in words[0]:
        raise InvalidOptionError(
            gettext_noop("the start is random or the 43 placements (a1:J b1:I …), not {start}"),
            start=repr(words[0][:20]),
        )
    return False, " ".join(words)


def start_position(
    options: Mapping[str, str | int | bool] | None, rng: random.Random | None = None
) -> Position:
    """The start the option ``start`` gives (L-4): ``random`` (drawn with ``rng``; also when none is
    given), ``random`` and its placements (as drawn), or the 43 placements an organiser gave. The
    setup's own error names a wrong placement."""
    _drawn, setup = _start_words(options)
    if not setup:
        return start_of(random_setup(rng or random.Random()))
    return start_of(parse_setup(setup))


def resolved_options(options: Mapping[str, str | int | bool] | None, seed: int) -> dict[str, str]:
    """The options a game is stored with: a random start drawn now with ``seed`` and listed
    (``random a1:J ...``), placements given written in the board's order, so the game and its
    record state them."""
    drawn, _setup = _start_words(options)
    setup = format_setup(start_position(options, random.Random(seed)).board)
    return {START: f"{RANDOM_START} {setup}" if drawn else setup}


def start_tags(position: Position) -> dict[str, str]:
    """The ``[Setup]`` tag of a game started from ``position``: its 43 placements."""
    return {SETUP_TAG: format_setup(position.board)}


def read_start_tags(tags: Mapping[str, str]) -> Position:
    """The start a record states in its ``[Setup]`` tag; a record without one is refused (L-4)."""
    setup = " ".join(tags.get(SETUP_TAG, "").split())
    if not setup:
        raise InvalidRecordError(
            gettext_noop(
                "a LYNGK record states its start in its [Setup] tag, the 43 placements (a1:J b1:I …): there is no fixed start"
            )
        )
    return start_of(parse_setup(setup))
