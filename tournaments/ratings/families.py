"""Rating families (pure): which rating list a game counts for.

Rule held here, and only here: the family of an event comes from its game (``Event.game``), as the
game's spec declares it (:attr:`arbiter.spec.GameSpec.family`: every GIPF rule set counts for the
GIPF list, DVONN for the DVONN list). The families are the registered games' (:mod:`arbiter.registry`),
read when asked, so a game registered at run time has its list.
"""

from __future__ import annotations

from arbiter import registry


def families() -> tuple[str, ...]:
    """Every rating family, in the games' order."""
    return tuple(registry.families())


def family_names() -> dict[str, str]:
    """Each family's name (its first game's: "GIPF", "DVONN"; the same in every language)."""
    return registry.families()


def family_of(game: str) -> str:
    """The rating family of a game key (``Event.game``); ValueError for an unknown game."""
    if game not in registry.game_keys():
        raise ValueError(f"no rating family for the game {game!r}")
    return registry.family_of(game)


def games_of(family: str) -> list[str]:
    """The game keys rated in ``family``."""
    return registry.games_of(family)
