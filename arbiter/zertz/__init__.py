"""ZÈRTZ rules engine: the 37- and 48-ring boards, the shared pool, placements with their ring
removal, capture chains, claims, the notation, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see
``docs/rules.md`` (ZÈRTZ) for the decisions and the position text. Importing the package loads the
spec only; ``ENGINE`` and ``ZertzEngine`` load the rules when first asked for.

The cut is every game's: ``board``, ``position``, ``rules``, ``notation``, ``play``, ``replay``,
``svg`` (the rings left, the marbles, the pool, the captures, the last turn) and a thin ``engine``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.spec import package_getattr
from arbiter.zertz.spec import SPEC

if TYPE_CHECKING:
    from arbiter.zertz.engine import ZertzEngine

    ENGINE: ZertzEngine

__all__ = ["ENGINE", "SPEC", "ZertzEngine"]
__getattr__ = package_getattr(__name__, SPEC)
