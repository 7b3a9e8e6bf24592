"""GIPF with potentials (issue 18, first step): ZÈRTZ and YINSH potentials on the standard and
tournament rule sets. See ``docs/rules.md`` ("GIPF with potentials") for the rules as implemented
and every decision (P-1...).

Pure Python, no Django. Not registered in :mod:`arbiter.registry` yet (so no event form offers it):
:data:`VARIANTS` declares its game keys and options for the day it is complete.

Position text (one line)::

    gipf-pot-standard W..b/...../....../...Z../....../...../B..w w reserve=12/12 captured=0/0 set=Z6Y6/Z6Y6 hand=Z6Y6/Z6Y6

The board as in GIPF (``.wbWB``) plus ``Z``/``Y`` a white loaded piece of that kind, ``z``/``y`` a
black one, ``U``/``u`` a white/black used potential. ``set=`` is each player's potentials as agreed
before the game, ``hand=`` those not yet brought into play (``-``: none); tournament positions end
with ``start=W/B`` as in GIPF.
"""

from arbiter.gipf.potentials.play import GAME, PotentialsGame, parse_turn, play_turn, status_of
from arbiter.gipf.potentials.position import (
    KINDS,
    VARIANTS,
    Position,
    format_position,
    parse_position,
    parse_sets,
    sets_text,
    start_position,
)
from arbiter.gipf.potentials.rules import Push, Use, removal_options, turns

__all__ = [
    "GAME",
    "KINDS",
    "VARIANTS",
    "Position",
    "PotentialsGame",
    "Push",
    "Use",
    "format_position",
    "parse_position",
    "parse_sets",
    "parse_turn",
    "play_turn",
    "removal_options",
    "sets_text",
    "start_position",
    "status_of",
    "turns",
]
