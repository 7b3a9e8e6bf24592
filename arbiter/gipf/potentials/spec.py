"""GIPF with potentials as the service knows it: its four variants (standard and tournament rules,
the players' own potentials or the Ultimate GIPF preset), rated in the GIPF family (P-26), its ends
(GIPF's), its boards' words and CSS.

Cheap to import (keys, names, ends, the boards' words): the engine is named by its place and loaded
when a record or a move of the variant is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.errors import gettext_noop
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.potentials import position
from arbiter.gipf.spec import LABELS as GIPF_LABELS
from arbiter.gipf.spec import NO_GIPF_PIECE
from arbiter.gipf.spec import PICKER_WORDS as GIPF_PICKER_WORDS
from arbiter.spec import End, GameSpec, Piece, StartOption
from arbiter.verdict import Termination

#: its one start option, the set of potentials agreed (docs/rules.md P-11, P-24, P-27): a text the
#: engine's start reads (``Z6 Y6``, ``White Z6; Black Y6``, ``Ultimate``), in the ``[Potentials]`` tag
POTENTIALS = StartOption(
    name="potentials",
    label=gettext_noop("Potentials"),
    help=gettext_noop(
        "GIPF with potentials only: the set of the game, e.g. Z6 Y6 (3 to 6 of a kind: T TAMSK, Z ZÈRTZ, "
        "D DVONN, Y YINSH, P PÜNCT), White Z6; Black Y6 for a set by colour, or Ultimate. "
        "Empty: the game's own set."
    ),
    event_help=gettext_noop(
        "GIPF with potentials only: the set every player has, e.g. Z6 Y6 (3 to 6 of a kind: T TAMSK, "
        "Z ZÈRTZ, D DVONN, Y YINSH, P PÜNCT), White Z6; Black Y6 for a set by colour, or Ultimate. "
        "Empty: each game's record says its set."
    ),
    tag="Potentials",
    noun=gettext_noop("a set of potentials"),
)
#: its variants, each taking a set of potentials
VARIANTS = tuple(replace(variant, start_options=(POTENTIALS,)) for variant in position.VARIANTS)

#: the CSS of its boards beyond the shared one (arbiter.svg.STYLE): letters, rings, diamonds, fading
#: (drawn by arbiter/gipf/potentials/svg.py)
STYLE = (
    ".dot{fill:#6b4f2a}.spot{fill:#6b4f2a}"
    ".kind{font:bold 14px sans-serif;text-anchor:middle;dominant-baseline:central}"
    ".on-white{fill:#222}.on-black{fill:#fbfbf6}"
    ".ring{fill:none;stroke:#c62828;stroke-width:2.5}"
    ".neutralised{opacity:.45}"
    ".neutralised-mark{fill:none;stroke:#c62828;stroke-width:2;stroke-dasharray:3 3}"
    ".height{font:bold 12px sans-serif;fill:#0d47a1;text-anchor:middle;dominant-baseline:central;"
    "paint-order:stroke;stroke:#fff;stroke-width:3px}"
    ".hand{font-size:11px}"
    ".legend-text{fill:#2b2b2b;font:11px sans-serif;dominant-baseline:central}"
)
#: the words on its boards beyond the shared ones (GIPF's and its own); the English defaults
LABELS: dict[str, str] = {
    **GIPF_LABELS,
    "potentials in hand": gettext_noop("potentials in hand {hand}"),
    "GIPF potentials title": gettext_noop("GIPF position with potentials, {player} to move"),
    "legend loaded": gettext_noop("loaded piece, its kind"),
    "legend used": gettext_noop("used potential"),
    "legend stack": gettext_noop("stack and its height"),
    "legend neutralised": gettext_noop("neutralised (faded)"),
}
#: the words of its move picker (arbiter/gipf/picker.js): GIPF's, a piece's kind by the letter its push
#: is written with, the potentials' steps, and the warning of P-3 before a basic piece is brought in
PICKER_WORDS: dict[str, str] = {
    **GIPF_PICKER_WORDS,
    "T": gettext_noop("TAMSK-potential"),
    "Z": gettext_noop("ZÈRTZ-potential"),
    "D": gettext_noop("DVONN-potential"),
    "Y": gettext_noop("YINSH-potential"),
    "P": gettext_noop("PÜNCT-potential"),
    "loses potentials": gettext_noop(
        "A basic piece brought in loses every potential not yet in play: choose a loaded piece to keep them."
    ),
    "dot or potential": gettext_noop(
        "Click a dot on the edge to push a piece in, or one of your potentials to use it."
    ),
    "potential": gettext_noop("Click the potential to use."),
    "to": gettext_noop("Click where the potential goes."),
    "extra dot": gettext_noop("The TAMSK piece pushes once more: click the dot of its extra push."),
    "extra spot": gettext_noop("Click the spot of the extra push."),
    "target potential": gettext_noop("use the potential on {point}"),
    "target to": gettext_noop("to {point}"),
    "target extra dot": gettext_noop("extra push from {point}"),
    "target extra spot": gettext_noop("extra push by {point}"),
    "neutralise": gettext_noop("neutralise it"),
    "convert": gettext_noop("convert it into your GIPF-piece"),
    "said use": gettext_noop("the potential on {from} used, to {to}"),
}
#: the key to its pieces beside its boards (the board's own legend adds used potentials and stacks)
PIECES = (
    Piece("basic", gettext_noop("basic piece"), '<circle class="white" cx="0" cy="0" r="15"/>'),
    Piece(
        "G",
        gettext_noop("GIPF-piece (two pieces stacked)"),
        '<circle class="white" cx="0" cy="3" r="15"/><circle class="white" cx="0" cy="-3" r="15"/>',
    ),
    Piece(
        "loaded",
        gettext_noop("loaded piece: its potential's letter (T, Z, D, Y, P)"),
        '<circle class="white" cx="0" cy="0" r="15"/><circle class="ring" cx="0" cy="0" r="11"/>'
        '<text class="kind on-white" x="0" y="0">T</text>',
    ),
)
SPEC = GameSpec(
    name="GIPF with potentials",
    family="gipf",
    variants=VARIANTS,
    ends=(
        End(
            GipfEnd.NO_RESERVE,
            Termination.NO_MOVE,
            gettext_noop("no piece left in reserve and no potential that can move"),
            gettext_noop("{loser} had no piece left in reserve and no potential that could move"),
        ),
        NO_GIPF_PIECE,
    ),
    notation=gettext_noop("GIPF records with potentials (tag pairs and numbered turns)"),
    engine="arbiter.gipf.potentials.engine:PotentialsEngine",
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.gipf:picker.js",
    picker_words=PICKER_WORDS,
)
