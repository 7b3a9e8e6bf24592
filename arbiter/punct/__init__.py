"""PÜNCT rules engine: the board of 211 spaces, pieces on levels, bridges, connection, the notation,
replay, perft and random games.

``SPEC`` declares the game to :mod:`arbiter.registry` (``ENGINE`` is its engine); see
``docs/rules.md`` (PÜNCT) for the decisions beyond the specification and the position text. Importing the package loads the spec only;
``ENGINE`` and ``PunctEngine`` load the rules when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.punct.spec import SPEC

if TYPE_CHECKING:
    from arbiter.punct.engine import PunctEngine

    ENGINE: PunctEngine

__all__ = ["ENGINE", "SPEC", "PunctEngine"]


def __getattr__(name: str) -> object:
    if name == "ENGINE":
        return SPEC.load_engine()
    if name == "PunctEngine":
        from arbiter.punct.engine import PunctEngine

        return PunctEngine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
