"""The sweep: queue again the work the database still owes when its task was lost.

A task can be lost: a worker killed in the middle (its message comes back only after the broker's
visibility timeout, or never when Redis restarts without persistence), or a broker that was down
when the write committed. Each app knows its own marks of owed work and registers here, in its
``AppConfig.ready``, a function that queues again what is still owed (``tournaments.sweep``:
standings, ratings and pairings; ``games.records.sweep``: verifications). :func:`sweep` runs them all.
Celery beat runs it every ``SWEEP_INTERVAL`` seconds on the scaled setup (``config/celery.py``); on
the embedded default (eager tasks), :class:`SweepOnRequestMiddleware` runs it on a request, at most
once an interval, with the work beat runs on its own schedule (:func:`register_on_request`).
Queueing a task after commit (:func:`enqueue_on_commit`) never fails the write: a broker that cannot
be reached leaves the work to the sweep (:func:`send`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

logger = logging.getLogger(__name__)

# A piece of sweep work: given the time, queue again what is owed; returns the ids it queued (or
# stopped) by kind, e.g. {"records": [12]}.
Work = Callable[[datetime], dict[str, list[int]]]

_WORK: list[Work] = []
_ON_REQUEST: list[Callable[[], object]] = []


def register(work: Work) -> None:
    """Add ``work`` to every sweep (once: registering it again changes nothing)."""
    if work not in _WORK:
        _WORK.append(work)


def register_on_request(work: Callable[[], object]) -> None:
    """Add ``work`` to the embedded default's sweep on a request (beat runs it on its own schedule)."""
    if work not in _ON_REQUEST:
        _ON_REQUEST.append(work)


class Swept:
    """What one sweep queued again, by kind: ``swept.records`` (an empty list for a kind with none)."""

    def __init__(self, done: dict[str, list[int]]) -> None:
        self.done = done

    def __getattr__(self, kind: str) -> list[int]:
        if kind.startswith("_") or kind == "done":
            raise AttributeError(kind)
        return self.done.get(kind, [])

    def __bool__(self) -> bool:
        return any(self.done.values())

    def __repr__(self) -> str:
        return f"Swept({self.done})"


def sweep(now: datetime | None = None) -> Swept:
    """Queue again the work still marked after the grace period and not in progress, app by app."""
    now = now or timezone.now()
    done: dict[str, list[int]] = {}
    for work in _WORK:
        for kind, ids in work(now).items():
            done.setdefault(kind, []).extend(ids)
    swept = Swept(done)
    if swept:
        logger.info("sweep queued again: %s", swept)
    return swept


# --------------------------------------------------------------------------- queueing


def send(task: Any, *args: object) -> bool:
    """Queue ``task`` (eagerly: run it); a broker that cannot be reached, or an eager task that
    fails, is logged and left to the sweep. Never raises."""
    try:
        task.delay(*args)
    except Exception:  # the mark is committed: the sweep queues the task again
        logger.warning("could not run or queue %s%s now; the sweep will", task.name, args, exc_info=True)
        return False
    return True


def enqueue_on_commit(task: Any, *args: object) -> None:
    """Queue ``task(*args)`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send(task, *args))


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
        for work in _ON_REQUEST:
            work()  # what beat runs on its own schedule on the scaled setup
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
