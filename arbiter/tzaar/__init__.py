"""TZAAR rules engine: board, stacks, the notation with its starts, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see ``docs/rules.md (TZAAR)`` for the rule
interpretations and the position text format. Importing the package loads the spec only;
``ENGINE`` and ``TzaarEngine`` load the rules when first asked for.

The cut: ``board``, ``position``, ``rules`` (its move rules: one move a step, a turn's two moves
grouped in records by ``registry.turns``), ``notation``, ``play``, ``replay``, ``svg`` (the three types
by shape, heights in a badge, the last turn's two moves) and a thin ``engine``. Its start, fixed,
random or placement, is the start option its variant declares: a random one is drawn when a game
starts (``resolve_options``) and written in its record's ``[Setup]``; its records follow the record
contract of :mod:`arbiter.records`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.spec import package_getattr
from arbiter.tzaar.spec import SPEC

if TYPE_CHECKING:
    from arbiter.tzaar.engine import TzaarEngine

    ENGINE: TzaarEngine

__all__ = ["ENGINE", "SPEC", "TzaarEngine"]
__getattr__ = package_getattr(__name__, SPEC)
