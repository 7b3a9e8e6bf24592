"""Move notation in the three record formats.

========== ============ ============== ========
format     placement    stacking move  pass
========== ============ ============== ========
service    ``g2``       ``a2-b2``      ``pass``
LittleGolem ``g2``      ``a2b2``       ``pass``
CodeCup    ``G2``       ``A2B2``       ``PASS``
========== ============ ============== ========
"""

from __future__ import annotations

import re
from functools import lru_cache

from arbiter.dvonn.board import BY_NAME, NAMES
from arbiter.dvonn.moves import PASS, PASS_MOVE, PLACE, STACK, Move
from arbiter.errors import InvalidNotationError, gettext_noop

TAGGED = "tagged"
LITTLE_GOLEM = "littlegolem"
CODECUP = "codecup"
STYLES = (TAGGED, LITTLE_GOLEM, CODECUP)

_MOVE_PATTERNS = {
    TAGGED: r"([a-k])([1-5])(?:-([a-k])([1-5]))?",
    LITTLE_GOLEM: r"([a-k])([1-5])(?:([a-k])([1-5]))?",
    CODECUP: r"([A-K])([1-5])(?:([A-K])([1-5]))?",
}
_PATTERNS = {style: re.compile(rf"^{pattern}$") for style, pattern in _MOVE_PATTERNS.items()}
_PASS_WORD = {TAGGED: "pass", LITTLE_GOLEM: "pass", CODECUP: "PASS"}
# moves separated by single spaces, all checked in one match (linear: a move's first letter decides)
_MOVES = {
    style: re.compile(rf"(?:{_PASS_WORD[style]}|{pattern})(?: (?:{_PASS_WORD[style]}|{pattern}))*")
    for style, pattern in _MOVE_PATTERNS.items()
}
_EXAMPLES = {
    TAGGED: "'g2', 'a2-b2' or 'pass'",
    LITTLE_GOLEM: "'g2', 'a2b2' or 'pass'",
    CODECUP: "'G2', 'A2B2' or 'PASS'",
}


def _space(col: str, row: str, token: str) -> int:
    name = f"{col.lower()}{row}"
    index = BY_NAME.get(name)
    if index is None:
        raise InvalidNotationError(
            gettext_noop("{token}: {name} is not a space of the DVONN board"), token=token, name=name
        )
    return index


@lru_cache(maxsize=8192)  # every move a record may write, in the three formats: about 9,000
def parse_move(token: str, style: str) -> Move:
    """Read one move in the given record format (a move read before is not read again)."""
    if token == _PASS_WORD[style]:
        return PASS_MOVE
    match = _PATTERNS[style].match(token)
    if match is None:
        raise InvalidNotationError(
            gettext_noop("{token}: not a DVONN move (expected {examples})"),
            token=token,
            examples=_EXAMPLES[style],
        )
    src = _space(match.group(1), match.group(2), token)
    if match.group(3) is None:
        return Move(PLACE, src)
    return Move(STACK, src, _space(match.group(3), match.group(4), token))


def format_move(move: Move, style: str) -> str:
    """Write one move in the given record format."""
    if move.kind == PASS:
        return _PASS_WORD[style]
    if move.kind == PLACE:
        name = NAMES[move.src]
        return name.upper() if style == CODECUP else name
    a, b = NAMES[move.src], NAMES[move.dst]
    if style == TAGGED:
        return f"{a}-{b}"
    if style == CODECUP:
        return f"{a}{b}".upper()
    return f"{a}{b}"


def looks_like_move(token: str, style: str) -> bool:
    return token == _PASS_WORD[style] or _PATTERNS[style].match(token) is not None


def all_look_like_moves(tokens: list[str], style: str) -> bool:
    """Whether there are tokens and each is a move of the format (:func:`looks_like_move`)."""
    return bool(tokens) and _MOVES[style].fullmatch(" ".join(tokens)) is not None
