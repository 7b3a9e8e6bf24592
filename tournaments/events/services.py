"""An event's life: create it, change its settings before it starts (its game's start options
with them, ``game_options``), start it, finish it.

Each function is one transaction and checks the user's rights; refusals are
:class:`~tournaments.errors.ServiceError` with a message for the user. The rule that points
must fall from win to draw to loss is checked here (:func:`check_settings`), so every way of
creating an event (page, TRF import, demo) keeps it.
"""

from __future__ import annotations

import hashlib
import random

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games.play import clocks
from tournaments.core import systems
from tournaments.core.codes import PointSystem
from tournaments.errors import ServiceError
from tournaments.events import game_options
from tournaments.integrity import AlreadyExists, create_or_refuse
from tournaments.models import Event, PlayMode, Round
from tournaments.pairing.round_robin import rounds_for
from tournaments.pairing.services import create_round, locked_running
from tournaments.registration.services import initial_ranking
from tournaments.rounds import check_play
from tournaments.signals import FINISHED, step_taken
from tournaments.standings.compute import check_tie_breaks, default_tie_breaks
from tournaments.starts import check_grace, check_round_times
from tournaments.telling import webhooks


def check_settings(fields: dict[str, object]) -> None:
    """Points fall from win to draw to loss; the tie-breaks are C.07 codes, each chosen once and
    offered for the event's system (``fields["tie_breaks"]`` is rewritten as C.07 codes); where the
    rounds are played and the time control are ones the service knows (``tournaments.rounds.check_play``)."""
    points = PointSystem(
        win=int(str(fields.get("win_points", 2))),
        draw=int(str(fields.get("draw_points", 1))),
        loss=int(str(fields.get("loss_points", 0))),
    )
    points.check()
    if "play_mode" in fields or "time_control" in fields:
        fields["time_control"] = check_play(
            str(fields.get("play_mode") or "elsewhere"), str(fields.get("time_control") or "")
        )
    check_autopilot(fields)
    tie_breaks = [str(code) for code in fields.get("tie_breaks") or []]  # type: ignore[attr-defined]
    if tie_breaks:
        fields["tie_breaks"] = check_tie_breaks(
            tie_breaks,
            str(fields.get("pairing_system") or Event.System.ROUND_ROBIN),
            int(str(fields.get("games_per_pairing") or 1)),
        )


def check_autopilot(fields: dict[str, object]) -> None:
    """The autopilot's settings among ``fields`` (``tournaments.autopilot``): the round times and
    the first move's grace as stored (``tournaments.starts``); every round at once only for a round
    robin played on the service by correspondence."""
    if "round_times" in fields:
        fields["round_times"] = check_round_times(fields.get("round_times") or [])  # type: ignore[arg-type]
    if "first_move_grace" in fields:
        fields["first_move_grace"] = check_grace(fields.get("first_move_grace"))
    if "auto_pair_delay" in fields and not 0 <= int(str(fields["auto_pair_delay"] or 0)) <= 7 * 86400:
        raise ServiceError(_("the delay before the next round is between 0 seconds and 7 days, in seconds"))
    if fields.get("all_rounds_at_once"):
        system = systems.system_spec(str(fields.get("pairing_system") or Event.System.ROUND_ROBIN))
        control = clocks.parse(str(fields.get("time_control") or ""))
        if (
            not system.round_robin
            or fields.get("play_mode") != PlayMode.SERVICE
            or control is None
            or control.kind != clocks.CORRESPONDENCE
        ):
            raise ServiceError(
                _(
                    "every round at once is for a round robin played on the service with a "
                    "correspondence time control (like 3d/15d)"
                )
            )


def stored_key(user: object, creation_key: str) -> str:
    """``creation_key`` as an event stores it: its sender's own (32 hex digits of a digest of his id
    and the key), so that another user's same key is another key, which says nothing of this one."""
    return hashlib.sha256(f"{getattr(user, 'pk', '')}:{creation_key}".encode()).hexdigest()[:32]


def created_with(user: object, creation_key: str) -> Event | None:
    """The event ``user`` created with ``creation_key``, if any."""
    return Event.objects.filter(creation_key=stored_key(user, creation_key)).first()


def create_event(user: object, creation_key: str | None = None, **fields: object) -> Event:
    """Create an event with ``user`` as its organiser; the slug is derived when not given.

    ``creation_key`` is the one-time key of the form that asks for it: the same key sent again by the
    same user (a double click, a retry, the same request twenty times at once) creates nothing more
    and is refused with :class:`AlreadyExists` (:func:`created_with` finds the event it created);
    another user's same key is a key of his own (:func:`stored_key`).
    """
    require(user, Action.CREATE_EVENT)
    if creation_key:
        fields["creation_key"] = stored_key(user, creation_key)
        _refuse_sent_twice(str(fields["creation_key"]))
    with transaction.atomic():
        name = str(fields.get("name", "")).strip()
        if not name:
            raise ServiceError(_("an event needs a name"))
        check_settings(fields)
        options = game_options.checked_options(
            str(fields.get("game", "")), game_options.given_in(fields) or {}
        )
        base = str(fields.pop("slug", "") or "") or slugify(name)[:70] or "event"
        if not fields.get("tie_breaks"):
            fields["tie_breaks"] = default_tie_breaks(
                str(fields.get("pairing_system", Event.System.ROUND_ROBIN))
            )
        event = _create_with_free_slug(base, fields)
        game_options.store(event, options)
        event.organisers.add(user)  # type: ignore[arg-type]
        return event


