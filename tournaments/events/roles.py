"""The roles a signed-in user has over an event and what belongs to it, for ``accounts.policy``.

An event's organisers and arbiters are its officials over everything in it (its rounds, pairings,
registrations, byes, forbidden pairs); the players of a pairing hold the player role over it through
their accounts. Registered with the policy when the app is ready.
"""

from __future__ import annotations

from typing import Any

from django.db.models import CharField, QuerySet, Value

from accounts.policy import Role, resolver
from common.prepared import Prepared
from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Registration, Round


@resolver(Event)
def event_roles(event: Event, user: object) -> set[Role]:
    pk = getattr(user, "pk", None)
    # whether the user organises the event and whether he arbitrates it, in one query (composed once a
    # process; a user without an id matches no appointment: the query as Django writes it for him)
    if pk is None:
        appointed = _appointed(event.pk, pk, event.pk, pk)
    else:
        appointed = _APPOINTED.rows(event.pk, pk, event.pk, pk)
    return {Role(value) for (value,) in appointed}


def _appointed(event: object, user: object, event_again: object, user_again: object) -> QuerySet[Any]:
    organiser = Event.organisers.through.objects.filter(event_id=event, user_id=user)
    arbiter = Event.arbiters.through.objects.filter(event_id=event_again, user_id=user_again)
    return organiser.values_list(_tag(Role.ORGANISER)).union(
        arbiter.values_list(_tag(Role.ARBITER)), all=True
    )


_APPOINTED: Prepared[Any] = Prepared(_appointed, int, int, int, int)


def _tag(role: Role) -> Value:
    return Value(role.value, output_field=CharField())


@resolver(Round)
def round_roles(round_: Round, user: object) -> set[Role]:
    return event_roles(round_.event, user)


@resolver(Pairing)
def pairing_roles(pairing: Pairing, user: object) -> set[Role]:
    roles = event_roles(pairing.round.event, user)
    players = [pairing.white.player.user_id, pairing.black.player.user_id if pairing.black else None]
    if getattr(user, "pk", None) in players:
        roles.add(Role.PLAYER)
    return roles


@resolver(Registration)
def registration_roles(registration: Registration, user: object) -> set[Role]:
    return event_roles(registration.event, user)


@resolver(ByeRequest)
def bye_roles(bye: ByeRequest, user: object) -> set[Role]:
    return event_roles(bye.registration.event, user)


@resolver(ForbiddenPair)
def forbidden_pair_roles(pair: ForbiddenPair, user: object) -> set[Role]:
    return event_roles(pair.event, user)
