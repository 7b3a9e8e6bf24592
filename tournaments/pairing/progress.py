"""How far a running pairing has got, for the round page.

A Dutch round runs about one maximum-weight matching per pair plus two per score group
(:func:`tournaments.pairing.dutch.expected_matcher_calls`); the matchings done out of those
expected are the pairing's real progress. The round's ``pairing_progress`` field holds 10 when the
pairing starts, 100 when it is stored and 0 when it failed. The progress in between goes to the
cache (``CACHE_URL``: shared by the worker and the web processes), at most once a second, so that a
long pairing does not write the database while it computes, and :func:`live_percent` shows the
larger of the two.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

STARTED = 10  # what pair_round_now writes to the field as it starts
LAST = 95  # the most the matchings alone report: storing the boards is still to come
INTERVAL = 1.0  # seconds between two writes at least


def percent(done: int, expected: int) -> int:
    """``done`` matchings of about ``expected``, as the percentage shown (STARTED .. LAST)."""
    if expected <= 0:
        return STARTED
    return STARTED + (LAST - STARTED) * min(done, expected) // expected


class Throttled:
    """A matcher-call listener that hands the percentage to ``write`` when it has grown, and
    at most once per ``interval`` seconds of ``clock``."""

    def __init__(
        self,
        write: Callable[[int], None],
        interval: float = INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.write = write
        self.interval = interval
        self.clock = clock
        self.written = STARTED
        self.last_write: float | None = None

    def __call__(self, done: int, expected: int) -> None:
        value = percent(done, expected)
        if value <= self.written:
            return
        now = self.clock()
        if self.last_write is not None and now - self.last_write < self.interval:
            return
        self.write(value)
        self.written, self.last_write = value, now


def cache_key(round_id: int) -> str:
    return f"tournaments:pairing-progress:{round_id}"


def store(round_id: int, value: int) -> None:
    """Record ``value`` percent for the round's running pairing; a cache failure only loses it."""
    timeout = settings.PAIRING_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN
    try:
        cache.set(cache_key(round_id), value, timeout=timeout)
    except Exception:  # the progress is only shown: never let it stop a pairing
        logger.warning("could not record the pairing progress of round %s", round_id, exc_info=True)


def clear(round_id: int) -> None:
    try:
        cache.delete(cache_key(round_id))
    except Exception:
        logger.warning("could not clear the pairing progress of round %s", round_id, exc_info=True)


def recorder(round_id: int) -> Throttled:
    """The listener :func:`pair_round_now` counts the matcher calls with."""
    return Throttled(lambda value: store(round_id, value), interval=INTERVAL)


def live_percent(round_id: int, status: str, error: str, stored: int) -> int:
    """What the round page shows: while the pairing runs, the larger of the field (``stored``)
    and the progress recorded in the cache; otherwise the field."""
    if status != "pending" or error:
        return stored
    try:
        recorded = cache.get(cache_key(round_id))
    except Exception:
        recorded = None
    return max(stored, recorded) if isinstance(recorded, int) else stored
