"""DVONN as the service knows it: one game, its rating list, its end by the stack totals, its boards.

Cheap to import (its key, name, end, the boards' words and CSS): the engine is named by its place and
loaded when a DVONN record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Variant
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
    draws=True,  # equal stacks at the end are a tie (the rulebook, "End of the game" 3)
)
