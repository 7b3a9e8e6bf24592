"""PÜNCT rules engine: the board of 211 spaces, pieces on levels, bridges, connection, the notation,
replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see
``docs/rules.md`` (PÜNCT) for the decisions beyond the specification and the position text. Importing the package loads the spec only;
``ENGINE`` and ``PunctEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.punct.spec import SPEC
from arbiter.spec import package_getattr

if TYPE_CHECKING:
    from arbiter.punct.engine import PunctEngine

    ENGINE: PunctEngine

__all__ = ["ENGINE", "SPEC", "PunctEngine"]
__getattr__ = package_getattr(__name__, SPEC)
