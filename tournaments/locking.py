"""The lock order's levels of events: event, round, pairing (the order itself: ``common.locking``);
and the mark of a pairing being computed, which dies with the worker computing it.

Re-exports the shared helpers (:func:`locked`, :func:`retry_on_conflict`, ``RETRY_TRANSIENT``) for
the tournament side.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection

from common.locking import RETRY_TRANSIENT, locked, retry_on_conflict
from common.prepared import Prepared
from tournaments.models import Pairing, Round

__all__ = [
    "RECOMPUTING_TASK",
    "RETRY_TRANSIENT",
    "computing_pairing",
    "lock_pairing",
    "lock_round",
    "locked",
    "pairing_being_computed",
    "retry_on_conflict",
]

#: the options of a task recomputing standings, ratings or results: ``STANDINGS_TIME_LIMIT`` (soft), that
#: plus ``TASK_HARD_LIMIT_MARGIN`` (hard), and the retries of transient database errors
RECOMPUTING_TASK = {
    "soft_time_limit": settings.STANDINGS_TIME_LIMIT,
    "time_limit": settings.STANDINGS_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN,
    **RETRY_TRANSIENT,
}

#: the first key of the advisory locks that mark a round being paired (the second is the round's id)
PAIRING_LOCK_CLASS = 7021


def _advisory() -> bool:
    return connection.vendor == "postgresql"


@contextmanager
def computing_pairing(round_id: int) -> Iterator[None]:
    """Mark the round as being paired while the body runs, with no transaction and no row lock.

    On PostgreSQL the mark is a session-level advisory lock: nobody waits on it, and a worker that
    is killed loses its connection and with it the mark, so the sweep pairs the round again at once.
    Other databases keep no mark here (the sweep reads ``Round.pairing_started_at`` instead).
    """
    if not _advisory():
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", [PAIRING_LOCK_CLASS, round_id])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [PAIRING_LOCK_CLASS, round_id])


def pairing_being_computed(round_id: int) -> bool | None:
    """Whether a live worker is pairing the round now; None where the database cannot tell."""
    if not _advisory():
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [PAIRING_LOCK_CLASS, round_id])
        free = bool(cursor.fetchone()[0])
        if free:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [PAIRING_LOCK_CLASS, round_id])
    return not free


# The locking reads of a round (with its event) and of a pairing, composed once a process.
_LOCKED_ROUND: Prepared[Round] = Prepared(
    lambda pk: locked(Round.objects.select_related("event")).filter(pk=pk).order_by(), int
)
_LOCKED_PAIRING: Prepared[Pairing] = Prepared(
    lambda pk: locked(Pairing.objects.all()).filter(pk=pk).order_by(), int
)


def lock_round(round_id: int) -> Round:
    """The round, locked; its event is read (not locked)."""
    round_ = _LOCKED_ROUND.first(round_id)
    if round_ is None:
        raise Round.DoesNotExist(f"no round {round_id}")
    return round_


def lock_pairing(pairing_id: int, round_id: int | None = None) -> Pairing:
    """The pairing's round, then the pairing, locked; with the round and event read. ``round_id``,
    when the caller read it already, spares reading it again."""
    if round_id is None:
        round_id = Pairing.objects.values_list("round_id", flat=True).get(pk=pairing_id)
    round_ = lock_round(round_id)
    pairing = _LOCKED_PAIRING.first(pairing_id)
    if pairing is None:
        raise Pairing.DoesNotExist(f"no pairing {pairing_id}")
    pairing.round = round_
    return pairing
