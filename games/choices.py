"""The registered games (:mod:`arbiter.registry`) as Django sees them: choices, validators, names.

Rule held here: a game key (``Event.game``, ``Game.game``) and a rating family (``Rating.family``
and the other family columns) are checked against the registry when a form, a serializer or
``full_clean`` validates them; they are never frozen into a model's ``choices`` (a migration would
change with every game added). The names are the specs' English names in the active language.

:func:`register_game_packages` registers the games the ``GAME_PACKAGES`` setting names
(``games.apps.GamesConfig.ready`` calls it); the built-in games are registered by the registry
itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbiter import registry
from arbiter.verdict import TERMINATION_NAMES


def register_game_packages(paths: Iterable[str]) -> None:
    """Register the game package at each dotted path (its ``SPEC``)."""
    for path in paths:
        registry.register_package(path)


def game_choices() -> list[tuple[str, str]]:
    """Every game key with its name in the active language, game by game."""
    return [(key, gettext(name)) for key, name in registry.game_names().items()]


def family_choices() -> list[tuple[str, str]]:
    """Every rating family with its name, in the games' order."""
    return [(family, gettext(name)) for family, name in registry.families().items()]


def validate_game(value: str) -> None:
    if value not in registry.game_keys():
        raise ValidationError(
            _("%(value)s is not a known game."), code="invalid_choice", params={"value": value}
        )


def validate_family(value: str) -> None:
    if value not in registry.families():
        raise ValidationError(
            _("%(value)s is not a known rating family."), code="invalid_choice", params={"value": value}
        )


def game_name(game: str) -> str:
    """A game key's name in the active language (the key itself when no game declares it)."""
    name = registry.game_names().get(game)
    return game if name is None else gettext(name)


def family_name(family: str) -> str:
    name = registry.families().get(family)
    return family if name is None else gettext(name)


def default_game() -> str:
    """The game a form offers first: the first game's usual variant."""
    return registry.default_game()


def termination_name(code: str, game: str | None = None) -> str:
    """How a game ended, in the active language: the game's own end (``no-reserve``), an end every
    game names (``resignation``), else the code as written."""
    end = registry.end_of(code, game)
    if end is not None:
        return gettext(end.name)
    name = TERMINATION_NAMES.get(code)
    return code if name is None else gettext(name)


def score_text(game: str, score: str) -> str:
    """A game's score (``white-black``) with what it means in its game ("stack score 9-7"); the
    bare score when the game gives scores no meaning."""
    meaning = registry.spec_for(game).score if game in registry.game_keys() else None
    return score if meaning is None else gettext(meaning).format(score=score)
