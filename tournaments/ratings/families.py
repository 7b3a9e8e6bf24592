"""Rating families (pure): which rating list a game counts for.

Rule held here, and only here: the family of an event comes from its game (``Event.game``): every
GIPF rule set (basic, standard, tournament) counts for the GIPF list, DVONN for the DVONN list.
"""

from __future__ import annotations

GIPF = "gipf"
DVONN = "dvonn"
FAMILIES = (GIPF, DVONN)
FAMILY_CHOICES = [(GIPF, "GIPF"), (DVONN, "DVONN")]
FAMILY_NAMES = dict(FAMILY_CHOICES)

_GAMES = {
    "gipf-basic": GIPF,
    "gipf-standard": GIPF,
    "gipf-tournament": GIPF,
    "dvonn": DVONN,
}


def family_of(game: str) -> str:
    """The rating family of a game key (``Event.game``); ValueError for an unknown game."""
    try:
        return _GAMES[game]
    except KeyError:
        raise ValueError(f"no rating family for the game {game!r}") from None


def games_of(family: str) -> list[str]:
    """The game keys rated in ``family``."""
    return [game for game, of in _GAMES.items() if of == family]
