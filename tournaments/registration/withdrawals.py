"""Undoing a withdrawal (``services.withdraw`` withdraws).

Rule held here: a withdrawal can be undone by the event's managers as long as no round it covers
has been paired or is being paired (``Registration.withdrawn_from_round`` and later rounds do not
exist yet); the player is then active again and paired from that round on. A player removed before
the start is no longer registered: he is registered again instead.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.errors import ServiceError
from tournaments.models import Event, Registration


class WithdrawalError(ServiceError):
    """A withdrawal that can no longer be undone."""


def undo_refusal(registration: Registration) -> str:
    """Why ``registration``'s withdrawal cannot be undone ('' when it can)."""
    if registration.status != Registration.Status.WITHDRAWN or registration.withdrawn_from_round is None:
        return _("%(player)s has not withdrawn") % {"player": registration.player}
    first = registration.withdrawn_from_round
    if registration.event.round_set.filter(number__gte=first).exists():
        return _("round %(number)s is already paired (or being paired): the withdrawal stands") % {
            "number": first
        }
    if registration.event.status == Event.Status.FINISHED:
        return _("the event is finished")
    return ""


def undo_withdrawal(registration: Registration, user: object) -> Registration:
    """Make a withdrawn player active again, before the first round he left is paired."""
    require(user, Action.MANAGE_EVENT, registration.event)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=registration.event_id)  # no pairing starts meanwhile
        registration = (
            Registration.objects.select_for_update(of=("self",))
            .select_related("event", "player")
            .get(pk=registration.pk)
        )
        refusal = undo_refusal(registration)
        if refusal:
            raise WithdrawalError(refusal)
        registration.status = Registration.Status.ACTIVE
        registration.withdrawn_from_round = None
        registration.save(update_fields=["status", "withdrawn_from_round"])
        return registration
