"""Fixtures of the games' tests."""

from tests.games.test_play import people
from tests.games.timing import clocks_from_creation

__all__ = ["clocks_from_creation", "people"]
