"""Fixtures of the games' tests."""

from tests.games.play.test_play import people
from tests.games.play.timing import clocks_from_creation

__all__ = ["clocks_from_creation", "people"]
