"""GIPF rules engine (basic, standard and tournament rules); ``SPEC`` declares the game to the registry.

Pure Python, no Django. See ``docs/rules.md (GIPF)`` for the rules as implemented and every
interpretation decision. Importing the package loads the spec only; ``ENGINE`` and ``GipfEngine``
load the rules when first asked for (the registry does so when a GIPF move is first checked).

The cut: ``board`` (geometry), ``position``, ``rules`` (the move rules), ``notation``, ``play`` (one
move played, the status), ``replay`` (record → verdict, a loop over ``play``), ``ends`` (its natural
ends), ``push_rows`` (which pushes make a row, by bit masks: perft's hot loop), ``svg`` and a thin
``engine``. GIPF with potentials, a game of its own, is the subpackage ``potentials``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.gipf.spec import SPEC
from arbiter.spec import package_getattr

if TYPE_CHECKING:
    from arbiter.gipf.engine import GipfEngine

    ENGINE: GipfEngine

__all__ = ["ENGINE", "SPEC", "GipfEngine"]
__getattr__ = package_getattr(__name__, SPEC)
