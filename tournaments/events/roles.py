"""The roles a signed-in user has over an event and what belongs to it, for ``accounts.policy``.

An event's organisers and arbiters are its officials over everything in it (its rounds, pairings,
registrations, byes, forbidden pairs); the players of a pairing hold the player role over it through
their accounts. Registered with the policy when the app is ready.
"""

from __future__ import annotations

from django.db.models import CharField, Value

from accounts.policy import Role, resolver
from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Registration, Round


@resolver(Event)
def event_roles(event: Event, user: object) -> set[Role]:
    pk = getattr(user, "pk", None)
    # whether the user organises the event and whether he arbitrates it, in one query
    organiser = Event.organisers.through.objects.filter(event_id=event.pk, user_id=pk)
    arbiter = Event.arbiters.through.objects.filter(event_id=event.pk, user_id=pk)
    appointed = organiser.values_list(_tag(Role.ORGANISER)).union(
        arbiter.values_list(_tag(Role.ARBITER)), all=True
    )
    return {Role(value) for (value,) in appointed}


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
