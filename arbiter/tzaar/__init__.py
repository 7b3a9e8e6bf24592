"""TZAAR rules engine: board, stacks, the notation with its starts, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see ``docs/rules.md (TZAAR)`` for the rule
interpretations and the position text format. Importing the package loads the spec only;
``ENGINE`` and ``TzaarEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.tzaar.spec import SPEC

if TYPE_CHECKING:
    from arbiter.tzaar.engine import TzaarEngine

    ENGINE: TzaarEngine

__all__ = ["ENGINE", "SPEC", "TzaarEngine"]


def __getattr__(name: str) -> object:
    if name == "ENGINE":
        return SPEC.load_engine()
    if name == "TzaarEngine":
        from arbiter.tzaar.engine import TzaarEngine

        return TzaarEngine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
