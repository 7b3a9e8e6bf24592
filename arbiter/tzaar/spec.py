"""TZAAR as the service knows it: one game, its rating list, its two natural ends, its boards.

Cheap to import (its key, name, ends, start option, the boards' words and CSS): the engine is named by
its place and loaded when a TZAAR record or move is first checked
(:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import Choice, End, GameSpec, Piece, StartOption, Variant
from arbiter.verdict import Termination

#: the game key of TZAAR (one game, no variants) and its name as records write it
GAME = "tzaar"
NAME = "TZAAR"
#: the CSS of TZAAR boards beyond the shared one (arbiter.svg.STYLE)
STYLE = (
    ".space{fill:#6b4f2a}"
    ".centre{fill:#d9c394;stroke:#6b4f2a;stroke-width:1}"
    ".mark{fill:none;stroke-width:2.5}"
    ".white .mark{stroke:#222}.black .mark{stroke:#fbfbf6}"
    ".tzaar-dot{stroke:none}.white .tzaar-dot{fill:#222}.black .tzaar-dot{fill:#fbfbf6}"
    ".height{font:bold 12px sans-serif;text-anchor:middle;dominant-baseline:central;stroke:none}"
    ".badge{fill:#c62828;stroke:#fff;stroke-width:1}.badge-text{fill:#fff}"
    ".first-move{stroke-dasharray:6 4}"
)
#: the words on TZAAR boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "TZAAR placement": gettext_noop("placement {number} of 60, {player} to place"),
    "TZAAR first move": gettext_noop("{player} to capture"),
    "TZAAR second move": gettext_noop("{player}: second move (capture, stack or pass)"),
    "TZAAR title": gettext_noop("TZAAR position, {player} to move"),
    "TZAAR tops": gettext_noop("{player}: Tzaars {tzaars}, Tzarras {tzarras}, Totts {totts}"),
}

#: the start (Z-5, docs/rules.md T-6): fixed, random or placement; random, the rulebook's, unless
#: chosen. The engine draws a random start's pieces when a game is made (``resolve_options``: stored
#: as ``random`` and the 60 pieces) and writes the start in the record's ``[Setup]`` tag.
START = StartOption(
    name="start",
    label=gettext_noop("Start"),
    help=gettext_noop(
        "The fixed set-up is the rulebook's set position, rings around the centre; the random set-up its "
        "standard start; placement by the players its tournament version, the board empty. Empty: random."
    ),
    tag="Setup",
    noun=gettext_noop("a start"),
    event_help=gettext_noop(
        "The fixed set-up is the rulebook's set position; the random set-up its standard start; placement "
        "by the players its tournament version. Empty: each game's record states its start; a game on the "
        "service starts random."
    ),
    max_length=420,
    choices=(
        Choice("fixed", gettext_noop("fixed set-up")),
        Choice("random", gettext_noop("random set-up")),
        Choice("placement", gettext_noop("placement by the players")),
    ),
)

#: the key to its pieces beside its boards (drawn as arbiter/tzaar/svg.py draws a stack); the codes
#: are the letters a placement is written with (``wT@a1``), which the picker names them by
PIECES = (
    Piece(
        "T",
        gettext_noop("Tzaar: a ring around a dot"),
        '<g class="stack white tzaar"><circle class="white" cx="0" cy="0" r="15"/>'
        '<circle class="mark" cx="0" cy="0" r="9"/><circle class="tzaar-dot" cx="0" cy="0" r="4.5"/></g>',
    ),
    Piece(
        "Z",
        gettext_noop("Tzarra: a dot"),
        '<g class="stack white tzarra"><circle class="white" cx="0" cy="0" r="15"/>'
        '<circle class="tzaar-dot" cx="0" cy="0" r="4.5"/></g>',
    ),
    Piece(
        "O",
        gettext_noop("Tott: a plain disc"),
        '<g class="stack white tott"><circle class="white" cx="0" cy="0" r="15"/></g>',
    ),
    Piece(
        "stack",
        gettext_noop("a stack: its top piece's type, its height in red"),
        '<g class="stack black tott"><circle class="black" cx="-2" cy="2" r="15"/>'
        '<circle class="badge" cx="9" cy="-9" r="8"/><text class="height badge-text" x="9" y="-9">3</text></g>',
    ),
)
#: the words of its move picker (arbiter/tzaar/picker.js, by the script's keys); the English defaults
PICKER_WORDS: dict[str, str] = {
    "T": gettext_noop("Tzaar"),
    "Z": gettext_noop("Tzarra"),
    "O": gettext_noop("Tott"),
    "place": gettext_noop("Click an empty space, then choose the piece to place there."),
    "place type": gettext_noop("Choose the piece to place: a Tzaar, a Tzarra or a Tott."),
    "capture": gettext_noop(
        "Capture: click one of your pieces, then an opponent's piece it reaches (a stack no higher)."
    ),
    "second": gettext_noop("Your second move: capture, stack onto one of your own pieces, or pass."),
    "to capture": gettext_noop("Click the opponent's piece to capture."),
    "to second": gettext_noop("Click the opponent's piece to capture, or your own piece to stack onto."),
    "target place": gettext_noop("place a piece on {point}"),
    "target from": gettext_noop("move the piece on {point}"),
    "target capture": gettext_noop("capture on {point}"),
    "target stack": gettext_noop("stack onto {point}"),
    "pass": gettext_noop("Pass: end the turn"),
    "said place": gettext_noop("{piece} placed on {point}"),
    "said capture": gettext_noop("{from} captures {to}"),
    "said stack": gettext_noop("{from} stacked onto {to}"),
    "said pass": gettext_noop("pass"),
}

#: the types by their index in a stack (Tzaar, Tzarra, Tott): the details of the end "no-type"
TYPE_NAMES = ("tzaar", "tzarra", "tott")

SPEC = GameSpec(
    name=NAME,
    family="tzaar",
    variants=(Variant(GAME, NAME, {START.name: "random"}, start_options=(START,)),),
    ends=(
        End(
            "no-type",
            Termination.MATERIAL,
            gettext_noop("no Tzaar, Tzarra or Tott left"),
            gettext_noop("{loser} had one of the three types no more on top of a stack"),
            # which type is gone, read in the final position (TzaarEngine.end_detail)
            {
                "tzaar": gettext_noop("{loser} had no Tzaar left on top of a stack"),
                "tzarra": gettext_noop("{loser} had no Tzarra left on top of a stack"),
                "tott": gettext_noop("{loser} had no Tott left on top of a stack"),
            },
        ),
        End(
            "no-capture",
            Termination.NO_MOVE,
            gettext_noop("no capture at the start of a turn"),
            gettext_noop("{loser} could not capture at the start of his turn"),
        ),
    ),
    notation=gettext_noop("TZAAR records (tag pairs, the start in [Setup], turns like d3xd5;e2+e4)"),
    engine="arbiter.tzaar.engine:TzaarEngine",
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.tzaar:picker.js",
    picker_words=PICKER_WORDS,
)
