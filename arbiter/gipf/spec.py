"""GIPF as the service knows it: its three rule sets, its rating list, how it ends, its boards.

Cheap to import (keys, names, ends, the boards' words and CSS): the engine is named by its place and
loaded when a GIPF record or move is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.position import GAME_KEY_OF_RULES, GAME_KEYS, GAME_NAMES
from arbiter.spec import End, GameSpec, Variant
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
        End(
            GipfEnd.NO_GIPF_PIECE,
            Termination.MATERIAL,
            gettext_noop("no GIPF-piece left on the board"),
            gettext_noop("{loser} had no GIPF-piece left on the board"),
        ),
    ),
    notation=gettext_noop("GIPF records (tag pairs and numbered turns)"),
    engine="arbiter.gipf.engine:GipfEngine",
    labels=LABELS,
    style=STYLE,
    usual=GAME_KEY_OF_RULES["standard"],
)
