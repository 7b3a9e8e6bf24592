"""DVONN as the service knows it: one game, its rating list, its end by the stack totals, its boards."""

from __future__ import annotations

from arbiter.dvonn import svg
from arbiter.dvonn.engine import DvonnEngine
from arbiter.dvonn.replay import GAME
from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Variant
from arbiter.verdict import Termination

SPEC = GameSpec(
    name="DVONN",
    family="dvonn",
    variants=(Variant(GAME, "DVONN"),),
    # neither player can move: the stack totals decide (the game-free code "score" is DVONN's own)
    ends=(End(Termination.SCORE, Termination.SCORE, gettext_noop("stack totals at the end")),),
    notation=gettext_noop("DVONN records (tagged, Little Golem or CodeCup)"),
    engine=DvonnEngine(),
    score=gettext_noop("stack score {score}"),
    labels=svg.LABELS,
    style=svg.STYLE,
)
