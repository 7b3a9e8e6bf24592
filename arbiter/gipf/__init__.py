"""GIPF rules engine (basic, standard and tournament rules); ``SPEC`` declares the game to the registry.

Pure Python, no Django. See ``docs/rules.md (GIPF)`` for the rules as implemented and every
interpretation decision.
"""

from arbiter.gipf.engine import GipfEngine
from arbiter.gipf.spec import SPEC

ENGINE = SPEC.engine

__all__ = ["ENGINE", "SPEC", "GipfEngine"]
