"""An event's autopilot set, paused and resumed by its officials (the page and the API alike).

The rules at home here: its organisers and arbiters (``accounts.policy``: ``MANAGE_EVENT``) change
``auto_pair``, ``auto_pair_delay``, ``auto_finish``, the round times and the first move's grace while
the event is not finished (checked as on the event's settings: ``events.services.check_autopilot``);
``all_rounds_at_once`` only before the start (its rounds are created then). Pausing stops every step
until it is resumed; resuming also clears a stop (the organiser has set right what stopped it) and
takes at once whatever is due.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.autopilot import steps
from tournaments.errors import ServiceError
from tournaments.events.services import check_autopilot
from tournaments.models import AutopilotStep, Event

FIELDS = (
    "auto_pair",
    "auto_pair_delay",
    "auto_finish",
    "all_rounds_at_once",
    "round_times",
    "first_move_grace",
)


def set_autopilot(event: Event, user: object, fields: dict[str, object]) -> Event:
    """Change the autopilot's settings among ``fields`` (those not given keep their value)."""
    require(user, Action.MANAGE_EVENT, event)
    given = {name: fields[name] for name in FIELDS if name in fields}
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINISHED:
            raise ServiceError(_("the event is finished: its autopilot can no longer change"))
        changed = (
            "all_rounds_at_once" in given and bool(given["all_rounds_at_once"]) != event.all_rounds_at_once
        )
        if changed and event.status != Event.Status.CREATED:
            raise ServiceError(
                _("every round at once is chosen before the start: its rounds are created then")
            )
        checked = {
            "pairing_system": event.pairing_system,
            "play_mode": event.play_mode,
            "time_control": event.time_control,
            "all_rounds_at_once": event.all_rounds_at_once,
            **given,
        }
        check_autopilot(checked)
        for name in given:
            setattr(event, name, checked[name])
        event.save(update_fields=list(given))
        steps.queue(event.pk)
    return event


def pause(event: Event, user: object) -> Event:
    require(user, Action.MANAGE_EVENT, event)
    Event.objects.filter(pk=event.pk).update(autopilot_paused=True)
    event.refresh_from_db()
    return event


def resume(event: Event, user: object) -> Event:
    """Resume the autopilot (paused or stopped): it takes at once whatever is due."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        Event.objects.filter(pk=event.pk).update(autopilot_paused=False, autopilot_stopped="")
        steps.queue(event.pk)
    event.refresh_from_db()
    return event


def log_of(event: Event, limit: int = 100) -> list[AutopilotStep]:
    """The steps the event took by itself, latest first."""
    return list(event.autopilot_steps.all()[:limit])
