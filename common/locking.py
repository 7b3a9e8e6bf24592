"""The one lock order of the service, and the retry of a transaction that lost a deadlock.

Every transaction that locks rows takes them in this order, skipping levels it does not need but
never going back up:

    event → round → pairing → game → submitted record → rating rows

Result entry locks the round, then the pairing; closing a round locks the round, then its games;
verification replays a record with no lock at all and then locks round, pairing, game and record
to write the verdict (the game's origin takes the levels above the game: ``games.origins``), a
batch of records all its rounds, then all its pairings, then all its games, then its records,
each level in the order of ids (``games.origins.lock_all``);
standings and ratings lock the event, then the rating rows. Rows are locked ``FOR NO KEY UPDATE``
(on PostgreSQL) and only the row itself (``of=("self",)``), so that inserting a row pointing at a
locked one (a pairing's game, a round's standings) does not wait for it.

A deadlock or serialisation failure that still happens is retried by :func:`retry_on_conflict`
from the outermost transaction: a request never answers 500 for it, a task never loses its work.
This module holds what every app uses (``tournaments.locking`` adds the levels of events).
"""

from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.db import InterfaceError, OperationalError, connection
from django.db.models import Model, QuerySet

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")
M = TypeVar("M", bound=Model)

# SQLSTATE of a deadlock and of a serialisation failure (PostgreSQL); SQLite's busy database.
TRANSIENT_SQLSTATES = {"40P01", "40001"}
TRANSIENT_MESSAGES = (
    "deadlock detected",
    "could not serialize access",
    "database is locked",
    "database table is locked",  # SQLite's shared cache (the tests' in-memory database)
)
ATTEMPTS = 5

# The Celery tasks' retry policy: a task whose database connection dropped, or whose transaction lost
# a deadlock or a serialisation failure, runs again after 2, 4, 8, ... seconds (at most 120,
# jittered), six times at most. The tasks are idempotent, so a repeat is safe.
RETRY_TRANSIENT: dict[str, Any] = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 2,
    "retry_backoff_max": 120,
    "retry_jitter": True,
    "max_retries": 6,
}


#: how a row is locked (``select_for_update``'s arguments): its own row only, ``FOR NO KEY UPDATE``
OWN_ROW: dict[str, Any] = {"of": ("self",), "no_key": True}


def locked(queryset: QuerySet[M]) -> QuerySet[M]:
    """``queryset`` locking its own rows only, as the lock order wants them."""
    return queryset.select_for_update(**OWN_ROW)


def is_transient(exc: BaseException) -> bool:
    """A deadlock, a serialisation failure or a busy SQLite database: worth running again."""
    if not isinstance(exc, OperationalError):
        return False
    cause = exc.__cause__
    if getattr(cause, "sqlstate", None) in TRANSIENT_SQLSTATES or getattr(cause, "pgcode", None) in (
        TRANSIENT_SQLSTATES
    ):
        return True
    text = str(exc).lower()
    return any(message in text for message in TRANSIENT_MESSAGES)


def retry_on_conflict(func: Callable[P, T]) -> Callable[P, T]:
    """Run ``func`` again (up to 5 times, with a short random back-off) when its transaction lost a
    deadlock or a serialisation failure. Inside an outer transaction it only runs once: the retry
    belongs to the outermost one, since a failed transaction cannot go on."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return func(*args, **kwargs)
            except OperationalError as exc:
                if attempt == ATTEMPTS or connection.in_atomic_block or not is_transient(exc):
                    raise
                logger.warning("%s: %s; attempt %s of %s", func.__qualname__, exc, attempt + 1, ATTEMPTS)
                time.sleep(random.uniform(0.01, 0.05) * 2**attempt)  # noqa: S311 - jitter, not secrets
        raise AssertionError("unreachable")

    return wrapper
