"""DVONN as the service knows it: one game, its rating list, its end by the stack totals, its boards.

Cheap to import (its key, name, end, the boards' words and CSS): the engine is named by its place and
loaded when a DVONN record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Piece, Variant
from arbiter.verdict import Termination

#: the game key of DVONN (one game, no variants)
GAME = "dvonn"
#: the CSS of DVONN boards beyond the shared one (arbiter.svg.STYLE)
STYLE = (
    ".space{fill:#f9ecd0;stroke:#6b4f2a;stroke-width:1}"
    ".dvonn{fill:#c62828;stroke:#7f0000;stroke-width:1.5}"
    ".height{font:bold 13px sans-serif;text-anchor:middle;dominant-baseline:central;stroke:none}"
    ".on-white{fill:#222}.on-black{fill:#fff}.on-dvonn{fill:#fff}"
    ".dvonn-mark{fill:#c62828;stroke:#fff;stroke-width:1}"
)
#: the words on DVONN boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "placement": gettext_noop("placement {number} of 49, {player} to place"),
    "DVONN state": gettext_noop("{state}; score White {white}, Black {black}"),
    "DVONN title": gettext_noop("DVONN position, {player} to move"),
}

#: the key to its pieces beside its boards (drawn as arbiter/dvonn/svg.py draws a stack)
PIECES = (
    Piece("white", gettext_noop("White's piece"), '<circle class="white" cx="0" cy="0" r="15"/>'),
    Piece("black", gettext_noop("Black's piece"), '<circle class="black" cx="0" cy="0" r="15"/>'),
    Piece("dvonn", gettext_noop("DVONN piece"), '<circle class="dvonn" cx="0" cy="0" r="15"/>'),
    Piece(
        "stack",
        gettext_noop("a stack: its top piece's colour, its height; red dot: a DVONN piece in it"),
        '<circle class="white" cx="0" cy="0" r="15"/><circle class="dvonn-mark" cx="10" cy="-10" r="5"/>'
        '<text class="height on-white" x="0" y="0">3</text>',
    ),
)
#: the words of its move picker (arbiter/dvonn/picker.js, by the script's keys); the English defaults
PICKER_WORDS: dict[str, str] = {
    "place dvonn": gettext_noop("Click an empty space to place a DVONN piece."),
    "place": gettext_noop("Click an empty space to place one of your pieces."),
    "from": gettext_noop(
        "Click one of your stacks to move it: as many spaces as it is high, in a straight line."
    ),
    "to": gettext_noop("Click the stack it lands on."),
    "pass": gettext_noop("No stack of yours can move: pass."),
    "target place": gettext_noop("place on {point}"),
    "target from": gettext_noop("move the stack on {point}"),
    "target to": gettext_noop("onto {point}"),
    "said place": gettext_noop("piece placed on {point}"),
    "said move": gettext_noop("stack {from} moved onto {to}"),
    "said pass": gettext_noop("pass"),
}

SPEC = GameSpec(
    name="DVONN",
    family="dvonn",
    variants=(Variant(GAME, "DVONN"),),
    # neither player can move: the stack totals decide (the game-free code "score" is DVONN's own)
    ends=(
        End(
            Termination.SCORE,
            Termination.SCORE,
            gettext_noop("stack totals at the end"),
            gettext_noop("{winner} won on the stack totals"),
        ),
    ),
    notation=gettext_noop("DVONN records (tagged, Little Golem or CodeCup)"),
    engine="arbiter.dvonn.engine:DvonnEngine",
    score=gettext_noop("stack score {score}"),
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.dvonn:picker.js",
    picker_words=PICKER_WORDS,
    draws=True,  # equal stacks at the end are a tie (the rulebook, "End of the game" 3)
)
