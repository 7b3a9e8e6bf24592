"""What an event's rounds allow next: read-only questions asked by services and pages alike."""

from __future__ import annotations

from tournaments.models import Event, Round


def next_unpaired_round(event: Event) -> int:
    """The number of the first round not paired yet (a pending round counts as unpaired)."""
    latest = event.current_round()
    if latest is None:
        return 1
    return latest.number + (0 if latest.status == Round.Status.PENDING else 1)


def last_closed_round(event: Event) -> Round | None:
    return event.round_set.filter(status=Round.Status.CLOSED).order_by("-number").first()


def can_pair_next(event: Event, latest: Round | None) -> bool:
    """The latest round is closed and the event has rounds left."""
    return (
        event.status == Event.Status.RUNNING
        and latest is not None
        and latest.status == Round.Status.CLOSED
        and (not event.rounds or latest.number < event.rounds)
    )


def can_finish(event: Event, latest: Round | None) -> bool:
    """The latest round is closed and it was the last one."""
    return (
        event.status == Event.Status.RUNNING
        and latest is not None
        and latest.status == Round.Status.CLOSED
        and (not event.rounds or latest.number >= event.rounds)
    )


def registration_open(event: Event) -> bool:
    """Players can be registered: before the start, and in a running Swiss event as late entries."""
    return event.status == Event.Status.CREATED or (
        event.status == Event.Status.RUNNING and event.system_spec.late_entries
    )
