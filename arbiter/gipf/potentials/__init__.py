"""GIPF with potentials (issue 18): TAMSK, ZÈRTZ, DVONN, YINSH and PÜNCT potentials on the standard
and tournament rule sets. See ``docs/rules.md`` ("GIPF with potentials") for the rules as
implemented and every decision (P-1...).

Pure Python, no Django. ``spec.SPEC`` declares the game to :mod:`arbiter.registry` (its keys and
options are :data:`VARIANTS`; rated in the GIPF family).

Position text (one line)::

    gipf-pot-standard W..b/...../....../...Z.../..(bD).../...../B..w w reserve=12/11 captured=0/0 set=Z6D6/Z6D6 hand=Z5D5/Z6D6

The board as in GIPF (``.wbWB``) plus ``T Z D Y P`` a white loaded piece of that kind, ``t z d y p``
a black one, ``U``/``u`` a white/black used potential, and a stack in brackets, bottom first, each
layer above the bottom a used DVONN or PÜNCT potential in its owner's case (``(bD)``: a black basic
piece neutralised by a white DVONN-potential). ``set=`` is each player's potentials as agreed before
the game, ``hand=`` those not yet brought into play (``-``: none); tournament positions end with
``start=W/B`` as in GIPF.

The cut is GIPF's (``position``, ``rules``, ``notation``, ``play``, ``replay``, ``perft``, a thin
``engine``); its board (``svg``) tells loaded pieces, used potentials, stacks and neutralised pieces
apart by shape, letter and height, with a key.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

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
from arbiter.gipf.potentials.spec import SPEC

if TYPE_CHECKING:
    from arbiter.gipf.potentials.engine import GAME, PotentialsGame
    from arbiter.gipf.potentials.notation import parse_turn
    from arbiter.gipf.potentials.play import play_turn, status_of
    from arbiter.gipf.potentials.rules import Push, Use, removal_options, turns

#: the names loaded with the rules when first asked for (importing the package loads the spec only)
_LAZY = {
    "GAME": "engine",
    "PotentialsGame": "engine",
    "parse_turn": "notation",
    "play_turn": "play",
    "status_of": "play",
    "Push": "rules",
    "Use": "rules",
    "removal_options": "rules",
    "turns": "rules",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(importlib.import_module(f"arbiter.gipf.potentials.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GAME",
    "SPEC",
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
