"""A game's start options (``Game.options``): what a game is started with beyond its key, and the
check of a record against them. Nothing here names an option: each game's spec declares its own
(:class:`arbiter.spec.StartOption` on its variants), and events, challenges, the API, the forms and
the pages read the declarations through this module.

The rules at home here:

* an option is one the game's variant declares (``registry.start_options``), with a value the
  arbiter's ``start`` takes once resolved (refused naming what is wrong); an option declaring its
  choices (``StartOption.choices``: TZAAR's start) is agreed as one of them, any other value
  refused naming the choices; the forms and the API offer them as a choice (:func:`choices_of`), and
  the pages show a value by its choice's label (a value resolved when the game started, TZAAR's
  ``random`` and its drawn pieces, by the choice its first word is);
* a game with options starts from ``registry.start(key, options)``, the options resolved first when
  the game is created (``registry.resolve_options``: a value drawn then, such as a random setup,
  is stored as the concrete one drawn); its record carries them in the tags the engine writes
  (``registry.option_tags``: by default the declaration's tag with the value);
* a record submitted for a game with options is refused when its tags (without them: the variant's
  own value, docs/rules.md P-24) start another game than the game's options do; the refusal names
  the tag, the game's value and the record's (P-27). A game without options takes any value the
  record agrees (P-24).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.utils.translation import gettext as _

from arbiter import registry
from arbiter.errors import ArbiterError, InvalidRecordError, UnknownGameError, gettext_noop
from arbiter.spec import StartOption
from games.choices import game_name
from games.errors import GameServiceError
from games.messages import arbiter_message

Options = dict[str, str]


def declared(game_key: str) -> tuple[StartOption, ...]:
    """The start options a game of ``game_key`` may be started with (none for an unknown key)."""
    return registry.start_options(game_key)


def own_values(game_key: str) -> Mapping[str, object]:
    """The variant's own values (``Variant.options``: what a game starts with when none is agreed)."""
    try:
        return registry.spec_for(game_key).variant(game_key).options
    except UnknownGameError:
        return {}


def takes(game_key: str, name: str) -> bool:
    """Whether a game of ``game_key`` may be started with the option ``name``."""
    return any(option.name == name for option in declared(game_key))


def games_taking(name: str) -> list[str]:
    """The game keys whose games may be started with the option ``name`` (a form shows its field
    only while one of them is chosen)."""
    return [key for key in registry.game_keys() if takes(key, name)]


def every_option() -> dict[str, StartOption]:
    """Every start option a registered game declares, by name (the first declaration of a name), in
    the registry's order: the fields of the forms and the API."""
    found: dict[str, StartOption] = {}
    for key in registry.game_keys():
        for option in declared(key):
            found.setdefault(option.name, option)
    return found


def parts(name: str) -> list[tuple[StartOption, list[str]]]:
    """The declarations of the option ``name``, each with the game keys declaring it alike (the same
    choices, or a text): one part for most options; TZAAR's start (a choice) and LYNGK's (a text:
    its placements) are two, a form shows each part's field while one of its games is chosen."""
    found: list[tuple[StartOption, list[str]]] = []
    for key in games_taking(name):
        option = _declaration(key, name)
        assert option is not None  # games_taking: every key declares it
        alike = (option.label, [choice.value for choice in option.choices])
        same = [part for part in found if (part[0].label, [c.value for c in part[0].choices]) == alike]
        if same:
            same[0][1].append(key)
        else:
            found.append((option, [key]))
    return found


def max_length_of(name: str) -> int:
    """The longest value a game declaring the option ``name`` takes (its field's bound)."""
    return max((option.max_length for option, _keys in parts(name)), default=100)


def choices_of(name: str) -> list[tuple[str, str]] | None:
    """The values the option ``name`` is agreed with, with their labels (English, marked for
    translation), every registered game's declaring it together; None when one of them takes any
    text (GIPF with potentials' set of potentials): a text field then."""
    found: list[tuple[str, str]] = []
    for key in registry.game_keys():
        for option in declared(key):
            if option.name != name:
                continue
            if not option.choices:
                return None
            found += [(c.value, c.label) for c in option.choices if c.value not in dict(found)]
    return found or None


def _declaration(game_key: str, name: str) -> StartOption | None:
    return next((option for option in declared(game_key) if option.name == name), None)


