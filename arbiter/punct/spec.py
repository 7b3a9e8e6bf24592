"""PÜNCT as the service knows it: the standard game, its rating list, its four ends, its boards.

Cheap to import (its key, name, ends, the boards' words and CSS): the engine is named by its place
and loaded when a PÜNCT record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
The basic game (P-16) is not offered: the service and tournaments play the standard game.
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Piece, Variant
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

#: the hexagonal steps as drawn (column, row), clockwise: a piece's minor dots are steps from its PÜNCT
_STEPS = ((0, -1), (-1, -1), (-1, 0), (0, 1), (1, 1), (1, 0))


def _drawn(steps: tuple[tuple[int, int], ...]) -> str:
    """A piece of the key: its PÜNCT and the two minor dots ``steps`` away (sums of :data:`_STEPS`),
    joined, centred on (0, 0), the PÜNCT marked, in the boards' classes of a piece in the hand."""
    dots = [(0.0, 0.0)] + [(8.66 * c, -10.0 * (r - c / 2)) for c, r in steps]
    mid_x = (min(x for x, _ in dots) + max(x for x, _ in dots)) / 2
    mid_y = (min(y for _, y in dots) + max(y for _, y in dots)) / 2
    dots = [(round(x - mid_x, 2), round(y - mid_y, 2)) for x, y in dots]
    head, *rest = dots
    closed = "Z" if len(steps) == 2 and steps[1] == _STEPS[1] else ""
    line = f"M{head[0]} {head[1]}" + "".join(f"L{x} {y}" for x, y in rest) + closed
    circles = "".join(f'<circle class="dot" cx="{x}" cy="{y}" r="3.6"/>' for x, y in dots)
    return (
        f'<g class="hand-piece white"><path class="piece-link" d="{line}"/>{circles}'
        f'<circle class="punct-dot" cx="{head[0]}" cy="{head[1]}" r="1.8"/></g>'
    )


def _plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


_D = _STEPS[0]
#: the key to PÜNCT's pieces beside its boards (P-3): each kind by its letter, its PÜNCT marked red
PIECES = (
    Piece("T", gettext_noop("triangle: T"), _drawn((_D, _STEPS[1]))),
    Piece("C", gettext_noop("straight, PÜNCT in the middle: C"), _drawn((_D, _STEPS[3]))),
    Piece("E", gettext_noop("straight, PÜNCT at an end: E"), _drawn((_D, _plus(_D, _D)))),
    Piece("M", gettext_noop("angular, PÜNCT in the middle: M"), _drawn((_D, _STEPS[2]))),
    Piece("L", gettext_noop("angular, bending clockwise: L"), _drawn((_D, _plus(_D, _STEPS[1])))),
    Piece("R", gettext_noop("angular, bending anticlockwise: R"), _drawn((_D, _plus(_D, _STEPS[5])))),
)

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
    pieces=PIECES,
    draws=True,  # an equal count of the central hexagon is a draw (P-10)
)
