"""YINSH as the service knows it: normal and blitz, one rating list, its ends, its score, its boards.

Cheap to import (keys, names, ends, the boards' words and CSS): the engine is named by its place and
loaded when a YINSH record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Variant
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
    draws=True,  # equal rings removed when the game stops is a draw (yinsh.md)
)
