"""Players in and out of an event: register one or a pasted list, withdraw, late entries.

Each write is one transaction and checks the user's rights. The initial ranking that gives the
pairing numbers (rating, then name) lives here: :func:`initial_ranking`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import Player
from accounts.policy import Action, require
from tournaments.errors import ServiceError
from tournaments.integrity import AlreadyExists, create_or_refuse
from tournaments.models import Event, Pairing, Registration, Round
from tournaments.ratings.families import family_of
from tournaments.ratings.services import current_rating
from tournaments.registration import lists
from tournaments.registration.byes import settings_of
from tournaments.registration.matching import find_player
from tournaments.rounds import next_unpaired_round

# Before this round is paired, a late entrant is ranked among the others by rating; afterwards
# he gets the next free number (see docs/pairing.md).
RENUMBER_BEFORE_ROUND = 4


def unique_handle(name: str) -> str:
    base = slugify(name)[:50] or "player"
    handle, counter = base, 2
    while Player.objects.filter(handle=handle).exists():
        handle, counter = f"{base}-{counter}", counter + 1
    return handle


def initial_ranking(registrations: Iterable[Registration]) -> list[Registration]:
    """FIDE initial ranking (C.04.3, Dutch system, A.2): rating descending, then name; the unrated
    players after all the rated ones, by name."""
    return sorted(
        registrations,
        key=lambda r: (r.rating is None, -(r.rating or 0), r.player.display_name.lower(), r.pk),
    )


def register(event: Event, user: object, player: Player, rating: int | None = None) -> Registration:
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _check_open(event)
        already = _("%(player)s is already registered") % {"player": player}
        if Registration.objects.filter(event=event, player=player).exists():
            raise ServiceError(already)
        return create_or_refuse(
            Registration,
            already,
            event=event,
            player=player,
            rating=_entry_rating(event, player) if rating is None else rating,
        )


def _check_open(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("the event is finished: no more registrations"))
    if event.status == Event.Status.RUNNING and not event.system_spec.late_entries:
        raise ServiceError(_("a round robin cannot take players after it has started"))


def _entry_rating(event: Event, player: Player) -> int | None:
    """A player's rating in the family of the event's game; None (unrated) when he has none. The
    list's initial rating is his provisional rating only where the list rates his games
    (tournaments.ratings: ``rate_period`` starts an unrated player from it)."""
    return current_rating(player, family_of(event.game))


def register_by_name(event: Event, user: object, name: str, rating: int | None = None) -> Registration:
    """Register the stored player the name means (registration/matching) or a new one."""
    require(user, Action.MANAGE_EVENT, event)
    name = name.strip()
    if not name:
        raise ServiceError(_("a player needs a name"))
    if len(name) > lists.MAX_NAME_CHARS:  # what a player's name holds (the late entry's form too)
        raise ServiceError(_("name longer than %(limit)s characters") % {"limit": lists.MAX_NAME_CHARS})
    with transaction.atomic():
        # One registration of the event at a time: the event's row first, as register() takes it.
        Event.objects.select_for_update().get(pk=event.pk)
        family = family_of(event.game)
        player = find_player(name, rating=rating, family=family) or _new_player(name)
        return register(event, user, player, rating)


def _new_player(name: str) -> Player:
    """A new player called ``name``; when the same name is created at the same moment elsewhere
    (the handles collide), that player is the one meant."""
    for _attempt in range(5):
        try:
            return create_or_refuse(
                Player,
                "",
                display_name=name,
                handle=unique_handle(name),
            )
        except AlreadyExists:
            player = find_player(name)
            if player is not None:
                return player
    raise ServiceError(_("the player %(name)s could not be created: try again") % {"name": name})


def preview_list(event: Event, user: object, text: str) -> lists.Plan:
    """What registering a pasted list would do (registration.lists), every problem at once."""
    require(user, Action.MANAGE_EVENT, event)
    return lists.plan_list(event, text)


def register_list(event: Event, user: object, text: str) -> list[Registration]:
    """Register every player of a pasted list, all or nothing, in bulk (registration.lists)."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _check_open(event)
        return lists.register_plan(lists.plan_list(event, text), _new_player)


def withdraw(registration: Registration, user: object, from_round: int | None = None) -> Registration:
    """Withdraw a player from the next round on (or from ``from_round``); played rounds stay."""
    event = registration.event
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.status == Registration.Status.WITHDRAWN:
            raise ServiceError(_("%(player)s has already withdrawn") % {"player": registration.player})
        next_round = next_unpaired_round(event)
        first = from_round or next_round
        if first < next_round:
            raise ServiceError(
                _("round %(first)s is already paired: withdraw from round %(next_round)s or later")
                % {"first": first, "next_round": next_round}
            )
        if event.status == Event.Status.CREATED:
            registration.delete()
            registration.status = Registration.Status.WITHDRAWN
            return registration
        registration.status = Registration.Status.WITHDRAWN
        registration.withdrawn_from_round = first
        registration.save(update_fields=["status", "withdrawn_from_round"])
        return registration


def add_late_entry(
    event: Event, user: object, player: Player | str, rating: int | None = None
) -> Registration:
    """Register a player in a running Swiss event.

    Missed rounds (every round already paired) become byes of the organiser's late-entry kind
    (zero or half points). Before round 4 is paired the pairing numbers are recomputed from the
    initial ranking (rating, then name) so the newcomer takes his place; later he gets the next
    free number.
    """
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if not event.system_spec.late_entries:
            raise ServiceError(_("late entries are for Swiss events; a round robin cannot take players"))
        if event.status != Event.Status.RUNNING:
            raise ServiceError(_("the event is not running: register the player normally"))
        if isinstance(player, str):
            registration = register_by_name(event, user, player, rating)
        else:
            registration = register(event, user, player, rating)
        missed = list(
            Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).order_by("number")
        )
        if next_unpaired_round(event) < RENUMBER_BEFORE_ROUND:
            active = list(event.registrations.select_related("player").exclude(pairing_number=None))
            ranked = initial_ranking([*active, registration])
            event.registrations.update(pairing_number=None)
            for number, entry in enumerate(ranked, start=1):
                Registration.objects.filter(pk=entry.pk).update(pairing_number=number)
        else:
            highest = max(
                event.registrations.exclude(pairing_number=None).values_list("pairing_number", flat=True)
            )
            Registration.objects.filter(pk=registration.pk).update(pairing_number=highest + 1)
        registration.refresh_from_db()
        kind = settings_of(event).late_entry_bye
        score = event.point_system.bye_score(kind) * event.games_per_pairing
        for round_ in missed:
            board = (round_.pairings.order_by("-board").values_list("board", flat=True).first() or 0) + 1
            Pairing.objects.create(
                round=round_,
                board=board,
                white=registration,
                bye=kind,
                white_score=score,
                source=Pairing.Source.BYE,
            )
        return registration
