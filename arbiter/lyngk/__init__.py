"""LYNGK rules engine: board, stacks, claims, the LYNGK rule, the notation with its starts, replay,
perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see
``docs/rules.md`` (LYNGK) for the specification's decisions (L-1 … L-15), the points it leaves
open and the position text format. Importing the package loads the spec only; ``ENGINE`` and ``LyngkEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.lyngk.spec import SPEC
from arbiter.spec import package_getattr

if TYPE_CHECKING:
    from arbiter.lyngk.engine import LyngkEngine

    ENGINE: LyngkEngine

__all__ = ["ENGINE", "SPEC", "LyngkEngine"]
__getattr__ = package_getattr(__name__, SPEC)
