"""YINSH as the service knows it: normal and blitz, one rating list, its ends, its score, its boards.

Cheap to import (keys, names, ends, the boards' words and CSS): the engine is named by its place and
loaded when a YINSH record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Piece, Variant
from arbiter.verdict import Termination

NORMAL = "yinsh"
BLITZ = "yinsh-blitz"
GAMES = (NORMAL, BLITZ)
#: the rings a player removes to win
TARGET = {NORMAL: 3, BLITZ: 1}
NAMES = {NORMAL: "YINSH", BLITZ: gettext_noop("YINSH blitz")}

#: the natural ends' codes (as verdicts and the database write them)
RINGS = "rings"  # a player removed the rings he needed
MARKERS = "markers"  # a turn would start with no marker left: the rings removed decide (Y-3)
BLOCKED = "blocked"  # neither player can move a ring: the rings removed decide (Y-1)

STYLE = (
    ".point{fill:#6b4f2a}"
    ".ring-w{fill:none;stroke:#fbfbf6;stroke-width:6}"
    ".ring-b{fill:none;stroke:#222;stroke-width:6}"
    ".ring-edge{fill:none;stroke:#6b4f2a;stroke-width:1}"
    ".row-taken{stroke:#e53935;stroke-width:8;stroke-linecap:round;opacity:.45}"
    ".flipped{fill:none;stroke:#1e88e5;stroke-width:2;stroke-dasharray:3 2}"
)
LABELS: dict[str, str] = {
    "YINSH title": gettext_noop("YINSH position, {player} to move"),
    "YINSH state": gettext_noop("{state}; rings removed: White {white}, Black {black}; markers left {pool}"),
    "YINSH placing": gettext_noop("{player} to place a ring"),
}

#: the key to its pieces beside its boards (drawn as arbiter/yinsh/svg.py draws them)
PIECES = (
    Piece(
        "ring",
        gettext_noop("ring: moved along a line, a marker left where it stood"),
        '<circle class="ring-edge" cx="0" cy="0" r="18"/><circle class="ring-w" cx="0" cy="0" r="15"/>'
        '<circle class="ring-edge" cx="0" cy="0" r="12"/>',
    ),
    Piece(
        "marker",
        gettext_noop("marker: turned over when a ring jumps it; five of a colour in a row are taken"),
        '<circle class="marker white" cx="-6" cy="4" r="11"/><circle class="marker black" cx="6" cy="-4" r="11"/>',
    ),
)
#: the words of its move picker (arbiter/yinsh/picker.js, by the script's keys); the English defaults
PICKER_WORDS: dict[str, str] = {
    "place": gettext_noop("Click a free point to place one of your rings."),
    "ring": gettext_noop("Click one of your rings to move it."),
    "to": gettext_noop(
        "Click where the ring goes: it leaves a marker where it stood and turns over every marker it jumps."
    ),
    "row": gettext_noop("Take a row: click one of its markers."),
    "rows": gettext_noop("Take a row: {count} rows of five are yours; click a marker of the one to take."),
    "remove": gettext_noop("Remove one of your rings: click it."),
    "row taken for you": gettext_noop("Your row {from}–{to} is taken: it is the only one."),
    "ring removed for you": gettext_noop("Your ring on {point} is removed: it is the only one."),
    "target place": gettext_noop("place a ring on {point}"),
    "target ring": gettext_noop("move the ring on {point}"),
    "target to": gettext_noop("move it to {point}"),
    "target row": gettext_noop("take the row {from}–{to}"),
    "target remove": gettext_noop("remove the ring on {point}"),
    "said place": gettext_noop("ring placed on {point}"),
    "said move": gettext_noop("ring moved from {from} to {to}"),
    "said row": gettext_noop("row {from}–{to} taken"),
    "said remove": gettext_noop("ring on {point} removed"),
    "pass": gettext_noop("pass: no ring can move"),
}

SPEC = GameSpec(
    name="YINSH",
    family="yinsh",
    variants=(Variant(NORMAL, NAMES[NORMAL]), Variant(BLITZ, NAMES[BLITZ])),
    ends=(
        End(
            RINGS,
            Termination.GOAL,
            gettext_noop("rings removed"),
            gettext_noop("{winner} removed the rings needed to win"),
        ),
        End(
            MARKERS,
            Termination.SCORE,
            gettext_noop("no marker left"),
            gettext_noop("No marker left: {winner} had removed more rings"),
        ),
        End(
            BLOCKED,
            Termination.SCORE,
            gettext_noop("no ring can move"),
            gettext_noop("No ring could move: {winner} had removed more rings"),
        ),
    ),
    notation=gettext_noop("YINSH records (tag pairs and numbered turns)"),
    engine="arbiter.yinsh.engine:YinshEngine",
    score=gettext_noop("rings removed {score}"),
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.yinsh:picker.js",
    picker_words=PICKER_WORDS,
    draws=True,  # equal rings removed when the game stops is a draw (yinsh.md)
)
