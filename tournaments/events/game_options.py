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
  the check of their records, ``tournaments.results.game_creation.create_games``);
* a round may have options of its own, over the event's, set by the same officials until the round
  is public (its games may exist then), before it is paired too: they are resolved when set, so a
  random start is drawn then and every board of the round starts from it (one start for a round).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games import options as game_options
from games.errors import GameServiceError
from tournaments.errors import ServiceError
from tournaments.models import Event, EventGameOptions, Round
from tournaments.rounds import is_public


def _row(event: Event) -> EventGameOptions | None:
    try:
        return event.game_options  # type: ignore[attr-defined,no-any-return]
    except EventGameOptions.DoesNotExist:
        return None


def options_of(event: Event) -> dict[str, str]:
    """The event's options for its games (empty: none of its own)."""
    row = _row(event)
    return {} if row is None else dict(row.options)


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


def _rounds_of(event: Event) -> dict[str, dict[str, str]]:
    row = _row(event)
    return {} if row is None else {number: dict(options) for number, options in row.rounds.items()}


def _taken(game_key: str, options: Mapping[str, str]) -> bool:
    try:
        checked_options(game_key, options)
    except ServiceError:
        return False
    return True


def store(event: Event, options: dict[str, str], rounds: dict[str, dict[str, str]] | None = None) -> None:
    """Write the event's options (checked already) and its rounds' (``rounds``; by default those
    stored, less any the event's game, changed meanwhile, does not take); none left: its row goes."""
    if rounds is None:
        rounds = {number: given for number, given in _rounds_of(event).items() if _taken(event.game, given)}
    if options or rounds:
        EventGameOptions.objects.update_or_create(
            event=event, defaults={"options": options, "rounds": rounds}
        )
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


def round_options_of(event: Event, number: int) -> dict[str, str]:
    """Round ``number``'s own options for its games (empty: the event's alone)."""
    return _rounds_of(event).get(str(number), {})


def options_for_round(event: Event, number: int) -> dict[str, str]:
    """The options the games of round ``number`` are created with: the event's, the round's over them."""
    return {**options_of(event), **round_options_of(event, number)}


def set_round_options(event: Event, number: int, user: object, given: Mapping[str, str]) -> dict[str, str]:
    """Set round ``number``'s own options named in ``given`` (an empty value clears one), resolved now
    (a random start drawn once for all the round's boards), until the round is public; its options."""
    require(user, Action.MANAGE_EVENT, event)
    if not given:
        raise ServiceError(_("name a game option to set"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        planned = event.rounds
        if number < 1 or (planned is not None and number > planned):
            raise ServiceError(
                _("the event has rounds 1 to %(rounds)s, not %(number)s")
                % {"rounds": planned, "number": number}
            )
        round_ = Round.objects.select_related("event").filter(event=event, number=number).first()
        if round_ is not None and is_public(round_):
            raise ServiceError(
                _("round %(number)s is public: its games' options can no longer change") % {"number": number}
            )
        written = checked_options(event.game, {**round_options_of(event, number), **given})
        try:
            options = game_options.resolved(event.game, written) if written else {}
        except GameServiceError as exc:
            raise ServiceError(str(exc)) from exc
        rounds = _rounds_of(event)
        if options:
            rounds[str(number)] = options
        else:
            rounds.pop(str(number), None)
        store(event, options_of(event), rounds)
    return options
