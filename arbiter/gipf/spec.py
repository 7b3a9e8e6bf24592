"""GIPF as the service knows it: its three rule sets, its rating list, how it ends, its boards."""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.gipf import svg
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.engine import GipfEngine
from arbiter.gipf.position import GAME_KEY_OF_RULES, GAME_KEYS, GAME_NAMES
from arbiter.spec import End, GameSpec, Variant
from arbiter.verdict import Termination

SPEC = GameSpec(
    name="GIPF",
    family="gipf",
    variants=tuple(Variant(key, GAME_NAMES[key], {"rules": rules}) for key, rules in GAME_KEYS.items()),
    ends=(
        End(GipfEnd.NO_RESERVE, Termination.NO_MOVE, gettext_noop("no piece left in reserve")),
        End(GipfEnd.NO_GIPF_PIECE, Termination.MATERIAL, gettext_noop("no GIPF-piece left on the board")),
    ),
    notation=gettext_noop("GIPF records (tag pairs and numbered turns)"),
    engine=GipfEngine(),
    labels=svg.LABELS,
    style=svg.STYLE,
    usual=GAME_KEY_OF_RULES["standard"],
)
