"""Changing an event's tie-break list once it has started: an arbiter action, logged, recomputed.

Before round 1 the organiser chooses the list and its order in the event's settings
(:func:`tournaments.events.services.update_event_settings`; BH and its kin are not offered for
round robins, C.07). Once the event has started, the list changes only by
:func:`change_tie_breaks`: the event's arbiters (and superusers) may do it, with a reason; the
change is logged as a :class:`~tournaments.models.TieBreakChange`, and the stored standings after
every closed round are recomputed with the new list in the same transaction (nothing half-way).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.errors import ServiceError
from tournaments.models import Event, Round, TieBreakChange
from tournaments.standings.compute import check_tie_breaks, default_tie_breaks
from tournaments.standings.services import store_standings


def change_tie_breaks(event: Event, user: object, codes: list[str], reason: str) -> TieBreakChange:
    """Set the tie-break list of a started event (an empty list: the system's usual order), log
    the change and recompute the stored standings of every closed round."""
    require(user, Action.CHANGE_TIE_BREAKS, event)
    reason = reason.strip()
    if not reason:
        raise ServiceError(_("give the reason for changing the tie-breaks"))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.CREATED:
            raise ServiceError(_("the event has not started: choose its tie-breaks in its settings"))
        after = (
            check_tie_breaks(codes, event.pairing_system, event.games_per_pairing)
            if codes
            else default_tie_breaks(event.pairing_system)
        )
        before = list(event.tie_breaks)
        if after == before:
            raise ServiceError(_("these are already the event's tie-breaks"))
        event.tie_breaks = after
        event.save(update_fields=["tie_breaks"])
        change = TieBreakChange.objects.create(
            event=event,
            changed_by=user if getattr(user, "is_authenticated", False) else None,
            before=before,
            after=after,
            reason=reason,
        )
        closed = event.round_set.filter(status=Round.Status.CLOSED).order_by("number")
        for number in closed.values_list("number", flat=True):
            store_standings(event.pk, after_round=number)
    return change
