"""ZÈRTZ as the service knows it: three variants (ZT-1), one rating list, its ends, its boards.

Cheap to import (keys, names, pools, goals, ends, the boards' words and CSS): the engine is named by
its place and loaded when a ZÈRTZ record or move is first checked
(:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Piece, Variant
from arbiter.verdict import Termination

STANDARD = "zertz-standard"
BLITZ = "zertz-blitz"
TOURNAMENT = "zertz-tournament"
GAMES = (STANDARD, BLITZ, TOURNAMENT)
NAME = "ZÈRTZ"
NAMES = {
    STANDARD: NAME,
    BLITZ: gettext_noop("ZÈRTZ blitz"),
    TOURNAMENT: gettext_noop("ZÈRTZ tournament"),
}
#: the names without the accent, as records typed on a plain keyboard write them
PLAIN_NAMES = {STANDARD: "ZERTZ", BLITZ: "ZERTZ blitz", TOURNAMENT: "ZERTZ tournament"}

#: the marble colours, in the order every triple is written: white, grey, black
COLOURS = "WGB"


@dataclass(frozen=True)
class Rules:
    """A variant's board (37 or 48 rings), its pool (white, grey, black) and its goals: each goal
    the marbles of each colour needed, any one wins (ZT-1)."""

    rings: int
    pool: tuple[int, int, int]
    goals: tuple[tuple[int, int, int], ...]


_STANDARD_GOALS = ((3, 3, 3), (4, 0, 0), (0, 5, 0), (0, 0, 6))
RULES = {
    STANDARD: Rules(37, (6, 8, 10), _STANDARD_GOALS),
    BLITZ: Rules(37, (5, 7, 9), ((2, 2, 2), (3, 0, 0), (0, 4, 0), (0, 0, 5))),
    TOURNAMENT: Rules(48, (6, 8, 10), _STANDARD_GOALS),
}

#: the natural ends' codes (as verdicts and the database write them)
GOAL = "goal"  # the mover's captures hold a goal (ZT-10)
BOARD_FULL = "board-full"  # the mover's turn left no ring on the board (ZT-11)
NO_MARBLE = "no-marble"  # the player to move can capture nothing and has no marble to place (ZT-12)
REPETITION = "repetition"  # the position occurred a third time: a draw (ZT-13)

STYLE = (
    ".ring{fill:none;stroke:#8a7a5c;stroke-width:5}"
    ".ring-name{fill:#8a7a5c;font:9px sans-serif;text-anchor:middle;dominant-baseline:central}"
    ".ring-gone{fill:none;stroke:#1e88e5;stroke-width:2;stroke-dasharray:4 3}"
    ".marble.white{fill:#fbfbf6;stroke:#555;stroke-width:1.5}"
    ".marble.grey{fill:#9e9e9e;stroke:#444;stroke-width:1.5}"
    ".marble.black{fill:#222;stroke:#000;stroke-width:1.5}"
    ".marble-letter{font:bold 12px sans-serif;text-anchor:middle;dominant-baseline:central;stroke:none}"
    ".white .marble-letter,.grey .marble-letter{fill:#222}"
    ".black .marble-letter{fill:#fbfbf6}"
    ".tray-line .marble-letter{font-size:9px}"
)
#: the words on ZÈRTZ boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "ZERTZ title": gettext_noop("ZÈRTZ position, {player} to move"),
    "ZERTZ pool": gettext_noop("pool"),
    "ZERTZ captures": gettext_noop("{player}'s captures"),
    "ZERTZ from goal": gettext_noop("{count} from a goal"),
    "ZERTZ goal": gettext_noop("goal reached"),
    "ZERTZ rings": gettext_noop("{count} rings left"),
    "ZERTZ white": gettext_noop("white marble"),
    "ZERTZ grey": gettext_noop("grey marble"),
    "ZERTZ black": gettext_noop("black marble"),
}

#: the key to its pieces beside its boards (drawn as arbiter/zertz/svg.py draws a ring and a marble)
PIECES = (
    Piece(
        "ring",
        gettext_noop("ring: a marble is placed on a vacant one; a free one is removed"),
        '<circle class="ring free" cx="0" cy="0" r="17"/>',
    ),
    *(
        Piece(
            colour,
            name,
            f'<circle class="marble {css}" cx="0" cy="0" r="13"/><text class="marble-letter" x="0" y="0">{colour}</text>',
        )
        for colour, css, name in (
            ("W", "white", gettext_noop("white marble")),
            ("G", "grey", gettext_noop("grey marble")),
            ("B", "black", gettext_noop("black marble")),
        )
    ),
)

#: the words of its move picker (arbiter/zertz/picker.js, by the script's keys); the English defaults.
#: The one-letter keys are the colours a turn writes (W, G, B), the buttons' names.
PICKER_WORDS: dict[str, str] = {
    "W": gettext_noop("white marble"),
    "G": gettext_noop("grey marble"),
    "B": gettext_noop("black marble"),
    "place": gettext_noop(
        "Place a white, grey or black marble: click a vacant ring, then the free ring to remove."
    ),
    "remove": gettext_noop("Remove a free ring: click one of the rings lit."),
    "colour": gettext_noop("Choose the marble to place: {colours}."),
    "capture": gettext_noop("A capture is compulsory. Capture: jump from: click the marble that jumps."),
    "jump": gettext_noop(
        "Jump on to: click the ring where the marble lands (the jumps go on while it can jump)."
    ),
    "target place": gettext_noop("place a marble on {point}"),
    "target remove": gettext_noop("remove the ring {point}"),
    "target capture": gettext_noop("jump from {point}"),
    "target jump": gettext_noop("jump on to {point}"),
    "said place": gettext_noop("a {marble} placed on {point}, the ring {removed} removed"),
    "said place alone": gettext_noop("a {marble} placed on {point}, no ring free to remove"),
    "said jumped": gettext_noop("the {marble} on {point}"),
    "said capture": gettext_noop("the marble on {from} jumps to {to}, capturing {marbles}"),
}

SPEC = GameSpec(
    name=NAME,
    family="zertz",
    variants=tuple(Variant(key, NAMES[key]) for key in GAMES),
    ends=(
        End(
            GOAL,
            Termination.GOAL,
            gettext_noop("a goal of captured marbles"),
            gettext_noop("{winner} captured the marbles of a goal"),
        ),
        End(
            BOARD_FULL,
            Termination.NO_MOVE,
            gettext_noop("board full"),
            gettext_noop("{winner} made the last move: no ring was left on the board"),
        ),
        End(
            NO_MARBLE,
            Termination.NO_MOVE,
            gettext_noop("no marble to place"),
            gettext_noop("{loser} could capture nothing and had no marble to place"),
        ),
        End(REPETITION, Termination.REPETITION, gettext_noop("the position occurred a third time")),
    ),
    notation=gettext_noop("ZÈRTZ records (tag pairs, turns like Wd4,d1 or xd1Gd3Wd5)"),
    engine="arbiter.zertz.engine:ZertzEngine",
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.zertz:picker.js",
    picker_words=PICKER_WORDS,
    draws=True,  # a third repetition is a draw (ZT-13): its players may agree one too
)
