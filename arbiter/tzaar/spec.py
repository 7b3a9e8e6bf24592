"""TZAAR as the service knows it: one game, its rating list, its two natural ends, its boards.

Cheap to import (its key, name, ends, start option, the boards' words and CSS): the engine is named by
its place and loaded when a TZAAR record or move is first checked
(:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, StartOption, Variant
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
    help=gettext_noop("fixed, random or placement (empty: random, the rulebook's start)"),
    tag="Setup",
    noun=gettext_noop("a start"),
    event_help=gettext_noop(
        "fixed, random or placement (empty: each game's record states its start; a game on the service starts random)"
    ),
    max_length=420,
)

SPEC = GameSpec(
    name=NAME,
    family="tzaar",
    variants=(Variant(GAME, NAME, {START.name: "random"}, start_options=(START,)),),
    ends=(
        End(
            "no-type",
            Termination.MATERIAL,
            gettext_noop("no Tzaar, Tzarra or Tott left"),
            gettext_noop("{loser} had no Tzaar, Tzarra or Tott left"),
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
)