def value_label(game_key: str, name: str, value: str) -> str:
    """How a page shows the value of the option ``name`` of a game of ``game_key``: its choice's
    label, translated (a resolved value by its first word's choice); the value itself otherwise."""
    option = _declaration(game_key, name)
    if option is None or not value:
        return value
    found = option.choice(value) or option.choice(value.split()[0])
    return _(found.label) if found is not None else value


def noun_of(name: str) -> str:
    """How messages name the option ``name`` (translated; the name itself when no game declares it)."""
    option = every_option().get(name)
    return _(option.noun) if option is not None else name


def checked(game_key: str, options: Mapping[str, str]) -> Options:
    """The options as stored (each value's spaces collapsed, empty values left out), refused with a
    :class:`GameServiceError` naming what is wrong when the game does not take them."""
    written = {name: " ".join(str(value).split()) for name, value in options.items()}
    written = {name: value for name, value in written.items() if value}
    for name, value in written.items():
        option = _declaration(game_key, name)
        if option is None:
            raise GameServiceError(
                _("%(game)s is played without %(option)s")
                % {"game": game_name(game_key), "option": noun_of(name)}
            )
        if option.choices and option.choice(value) is None:
            raise GameServiceError(
                _("“%(value)s” is not %(option)s of %(game)s: choose one of %(choices)s")
                % {
                    "value": value[:40],
                    "option": _(option.noun),
                    "game": game_name(game_key),
                    "choices": ", ".join(choice.value for choice in option.choices),
                }
            )
    if written:
        try:  # the engine reads each value as a game would start with it (resolved: a draw's seed 0)
            registry.start(game_key, registry.resolve_options(game_key, written, 0))
        except ArbiterError as exc:
            raise GameServiceError(arbiter_message(exc)) from exc
    return written


def resolved(game_key: str, options: Mapping[str, str] | None, seed: int | None = None) -> Options:
    """The options a game is created with, from those agreed (checked already): each value the
    engine resolves when a game starts made concrete (``seed``: the draw's, else a fresh one)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return registry.resolve_options(game_key, dict(options or {}), seed)


def start(game_key: str, options: Mapping[str, str] | None = None) -> str:
    """The position a game of ``game_key`` with ``options`` starts from."""
    return registry.start(game_key, dict(options) if options else None)


def record_tags(game_key: str, options: Mapping[str, str]) -> dict[str, str]:
    """The tags a record of a game with ``options`` carries (by default each option's tag)."""
    return registry.option_tags(game_key, options) if options else {}


def shown(game_key: str, options: Mapping[str, str]) -> list[dict[str, str]]:
    """What a page shows of a game's, a challenge's or an event's options: each option the game
    declares with its label (translated), the value agreed ("" : none) and the variant's own, each
    also as shown (``shown``, ``own_shown``: a choice's label, translated)."""
    own = own_values(game_key)
    out = []
    for option in declared(game_key):
        value, own_value = str(options.get(option.name, "")), str(own.get(option.name, ""))
        out.append(
            {
                "name": option.name,
                "label": _(option.label),
                "value": value,
                "own": own_value,
                "shown": value_label(game_key, option.name, value),
                "own_shown": value_label(game_key, option.name, own_value),
            }
        )
    return out


def record_refusal(game_key: str, options: Mapping[str, str], tags: Mapping[str, str]) -> ArbiterError | None:
    """Why a valid record with ``tags`` is not a game started with ``options`` (None when it is)."""
    if not options:
        return None
    own = own_values(game_key)
    read_back = registry.tag_options(game_key, tags)
    expected = start(game_key, options)
    for option in declared(game_key):
        if option.name not in options:
            continue
        value = options[option.name]
        written = read_back.get(option.name)
        read = str(own.get(option.name, "")) if written is None else written
        try:
            same = start(game_key, {**options, option.name: read}) == expected
        except ArbiterError:
            same = False
        if same:
            continue
        if written is None:
            return InvalidRecordError(
                gettext_noop(
                    "the record has no [{tag}] tag, so it is read with {record}, but this game is played "
                    "with {expected} (its event's)"
                ),
                tag=option.tag,
                record=read,
                expected=value,
            )
        return InvalidRecordError(
            gettext_noop(
                "the record's [{tag}] tag says {record}, but this game is played with {expected} (its event's)"
            ),
            tag=option.tag,
            record=written,
            expected=value,
        )
    return None
