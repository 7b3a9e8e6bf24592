"""DVONN rules engine: board, moves, the three record formats, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see ``docs/rules.md (DVONN)`` for the rule
interpretations and the position text format.
"""

from __future__ import annotations

from arbiter.dvonn.engine import DvonnEngine
from arbiter.dvonn.spec import SPEC

ENGINE = SPEC.engine

__all__ = ["ENGINE", "SPEC", "DvonnEngine"]
