"""DVONN rules engine: board, moves, the three record formats, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see ``docs/rules.md (DVONN)`` for the rule
interpretations and the position text format. Importing the package loads the spec only;
``ENGINE`` and ``DvonnEngine`` load the rules when first asked for.

The cut: ``board`` (geometry), ``position``, ``moves`` (the move rules), ``notation`` (the tagged
records, Little Golem transcripts, CodeCup move lists), ``play``, ``replay``, ``perft`` (its hot loop:
the last two plies counted without playing the last), ``svg`` (the stacks, their heights, the score)
and a thin ``engine``. A DVONN turn may be two plies (docs/rules.md); ``arbiter.turns`` numbers them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.dvonn.spec import SPEC
from arbiter.spec import package_getattr

if TYPE_CHECKING:
    from arbiter.dvonn.engine import DvonnEngine

    ENGINE: DvonnEngine

__all__ = ["ENGINE", "SPEC", "DvonnEngine"]
__getattr__ = package_getattr(__name__, SPEC)
