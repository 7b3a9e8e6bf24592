"""LYNGK rules engine: board, stacks, claims, the LYNGK rule, the notation with its starts, replay,
perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see
``docs/rules.md`` (LYNGK) for the specification's decisions (L-1 … L-15), the points it leaves
open and the position text format. Importing the package loads the spec only; ``ENGINE`` and ``LyngkEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.lyngk.spec import SPEC

if TYPE_CHECKING:
    from arbiter.lyngk.engine import LyngkEngine

    ENGINE: LyngkEngine

__all__ = ["ENGINE", "SPEC", "LyngkEngine"]


def __getattr__(name: str) -> object:
    if name == "ENGINE":
        return SPEC.load_engine()
    if name == "LyngkEngine":
        from arbiter.lyngk.engine import LyngkEngine

        return LyngkEngine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
