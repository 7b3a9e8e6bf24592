"""An event's own options for its games (docs/rules.md P-27): today GIPF with potentials' set of
potentials, the same for every player of the event.

The rules at home here:

* the option is one the event's game takes (``games.options``: its variant declares it), with a value
  the arbiter's start takes: 3 to 6 of a kind or none, each kind once, ``White ...; Black ...`` for a
  set by colour, ``Ultimate`` (the Ultimate GIPF keys allow no other set, P-25); refused naming what
  is wrong;
* empty, the event has no set of its own: each game's record agrees its set and the games on the
  service start with the key's own (P-24);
* the event's officials who change its settings set it (``Action.MANAGE_EVENT``), before the event
  starts, as its game (a set changed between rounds would make its games unequal);
* the games created for its pairings carry it (``Game.options``: their start on the service and the
  check of their records, ``tournaments.results.pairing_games.create_games``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games import options as game_options
from games.errors import GameServiceError
from tournaments.errors import ServiceError
from tournaments.models import Event, EventGameOptions

POTENTIALS = "potentials"


def options_of(event: Event) -> dict[str, str]:
    """The event's options for its games (empty: none of its own)."""
    try:
        row = event.game_options  # type: ignore[attr-defined]
    except EventGameOptions.DoesNotExist:
        return {}
    return dict(row.options)


def potentials_of(event: Event) -> str:
    """The event's set of potentials as the organiser wrote it ("" when it has none)."""
    return options_of(event).get(POTENTIALS, "")


def takes_potentials(game_key: str) -> bool:
    """Whether events of ``game_key`` may have a set of potentials (GIPF with potentials)."""
    return game_options.takes(game_key, POTENTIALS)


def shown(event: Event) -> dict[str, object]:
    """What the event's page shows of its set: whether its game takes one, its set ("" : none), and
    the game key's own set (a record without the tag, a game on the service without a set)."""
    return {
        "taken": takes_potentials(event.game),
        "set": potentials_of(event),
        "own": str(game_options.declared(event.game).get(POTENTIALS, "")),
    }


def checked_potentials(game_key: str, text: str) -> dict[str, str]:
    """The options for a set of potentials ``text`` of an event of ``game_key`` ("" : none), refused
    with a :class:`ServiceError` naming what is wrong."""
    try:
        return game_options.checked(game_key, {POTENTIALS: text})
    except GameServiceError as exc:
        raise ServiceError(str(exc)) from exc


def store(event: Event, options: dict[str, str]) -> None:
    """Write the event's options (checked already); none left: its row goes."""
    if options:
        EventGameOptions.objects.update_or_create(event=event, defaults={"options": options})
    else:
        EventGameOptions.objects.filter(event=event).delete()
    event._state.fields_cache.pop("game_options", None)  # read again on the next options_of


def set_potentials(event: Event, user: object, text: str) -> Event:
    """Set (or clear, with "") the event's set of potentials before it starts."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError(_("the event has started: its set of potentials can no longer change"))
        store(event, checked_potentials(event.game, text))
    return event


START = "start"


def set_start(event: Event, user: object, start: str) -> Event:
    """Set (or clear, with "") the start of the event's games before it starts: TZAAR's ``fixed``,
    ``random`` or ``placement`` (docs/rules.md T-6; random when none, each game its own draw), refused
    naming what is wrong for a game that takes no start or a start the arbiter does not know."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError(_("the event has started: the start of its games can no longer change"))
        options = {name: value for name, value in options_of(event).items() if name != START}
        try:
            options.update(game_options.checked(event.game, {START: start}))
        except GameServiceError as exc:
            raise ServiceError(str(exc)) from exc
        store(event, options)
    return event
