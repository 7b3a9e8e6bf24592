"""YINSH rules engine: board, decisions, the record notation, replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (normal and blitz, one YINSH rating list);
see ``docs/rules.md (YINSH)`` for the decisions beyond the specification and the position text.
Importing the package loads the spec only; ``ENGINE`` and ``YinshEngine`` load the rules when
first asked for.

The cut: ``board``, ``position``, ``rules`` (one decision at a time: a ring placed or moved, a row
and a ring removed), ``play`` (a whole turn and the status), ``notation``, ``replay``, ``svg`` (rings,
markers and the rings removed beside the board) and a thin ``engine``; its records follow the record
contract of :mod:`arbiter.records`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.spec import package_getattr
from arbiter.yinsh.spec import SPEC

if TYPE_CHECKING:
    from arbiter.yinsh.engine import YinshEngine

    ENGINE: YinshEngine

__all__ = ["ENGINE", "SPEC", "YinshEngine"]
__getattr__ = package_getattr(__name__, SPEC)