def _create_with_free_slug(base: str, fields: dict[str, object]) -> Event:
    """The event under ``base`` or the first free ``base-2``, ``base-3``, …; an event created at the
    same moment under the same slug makes the insert collide, and the next free slug is tried."""
    for _attempt in range(5):
        slug, counter = base, 2
        while Event.objects.filter(slug=slug).exists():
            slug, counter = f"{base}-{counter}", counter + 1
        try:
            return create_or_refuse(Event, "", slug=slug, **fields)
        except AlreadyExists:
            if fields.get("creation_key"):
                _refuse_sent_twice(str(fields["creation_key"]))
            continue
    raise AlreadyExists(_("an event with this name exists: choose another name"))


def _refuse_sent_twice(creation_key: str) -> None:
    existing = Event.objects.filter(creation_key=creation_key).first()
    if existing is not None:
        raise AlreadyExists(
            _("this form was sent already: the event %(name)s exists (%(slug)s)")
            % {"name": existing.name, "slug": existing.slug}
        )


def update_event_settings(event: Event, user: object, fields: dict[str, object]) -> Event:
    """Change the settings of an event that has not started."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError(_("the event has started: its settings can no longer change"))
        settings = {
            "win_points": fields.get("win_points", event.win_points),
            "draw_points": fields.get("draw_points", event.draw_points),
            "loss_points": fields.get("loss_points", event.loss_points),
            "pairing_system": fields.get("pairing_system", event.pairing_system),
            "games_per_pairing": fields.get("games_per_pairing", event.games_per_pairing),
            "tie_breaks": fields.get("tie_breaks"),
            "play_mode": fields.get("play_mode", event.play_mode),
            "time_control": fields.get("time_control", event.time_control),
            "all_rounds_at_once": fields.get("all_rounds_at_once", event.all_rounds_at_once),
        }
        check_settings(settings)
        for name in ("round_times", "first_move_grace", "auto_pair_delay"):
            if name in fields:
                single: dict[str, object] = {name: fields[name]}
                check_autopilot(single)
                fields[name] = single[name]
        given = game_options.given_in(fields)  # those not given unchanged, checked with the game
        written = {**game_options.options_of(event), **(given or {})}
        options = game_options.checked_options(str(fields.get("game", event.game)), written)
        if "time_control" in fields:
            fields["time_control"] = settings["time_control"]
        if fields.get("tie_breaks"):
            fields["tie_breaks"] = settings["tie_breaks"]
        if not fields.get("tie_breaks"):
            fields["tie_breaks"] = default_tie_breaks(str(fields.get("pairing_system", event.pairing_system)))
        for name, value in fields.items():
            setattr(event, name, value)
        event.save(update_fields=list(fields))
        game_options.store(event, options)
        return event


def set_play(
    event: Event,
    user: object,
    play_mode: str,
    time_control: str,
    close_rounds_by_itself: bool | None = None,
) -> Event:
    """Where the event's rounds are played and the time control of games on the service; it holds
    for the rounds published from then on (a round may say otherwise: ``pairing.edits.set_round_play``).
    ``close_rounds_by_itself`` (``None``: unchanged) holds for the games ending from then on."""
    require(user, Action.MANAGE_EVENT, event)
    written = check_play(play_mode, time_control)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINISHED:
            raise ServiceError(_("the event is finished: its settings can no longer change"))
        event.play_mode, event.time_control = play_mode, written
        if close_rounds_by_itself is not None:
            event.close_rounds_by_itself = close_rounds_by_itself
        event.save(update_fields=["play_mode", "time_control", "close_rounds_by_itself"])
    return event


def start_event(event: Event, user: object, top_seed_colour: str | None = None) -> Round:
    """Freeze pairing numbers, derive the round count of round robins, and pair round 1."""
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError(_("the event has already started"))
        registrations = list(event.registrations.select_related("player").filter(status="active"))
        if len(registrations) < 2:
            raise ServiceError(_("an event needs at least 2 registered players to start"))
        spec = event.system_spec
        if spec.round_robin:
            event.rounds = rounds_for(len(registrations), spec.cycles)
        elif not event.rounds:
            raise ServiceError(_("set the number of rounds before starting a Swiss event"))
        for number, registration in enumerate(initial_ranking(registrations), start=1):
            registration.pairing_number = number
            registration.save(update_fields=["pairing_number"])
        if top_seed_colour not in ("white", "black"):
            top_seed_colour = random.SystemRandom().choice(["white", "black"])
        event.top_seed_colour = event.top_seed_colour or top_seed_colour
        event.status = Event.Status.RUNNING
        event.save(update_fields=["rounds", "status", "top_seed_colour"])
        first = create_round(event, 1)
        if event.all_rounds_at_once:  # every round paired now, each public (and played) at once
            for number in range(2, (event.rounds or 1) + 1):
                create_round(event, number)
        return first


def finish_event(event: Event, user: object) -> Event:
    require(user, Action.MANAGE_EVENT, event)
    return finish(event)


def finish(event: Event) -> Event:
    """:func:`finish_event` for a caller that checked the right to (the autopilot)."""
    with transaction.atomic():
        event, latest = locked_running(event, _("only a running event can be finished"))
        if latest is None or latest.status != Round.Status.CLOSED:
            raise ServiceError(_("close the last round before finishing the event"))
        if event.rounds and latest.number < event.rounds:
            raise ServiceError(
                _("only %(number)s of %(rounds)s rounds have been played")
                % {"number": latest.number, "rounds": event.rounds}
            )
        if event.round_set.exclude(status=Round.Status.CLOSED).exists():  # rounds played at once
            raise ServiceError(_("close every round before finishing the event"))
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        webhooks.emit(event, webhooks.EVENT_FINISHED, lambda: {"rounds": latest.number})
        step_taken.send(sender=Event, event_id=event.pk, step=FINISHED, round_number=None)
    return event
