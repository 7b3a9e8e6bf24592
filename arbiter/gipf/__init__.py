"""GIPF rules engine (basic, standard and tournament rules) for the arbiter registry.

Pure Python, no Django. See ``docs/rules.md (GIPF)`` for the rules as implemented and every
interpretation decision.
"""

from arbiter.gipf.engine import GipfEngine

ENGINE = GipfEngine()

__all__ = ["ENGINE", "GipfEngine"]
