"""What an event's rounds allow next: read-only questions asked by services and pages alike; where
a round's games are played (``PlayMode``) and their time control, the round's choice else the
event's, and what such a choice may be (:func:`check_play`)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import Player
from games.play.clocks import parse as parse_time_control
from tournaments.errors import ServiceError
from tournaments.models import Event, PlayMode, Registration, Round


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


def play_mode(round_: Round) -> str:
    """Where the round's games are played (``PlayMode``): the round's own choice, else the event's."""
    return round_.play_mode or round_.event.play_mode


def time_control(round_: Round) -> str:
    """The time control of the round's games played on the service: the round's, else the event's."""
    return round_.time_control or round_.event.time_control


def played_on_service(round_: Round) -> bool:
    """The round's games are played on the service (alone or beside records submitted by hand)."""
    return play_mode(round_) in (PlayMode.SERVICE, PlayMode.BOTH)


def event_plays_on_service(event: Event) -> bool:
    """The event's rounds are played on the service by default (alone or beside records by hand)."""
    return event.play_mode in (PlayMode.SERVICE, PlayMode.BOTH)


def without_account(event: Event, round_: Round | None = None) -> list[Player]:
    """The players who cannot play on the service (no account linked to them), for the organiser's
    warning where games are played there: the players of the round's pairings when ``round_`` is
    played on the service, else the event's active players when its rounds are; none otherwise."""
    if round_ is not None:
        if not played_on_service(round_):
            return []
        ids = set(round_.pairings.values_list("white__player_id", flat=True))
        ids |= set(round_.pairings.filter(black__isnull=False).values_list("black__player_id", flat=True))
        return list(Player.objects.filter(pk__in=ids, user__isnull=True).order_by("display_name"))
    if not event_plays_on_service(event):
        return []
    return list(
        Player.objects.filter(
            registrations__event=event, registrations__status=Registration.Status.ACTIVE, user__isnull=True
        ).order_by("display_name")
    )


# What makes an event's rounds close by themselves: its own setting, or its autopilot's.
CLOSING_FIELDS = ("close_rounds_by_itself", "auto_pair", "auto_finish", "all_rounds_at_once")


def closes_by_itself(event: Event) -> bool:
    """The event's rounds close by themselves once every game has its official result: its own
    setting, or its autopilot's (``auto_pair``, ``auto_finish``, ``all_rounds_at_once``)."""
    return any(getattr(event, name) for name in CLOSING_FIELDS)


def closing_by_themselves(path: str = "") -> Q:
    """:func:`closes_by_itself` as a query on events (``path``: to the event, ``"pairing__round__event__"``)."""
    found = Q()
    for name in CLOSING_FIELDS:
        found |= Q(**{path + name: True})
    return found


def is_public(round_: Round) -> bool:
    """The round's pairings are out: a round robin's once paired, a Swiss round's once published."""
    return round_.status != Round.Status.PENDING and not round_.is_draft


def check_play(play_mode: str, time_control: str) -> str:
    """A play mode of ``PlayMode`` and a time control as ``games.play.clocks`` reads them (the written
    form returned); a :class:`ServiceError` naming the problem otherwise."""
    if play_mode not in PlayMode.values:
        raise ServiceError(
            _("“%(mode)s” is not a way to play rounds: use one of %(modes)s")
            % {"mode": play_mode, "modes": ", ".join(PlayMode.values)}
        )
    control = parse_time_control(time_control)
    return "" if control is None else control.text
