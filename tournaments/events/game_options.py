"""An event's own options for its games (docs/rules.md P-27): the start options its game declares
(``games.options``, from the game's spec), the same for every player of the event.

The rules at home here:

* an option is one the event's game declares, with a value the arbiter's start takes; refused
  naming what is wrong;
* an option left empty is not the event's: each game's record agrees its value and the games on
  the service start with the variant's own (P-24);
* the event's officials who change its settings set them (``Action.MANAGE_EVENT``), before the
  event starts, as its game (options changed between rounds would make its games unequal);
* the games created for its pairings carry them (``Game.options``: their start on the service and
  the check of their records, ``tournaments.results.game_creation.create_games``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games import options as game_options
from games.errors import GameServiceError
from tournaments.errors import ServiceError
from tournaments.models import Event, EventGameOptions


def options_of(event: Event) -> dict[str, str]:
    """The event's options for its games (empty: none of its own)."""
    try:
        row = event.game_options  # type: ignore[attr-defined]
    except EventGameOptions.DoesNotExist:
        return {}
    return dict(row.options)


def shown(event: Event) -> list[dict[str, str]]:
    """What the event's page shows of its options: each its game declares, with its label, the
    event's value ("" : none) and the variant's own (a record without the tag, a game without it)."""
    return game_options.shown(event.game, options_of(event))


def given_in(fields: dict[str, object]) -> dict[str, str] | None:
    """The game options named in ``fields`` (a form's or the API's), taken out of them; None when
    none is named (each option any registered game declares is looked for)."""
    given = {name: str(fields.pop(name) or "") for name in game_options.every_option() if name in fields}
    return given or None


def checked_options(game_key: str, options: Mapping[str, str]) -> dict[str, str]:
    """The options of an event of ``game_key`` as stored (empty values left out), refused with a
    :class:`ServiceError` naming what is wrong."""
    try:
        return game_options.checked(game_key, options)
    except GameServiceError as exc:
        raise ServiceError(str(exc)) from exc


def store(event: Event, options: dict[str, str]) -> None:
    """Write the event's options (checked already); none left: its row goes."""
    if options:
        EventGameOptions.objects.update_or_create(event=event, defaults={"options": options})
    else:
        EventGameOptions.objects.filter(event=event).delete()
    event._state.fields_cache.pop("game_options", None)  # read again on the next options_of


def set_options(event: Event, user: object, given: Mapping[str, str]) -> Event:
    """Set the event's options named in ``given`` (an empty value clears one) before it starts."""
    require(user, Action.MANAGE_EVENT, event)
    if not given:
        raise ServiceError(_("name a game option to set"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError(_("the event has started: its game options can no longer change"))
        store(event, checked_options(event.game, {**options_of(event), **given}))
    return event
