"""The steps an event takes by itself: its autopilot (issue 36).

The rules at home here:

* an event runs an autopilot when it asks for one of its steps: ``auto_pair`` (a Swiss round paired
  is published, the next round is paired once the previous one closed and ``auto_pair_delay``
  seconds passed, at once when the organiser set the next round a time: its games start then,
  ``tournaments.starts``), ``auto_finish`` (the event finished after its last round),
  ``all_rounds_at_once`` (a correspondence round robin: every round paired and played from the
  start, ``events.services.start_event``); with any of them its rounds close by themselves
  (``tournaments.rounds.closes_by_itself``, in order: a round after the open ones waits);
* what is due is read from the event as it stands (:func:`due`): nothing is queued that the database
  does not show, so a step is taken once whoever asks (:func:`take_step`, under the event's lock) and
  the sweep (:func:`sweep_work`) finds whatever a lost task left; the delay before a pairing is the
  close's time plus the delay, a task scheduled for then (on the embedded default, where nothing is
  scheduled, the sweep on a request takes it);
* a step that cannot be taken stops the autopilot, with why (``Event.autopilot_stopped``): a pairing
  that failed, a refusal of the step itself, or a round whose games are all over but one is
  disputed; the organiser is told, sets it right and resumes it (``autopilot.services``); while the
  organiser has paused it nothing is taken;
* every step is logged (:class:`~tournaments.models.AutopilotStep`) and told to the organisers
  (``tournaments.telling.notices``); the steps themselves tell the webhooks and the players.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from common.sweep import enqueue_on_commit, send
from games.models import Game
from tournaments.errors import ServiceError
from tournaments.events.services import finish
from tournaments.models import AutopilotStep, Event, Pairing, PairingGame, Round
from tournaments.pairing.edits import publish
from tournaments.pairing.services import create_next_round
from tournaments.results.round_games import every_result_official
from tournaments.results.services import close_now, close_round_by_itself
from tournaments.starts import round_time
from tournaments.telling import notices

logger = logging.getLogger(__name__)

PUBLISH, PAIR, CLOSE, FINISH, STOPPED = "publish", "pair", "close", "finish", "stopped"
DISPUTED = "disputed"  # a close due only to be refused: a game disputed, every other one over
# An event runs an autopilot (as a query).
RUNS_ITSELF = Q(auto_pair=True) | Q(auto_finish=True) | Q(all_rounds_at_once=True)
MAX_STEPS = 10  # a run's steps at most (a round is published, paired, closed, finished: a few)
HORIZON = timedelta(minutes=15)  # the longest a scheduled run waits in the broker (as the flags')


@dataclass(frozen=True)
class Due:
    """A step due: ``kind``, its round, from when (None: now), and why (a stop's reason)."""

    kind: str
    round_: Round | None = None
    at: datetime | None = None
    reason: str = ""


def runs_itself(event: Event) -> bool:
    return bool(event.auto_pair or event.auto_finish or event.all_rounds_at_once)


def due(event: Event) -> Due | None:
    """The next step ``event`` takes by itself, as it stands; None when it waits for its players,
    its officials or a pairing under way, or takes no step."""
    if event.status != Event.Status.RUNNING or not runs_itself(event):
        return None
    if event.autopilot_paused or event.autopilot_stopped:
        return None
    rounds = list(event.round_set.select_related("publication").order_by("number"))
    for round_ in rounds:
        if round_.status == Round.Status.PENDING:
            if round_.pairing_error:
                return Due(
                    STOPPED,
                    round_,
                    reason=_("round %(round)s could not be paired: %(error)s")
                    % {"round": round_.number, "error": round_.pairing_error},
                )
            return None  # its pairing is under way
    if event.auto_pair:
        for round_ in rounds:
            if round_.is_draft:
                return Due(PUBLISH, round_)
    still_open = [round_ for round_ in rounds if round_.status == Round.Status.PAIRED]
    if still_open:
        return _closing(still_open[0])
    if not rounds:
        return None
    latest = rounds[-1]
    if latest.number < (event.rounds or 0):
        if not event.auto_pair or event.all_rounds_at_once:
            return None
        closed = latest.closed_at or timezone.now()
        if round_time(event, latest.number + 1) is not None:  # paired at once, its games start then
            return Due(PAIR, at=closed)
        return Due(PAIR, at=closed + timedelta(seconds=event.auto_pair_delay))
    return Due(FINISH) if event.auto_finish else None


def _closing(round_: Round) -> Due | None:
    """The first open round: closed once every game has its official result; a stop when its games
    are over and one of them is disputed (nothing else will close it)."""
    if round_.is_draft:
        return None
    games = Game.objects.filter(pairing_game__pairing__round=round_)
    disputed = games.filter(state=Game.State.DISPUTED)
    in_play = games.filter(on_service=True, finished_at__isnull=True).exclude(state=Game.State.ANNULLED)
    waiting = (
        round_.pairings.exclude(black=None)
        .filter(white_score=None)
        .exclude(pairing_games__game__state=Game.State.DISPUTED)
    )
    if disputed.exists() and not in_play.exists() and not waiting.exists():
        return Due(CLOSE, round_, reason=DISPUTED)  # its close refused: the refusal says why
    if every_result_official(round_):
        return Due(CLOSE, round_)
    return None


def take_step(event_id: int, now: datetime | None = None) -> str | None:
    """Take the step due now, if any, under the event's lock: what was taken (a stop too), or None."""
    now = now or timezone.now()
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            return None
        step = due(event)
        if step is None or (step.at is not None and step.at > now):
            return None
        if step.kind == STOPPED:
            stop(event, step.reason, step.round_)
            return STOPPED
        try:
            with transaction.atomic():
                told = _take(event, step)
        except ServiceError as refusal:
            stop(event, str(refusal), step.round_)
            return STOPPED
        if told is not None:  # a close tells itself (results.services.close_round_by_itself)
            notices.step_taken(event, step.kind, *told)
        return step.kind


def _take(event: Event, step: Due) -> tuple[int | None, Callable[[], str]] | None:
    """Take ``step``: its round and a function writing what was done (in the active language); None
    for a close, which tells itself (``results.services.close_round_by_itself``)."""
    round_ = step.round_
    if step.kind == PUBLISH and round_ is not None:
        publish(round_)
        round_.refresh_from_db()
        start = notices.moment(round_.starts_at or timezone.now())
        number = round_.number
        return (
            number,
            lambda: (
                _(
                    "The autopilot published round %(round)s of %(event)s: its players are told, its games "
                    "start at %(start)s"
                )
                % {"round": number, "event": event.name, "start": start}
            ),
        )
    if step.kind == PAIR:
        created = create_next_round(event).number
        return (
            created,
            lambda: (
                _("The autopilot is pairing round %(round)s of %(event)s")
                % {"round": created, "event": event.name}
            ),
        )
    if step.kind == CLOSE and round_ is not None:
        if step.reason == DISPUTED:
            close_now(round_.pk)  # refused: the refusal names the disputed boards
        elif close_round_by_itself(round_.pk) is None:
            raise ServiceError(_("round %(round)s could not close") % {"round": round_.number})
        return None
    finish(event)
    return None, lambda: _("The autopilot finished %(event)s after its last round") % {"event": event.name}


def stop(event: Event, reason: str, round_: Round | None = None) -> None:
    """Stop the autopilot of the locked ``event`` with ``reason``; log it and tell the organisers."""
    reason = reason[:1000]
    Event.objects.filter(pk=event.pk).update(autopilot_stopped=reason)
    event.autopilot_stopped = reason
    AutopilotStep.objects.create(
        event=event, kind=STOPPED, round_number=round_.number if round_ else None, text=reason
    )
    notices.stopped(event, reason)
    logger.info("the autopilot of %s stopped: %s", event.slug, reason)


def run(event_id: int) -> list[str]:
    """Take every step due now, one after the other; schedule the next one due later. The steps taken."""
    taken: list[str] = []
    for _attempt in range(MAX_STEPS):
        step = take_step(event_id)
        if step is None:
            break
        taken.append(step)
        if step == STOPPED:
            break
    later(event_id)
    return taken


def later(event_id: int) -> None:
    """Schedule the run for the next step due later (a worker's; the sweep on the embedded default)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    event = Event.objects.filter(pk=event_id).first()
    step = due(event) if event is not None else None
    if step is None or step.at is None or step.at <= timezone.now():
        return
    from tournaments.autopilot.tasks import autopilot_task

    try:
        autopilot_task.apply_async((event_id,), eta=min(step.at, timezone.now() + HORIZON))
    except Exception:  # the broker out of reach: the sweep takes the step when it is due
        logger.warning(
            "could not schedule the autopilot of event %s; the sweep will", event_id, exc_info=True
        )


def queue(event_id: int) -> None:
    """Run the event's autopilot once the current transaction commits, if it runs one."""
    if Event.objects.filter(RUNS_ITSELF, pk=event_id, status=Event.Status.RUNNING).exists():
        from tournaments.autopilot.tasks import autopilot_task

        enqueue_on_commit(autopilot_task, event_id)


def on_step_taken(sender: object, event_id: int, **kwargs: object) -> None:
    """Receiver of ``tournaments.signals.step_taken``: the autopilot looks at what is due next."""
    queue(event_id)


def on_result_changed(sender: object, game: Game, kind: str, **kwargs: object) -> None:
    """Receiver of ``games.signals.result_changed``: a result of an event's game changed (confirmed,
    disputed, decided, …): its round may close now, or a dispute stop the autopilot."""
    if game.origin != Game.Origin.PAIRING:
        return
    event = _event_read_with(game)
    if event is not None:  # locked with its pairing, round and event (``games.origins.lock``): no query
        if event.status == Event.Status.RUNNING and runs_itself(event):
            from tournaments.autopilot.tasks import autopilot_task

            enqueue_on_commit(autopilot_task, event.pk)
        return
    event_id = (
        Round.objects.filter(pairings__pairing_games__game_id=game.pk)
        .values_list("event_id", flat=True)
        .first()
    )
    if event_id is not None:
        queue(event_id)


def _event_read_with(game: Game) -> Event | None:
    """The game's event when it was read with the game (its link, pairing, round and event), else None."""
    if not Game.pairing_game.is_cached(game):
        return None
    link = game.pairing_game
    if not PairingGame.pairing.is_cached(link) or not Pairing.round.is_cached(link.pairing):
        return None
    round_ = link.pairing.round
    return round_.event if Round.event.is_cached(round_) else None


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """Run the autopilot of every event with a step due by ``now`` (a run lost, a delay passed)."""
    from tournaments.autopilot.tasks import autopilot_task

    ran = []
    events = Event.objects.filter(RUNS_ITSELF, status=Event.Status.RUNNING, autopilot_paused=False)
    for event in events.filter(autopilot_stopped="").order_by("pk")[:100]:
        step = due(event)
        if step is not None and (step.at is None or step.at <= now) and send(autopilot_task, event.pk):
            ran.append(event.pk)
    return {"autopilot": ran}
