"""A game's start options (``Game.options``): what a game is started with beyond its key, and the
check of a record against them.

The rules at home here:

* an option is one the game's variant declares (:attr:`arbiter.spec.Variant.options`; GIPF with
  potentials declares ``potentials``, the set of potentials), with a value the arbiter's ``start``
  takes (refused naming what is wrong: a count out of range, an unknown kind);
* a game with options starts from ``registry.start(key, options)``, and its record names each option
  in the tag of the same name (``potentials`` in ``[Potentials]``, docs/rules.md P-24);
* a record submitted for a game with options is refused when its tag (without the tag: the variant's
  own value, P-24) starts another game than the game's options do; the refusal names the tag, the
  game's value and the record's (docs/rules.md P-27). A game without options takes any value the
  record agrees (P-24).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter import registry
from arbiter.errors import ArbiterError, InvalidRecordError, UnknownGameError, gettext_noop
from games.choices import game_name
from games.errors import GameServiceError
from games.messages import arbiter_message

Options = dict[str, str]

#: the names of the options a game may declare, for the messages
OPTION_NAMES = {"potentials": gettext_lazy("a set of potentials")}


def declared(game_key: str) -> Mapping[str, object]:
    """The options the game's variant declares, with its own values (none for an unknown key)."""
    try:
        return registry.spec_for(game_key).variant(game_key).options
    except UnknownGameError:
        return {}


def takes(game_key: str, name: str) -> bool:
    """Whether a game of ``game_key`` may be started with the option ``name`` (its rule set, fixed by
    the key, is no option one chooses)."""
    return name != "rules" and name in declared(game_key)


def tag_of(name: str) -> str:
    """The record tag naming the option ``name`` (``potentials``: ``Potentials``)."""
    return name[:1].upper() + name[1:]


def checked(game_key: str, options: Mapping[str, str]) -> Options:
    """The options as stored (each value's spaces collapsed, empty values left out), refused with a
    :class:`GameServiceError` naming what is wrong when the game does not take them."""
    written = {name: " ".join(str(value).split()) for name, value in options.items()}
    written = {name: value for name, value in written.items() if value}
    for name in written:
        if not takes(game_key, name):
            raise GameServiceError(
                _("%(game)s is played without %(option)s")
                % {"game": game_name(game_key), "option": OPTION_NAMES.get(name, name)}
            )
    if written:
        try:
            registry.start(game_key, written)
        except ArbiterError as exc:
            raise GameServiceError(arbiter_message(exc)) from exc
    return written


def start(game_key: str, options: Mapping[str, str] | None = None) -> str:
    """The position a game of ``game_key`` with ``options`` starts from."""
    return registry.start(game_key, dict(options) if options else None)


def record_tags(options: Mapping[str, str]) -> dict[str, str]:
    """The tags a record of a game with ``options`` carries (``[Potentials "Z6 Y6"]``)."""
    return {tag_of(name): str(value) for name, value in options.items()}


def record_refusal(game_key: str, options: Mapping[str, str], tags: Mapping[str, str]) -> ArbiterError | None:
    """Why a valid record with ``tags`` is not a game started with ``options`` (None when it is)."""
    if not options:
        return None
    own = declared(game_key)
    expected = start(game_key, options)
    for name, value in options.items():
        tag = tag_of(name)
        written = tags.get(tag)
        read = str(own.get(name, "")) if written is None else written
        try:
            same = start(game_key, {**options, name: read}) == expected
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
                tag=tag,
                record=read,
                expected=value,
            )
        return InvalidRecordError(
            gettext_noop(
                "the record's [{tag}] tag says {record}, but this game is played with {expected} (its event's)"
            ),
            tag=tag,
            record=written,
            expected=value,
        )
    return None
