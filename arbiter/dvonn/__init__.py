"""DVONN rules engine: board, moves, the three record formats, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see ``docs/rules.md (DVONN)`` for the rule
interpretations and the position text format. Importing the package loads the spec only;
``ENGINE`` and ``DvonnEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.dvonn.spec import SPEC

if TYPE_CHECKING:
    from arbiter.dvonn.engine import DvonnEngine

    ENGINE: DvonnEngine

__all__ = ["ENGINE", "SPEC", "DvonnEngine"]


def __getattr__(name: str) -> object:
    if name == "ENGINE":
        return SPEC.load_engine()
    if name == "DvonnEngine":
        from arbiter.dvonn.engine import DvonnEngine

        return DvonnEngine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
