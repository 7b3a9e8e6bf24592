"""The ticker: work due at moments the database keeps (a flag falling, a first move due), done when
its moment comes rather than queued ahead as a task that waits in a worker until then.

Each app registers here, in its ``AppConfig.ready``, its timed work (:func:`register`): a batch
function given the time, which does what has come by then and says what it did by kind (as the
sweep's work: ``{"timed_out": [12, 14]}``), and the next moment it has work for (the earliest of an
indexed column), or none. :func:`tick` runs every piece of work; :func:`look` ticks when a moment has
come and says how long to wait before the next look: until the next moment, at most
``TICK_POLL`` seconds (a moment written meanwhile, by a move, is then seen). One process runs the
looks (Celery beat's, between its periodic tasks: ``config.celery.TickingScheduler``); on the
embedded default no ticker runs (the reads and the sweep on a request do the work there).

A piece of work that fails is logged and the others still run; the next look tries it again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

logger = logging.getLogger(__name__)

# A piece of timed work: given the time, do what has come by then; the ids it did by kind.
Work = Callable[[datetime], dict[str, list[int]]]
# When a piece of work next has something to do (None: nothing in view).
Next = Callable[[], datetime | None]

_WORK: list[tuple[Work, Next | None]] = []


def register(work: Work, next_at: Next | None = None) -> None:
    """Add ``work`` to every tick (once: registering it again changes nothing), with ``next_at``, the
    moment it next has something to do (without it, it is done at every look)."""
    if all(work is not known for known, _next in _WORK):
        _WORK.append((work, next_at))


def tick(now: datetime | None = None) -> dict[str, list[int]]:
    """Do every piece of work due by ``now``; what was done, by kind."""
    now = now or timezone.now()
    done: dict[str, list[int]] = {}
    for work, _next in _WORK:
        try:
            for kind, ids in work(now).items():
                done.setdefault(kind, []).extend(ids)
        except Exception:  # noqa: BLE001 - one piece failing leaves the others (and the next look)
            logger.exception("the ticker's work %s failed", getattr(work, "__qualname__", work))
    if any(done.values()):
        logger.info("ticker: %s", done)
    return done


def next_moment() -> datetime | None:
    """The soonest moment a piece of work has something to do (None: nothing in view)."""
    moments = [moment for _work, next_at in _WORK if next_at is not None for moment in [next_at()] if moment]
    return min(moments, default=None)


def _fresh_connections() -> None:
    """A connection that broke or grew old is opened again, as a request's (not inside a transaction:
    a test's, or a caller's)."""
    if not connection.in_atomic_block:
        close_old_connections()


def look(poll: float | None = None) -> float:
    """One look of the ticker: tick when a moment has come (or a piece of work keeps none); the
    seconds to wait before the next look (until the next moment, at most ``poll``: ``TICK_POLL``)."""
    poll = settings.TICK_POLL if poll is None else poll
    _fresh_connections()
    try:
        now = timezone.now()
        moment = next_moment()
        if (moment is not None and moment <= now) or any(next_at is None for _work, next_at in _WORK):
            tick(now)
            moment = next_moment()
            if moment is not None and moment <= now:  # left undone (held, or failing): the next look
                moment = None
        wait = poll if moment is None else (moment - timezone.now()).total_seconds()
    except Exception:  # noqa: BLE001 - the database away a moment: look again after a poll
        logger.warning("the ticker could not look; again in %s s", poll, exc_info=True)
        _fresh_connections()
        return poll
    return min(max(wait, 0.0), poll)
