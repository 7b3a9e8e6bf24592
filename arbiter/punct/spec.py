"""PÜNCT as the service knows it: the standard game, its rating list, its four ends, its boards.

Cheap to import (its key, name, ends, the boards' words and CSS): the engine is named by its place
and loaded when a PÜNCT record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
The basic game (P-16) is not offered: the service and tournaments play the standard game.
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Variant
from arbiter.verdict import Termination

#: the game key of PÜNCT (the standard game) and its name as records write it
GAME = "punct"
NAME = "PÜNCT"
#: what a [Game] tag may say for the standard game (P-14), and for the basic game, not played here
GAME_TAGS = ("punct", "pünct", "punct-standard", "pünct-standard")
BASIC_TAGS = ("punct-basic", "pünct-basic")

#: the CSS of PÜNCT boards beyond the shared one (arbiter.svg.STYLE)
STYLE = (
    ".space{fill:#c9b48a}"
    ".centre-area{fill:#e8d5a8;stroke:#8a6d3b;stroke-width:1.5}"
    ".side{stroke-width:7;stroke-linecap:round;opacity:.55}"
    ".side-0{stroke:#8e24aa}.side-1{stroke:#00897b}.side-2{stroke:#f9a825}"
    ".piece-link{stroke-width:13;stroke-linecap:round;stroke-linejoin:round;fill:none}"
    ".white .piece-link{stroke:#222}.black .piece-link{stroke:#000}"
    ".white .piece-inner{stroke:#fbfbf6}.black .piece-inner{stroke:#3a3a3a}"
    ".piece-inner{stroke-width:9;stroke-linecap:round;stroke-linejoin:round;fill:none}"
    ".dot{stroke-width:1.2}.white .dot{fill:#fbfbf6;stroke:#222}.black .dot{fill:#3a3a3a;stroke:#000}"
    ".punct-dot{fill:#e53935;stroke:#fff;stroke-width:1}"
    ".covered{opacity:.55}"
    ".bridge .piece-link{filter:drop-shadow(0 2px 1.5px rgba(0,0,0,.6))}"
    ".level{font:bold 9px sans-serif;text-anchor:middle;dominant-baseline:central;fill:#fff;stroke:none}"
    ".level-badge{fill:#1565c0;stroke:#fff;stroke-width:1}"
    ".connection{fill:none;stroke:#e53935;stroke-width:4;stroke-linecap:round;stroke-linejoin:round;"
    "stroke-dasharray:2 6;opacity:.9}"
    ".hand-piece .piece-link{stroke-width:7}.hand-piece .dot{stroke-width:1}.hand-count{font:bold 12px sans-serif;fill:#2b2b2b;stroke:none}"
    ".hand-slot{fill:#fff;fill-opacity:0;stroke:none}"
    ".last-from{fill:none;stroke:#1e88e5;stroke-width:2;stroke-dasharray:3 3}"
)
#: the words on PÜNCT boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "PÜNCT title": gettext_noop("PÜNCT position, {player} to move"),
    "PÜNCT turn": gettext_noop("turn {turn} of 300, {player} to move"),
    "PÜNCT hand": gettext_noop("{player}'s hand"),
    "PÜNCT centre": gettext_noop("central hexagon from above: White {white}, Black {black}"),
    "PÜNCT connected": gettext_noop("{player} has connected two opposite sides"),
}

SPEC = GameSpec(
    name=NAME,
    family="punct",
    variants=(Variant(GAME, NAME),),
    ends=(
        End(
            "connection",
            Termination.GOAL,
            gettext_noop("two opposite sides connected"),
            gettext_noop("{winner} connected two opposite sides of the board"),
        ),
        End(
            "last-piece",
            Termination.SCORE,
            gettext_noop("last piece added: the central hexagon counted"),
            gettext_noop("The last piece was added: {winner} held more of the central hexagon"),
        ),
        End(
            "limit",
            Termination.SCORE,
            gettext_noop("300 turns played: the central hexagon counted"),
            gettext_noop("After 300 turns {winner} held more of the central hexagon"),
        ),
        End(
            "blocked",
            Termination.SCORE,
            gettext_noop("no turn for either player: the central hexagon counted"),
            gettext_noop("Neither player had a turn: {winner} held more of the central hexagon"),
        ),
    ),
    notation=gettext_noop("PÜNCT records (tag pairs, turns like E:e5,e4,e3 and e5-h8:h7,h6)"),
    engine="arbiter.punct.engine:PunctEngine",
    score=gettext_noop("central hexagon {score}"),
    labels=LABELS,
    style=STYLE,
    draws=True,  # an equal count of the central hexagon is a draw (P-10)
)
