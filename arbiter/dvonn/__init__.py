"""DVONN rules engine: board, moves, the three record formats, replay, perft and random games.

``ENGINE`` is what :mod:`arbiter.registry` uses; see ``docs/rules.md (DVONN)`` for the rule
interpretations and the position text format.
"""

from __future__ import annotations

from arbiter.dvonn.engine import DvonnEngine

ENGINE = DvonnEngine()

__all__ = ["ENGINE", "DvonnEngine"]
