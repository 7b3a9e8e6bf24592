"""GIPF as the service knows it: its three rule sets, its rating list, how it ends, its boards.

Cheap to import (keys, names, ends, the boards' words and CSS): the engine is named by its place and
loaded when a GIPF record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.position import GAME_KEY_OF_RULES, GAME_KEYS, GAME_NAMES
from arbiter.spec import End, GameSpec, Piece, Variant
from arbiter.verdict import Termination

#: the CSS of GIPF boards beyond the shared one (arbiter.svg.STYLE)
STYLE = ".dot{fill:#6b4f2a}.spot{fill:#6b4f2a}"
#: the words on GIPF boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "reserve": gettext_noop("{player}: reserve {count}"),
    "captured": gettext_noop("captured {count}"),
    "captured and GIPF-pieces": gettext_noop("captured {count}, GIPF-pieces {gipf}"),
    "GIPF title": gettext_noop("GIPF position, {player} to move"),
}

#: the key to its pieces beside its boards (drawn as arbiter/gipf/svg.py draws them)
PIECES = (
    Piece("basic", gettext_noop("basic piece"), '<circle class="white" cx="0" cy="0" r="15"/>'),
    Piece(
        "G",
        gettext_noop("GIPF-piece (two pieces stacked)"),
        '<circle class="white" cx="0" cy="3" r="15"/><circle class="white" cx="0" cy="-3" r="15"/>',
    ),
)
#: the words of its move picker (arbiter/gipf/picker.js, by the script's keys); the English defaults
PICKER_WORDS: dict[str, str] = {
    "dot": gettext_noop("Click a dot on the edge: your piece comes in from there."),
    "spot": gettext_noop("Click the spot it comes in by: the pieces in that line are pushed one spot on."),
    "target dot": gettext_noop("push in from {point}"),
    "target spot": gettext_noop("push in by {point}"),
    "G": gettext_noop("GIPF-piece"),
    "basic": gettext_noop("basic piece"),
    "removed": gettext_noop("removes"),
    "said push": gettext_noop("{piece} pushed in from {dot} by {spot}"),
    "said removed": gettext_noop("removes {points}"),
}

#: the end by the GIPF-pieces, GIPF with potentials' too
NO_GIPF_PIECE = End(
    GipfEnd.NO_GIPF_PIECE,
    Termination.MATERIAL,
    gettext_noop("no GIPF-piece left on the board"),
    gettext_noop("{loser} had no GIPF-piece left on the board"),
)

SPEC = GameSpec(
    name="GIPF",
    family="gipf",
    variants=tuple(Variant(key, GAME_NAMES[key], {"rules": rules}) for key, rules in GAME_KEYS.items()),
    ends=(
        End(
            GipfEnd.NO_RESERVE,
            Termination.NO_MOVE,
            gettext_noop("no piece left in reserve"),
            gettext_noop("{loser} had no piece left in reserve"),
        ),
        NO_GIPF_PIECE,
    ),
    notation=gettext_noop("GIPF records (tag pairs and numbered turns)"),
    engine="arbiter.gipf.engine:GipfEngine",
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.gipf:picker.js",
    picker_words=PICKER_WORDS,
    usual=GAME_KEY_OF_RULES["standard"],
)
