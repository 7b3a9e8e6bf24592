"""The sweep: queue again the work the database still owes when its task was lost.

A task can be lost: a worker killed in the middle (its message comes back only after the broker's
visibility timeout, or never when Redis restarts without persistence), or a broker that was down
when the write committed. The marks of ``tournaments.work`` say what is still owed; :func:`sweep`
queues again whatever is still marked after ``SWEEP_GRACE`` seconds and is not being worked on (a
running standings or pairing task holds its event's or round's row lock, which a killed worker's
closed connection releases). Celery beat runs it every ``SWEEP_INTERVAL`` seconds on the scaled
setup (``config/celery.py``); on the embedded default (eager tasks), :class:`SweepOnRequestMiddleware`
runs it on a request, at most once an interval. A pairing still pending twice its time limit after
it was asked for is stopped with an error that the round page shows with its retry button.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import SubmittedRecord
from games.tasks import verify_record_task
from tournaments.models import Event, Round
from tournaments.pairing.tasks import pair_round_task
from tournaments.results.tasks import sweep_corrections_task
from tournaments.standings.tasks import update_standings_task
from tournaments.work import send

logger = logging.getLogger(__name__)

SWEEP_BATCH = 100


def _free(queryset: Any) -> bool:
    """True when no transaction holds the row's lock (a running task): then nobody works on it.
    Databases without row locks (SQLite) always say free."""
    with transaction.atomic():
        return queryset.select_for_update(skip_locked=True, of=("self",)).exists()


@dataclass
class Swept:
    standings: list[int]
    pairings: list[int]
    records: list[int]
    stopped: list[int]


def sweep(now: datetime | None = None) -> Swept:
    """Queue again the work still marked after the grace period and not in progress."""
    now = now or timezone.now()
    before = now - timedelta(seconds=settings.SWEEP_GRACE)
    done = Swept([], [], [], [])

    stale = Round.objects.filter(
        Q(standings_stale_since__lt=before) | Q(ratings_stale_since__lt=before)
    ).values_list("event_id", flat=True)
    for event_id in sorted(set(stale))[:SWEEP_BATCH]:
        if _free(Event.objects.filter(pk=event_id)) and send(update_standings_task, event_id):
            done.standings.append(event_id)

    waiting = Round.objects.filter(status=Round.Status.PENDING, pairing_error="").filter(
        Q(pairing_requested_at__lt=before) | Q(pairing_requested_at__isnull=True)
    )
    give_up = now - timedelta(seconds=2 * (settings.PAIRING_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN))
    for round_ in waiting.order_by("pk")[:SWEEP_BATCH]:
        if not _free(Round.objects.filter(pk=round_.pk)):
            continue
        requested = round_.pairing_requested_at
        if requested is not None and requested < give_up:
            stop_pairing(round_.pk, requested)
            done.stopped.append(round_.pk)
        elif send(pair_round_task, round_.pk):
            done.pairings.append(round_.pk)

    # a verification holds no lock while it replays: wait past its hard limit before queueing again
    overdue = now - timedelta(seconds=settings.SWEEP_GRACE + settings.VERIFY_TIME_LIMIT)
    overdue -= timedelta(seconds=settings.TASK_HARD_LIMIT_MARGIN)
    pending = SubmittedRecord.objects.filter(status=SubmittedRecord.Status.PENDING, submitted_at__lt=overdue)
    for record_id in pending.order_by("pk").values_list("pk", flat=True)[:SWEEP_BATCH]:
        if send(verify_record_task, record_id):
            done.records.append(record_id)
    if done.standings or done.pairings or done.records or done.stopped:
        logger.info("sweep queued again: %s", done)
    return done


def stop_pairing(round_id: int, requested: datetime) -> None:
    """A pairing asked for long ago and never finished: say so on the round, which offers a retry."""
    limit = settings.PAIRING_TIME_LIMIT
    Round.objects.filter(
        pk=round_id, status=Round.Status.PENDING, pairing_error="", pairing_requested_at=requested
    ).update(
        pairing_progress=0,
        pairing_error=_("the pairing did not finish within its time limit (%(limit)s seconds); retry it")
        % {"limit": limit},
    )


# --------------------------------------------------------------------------- embedded default

_last_sweep = 0.0


def maybe_sweep() -> None:
    """Run the sweep if the last one was ``SWEEP_INTERVAL`` seconds ago or more (this process)."""
    global _last_sweep
    clock = time.monotonic()
    if _last_sweep and clock - _last_sweep < settings.SWEEP_INTERVAL:
        return
    _last_sweep = clock
    try:
        sweep()
        sweep_corrections_task()  # what beat's second entry does on the scaled setup
    except Exception:  # a failed sweep never fails the request that ran it
        logger.exception("the sweep failed")


class SweepOnRequestMiddleware:
    """On the embedded default, where no beat runs, a request now and then runs the sweep."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            maybe_sweep()
        return self.get_response(request)
