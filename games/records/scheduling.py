"""When a verification task is sent: one task due at a time for a backlog, no record ever left behind.

A submission's verification is queued after its commit (``services.submit_record`` queues
:data:`DUE`). On the scaled setup a task already due (sent, not yet begun) verifies every record
submitted meanwhile, so a backlog of N records costs about N / ``VERIFY_BATCH`` messages and tasks
instead of N. The broker's Redis holds a mark, :data:`DUE_KEY`: the smallest record id the due task
starts from.

* After its commit a submission sets the mark to its record's id and sends that record's task when
  there is no mark; else it lowers the mark to its id (ids are not given in the order of commits) and
  sends nothing (:func:`arm`: one Lua script, atomic).
* A task takes the mark away (:func:`taken`, ``GETDEL``) before it reads the pending records, and reads
  them from the lower of its record's id and the mark's: a record committed before the mark was taken
  is read; one committed after finds no mark and sends its own task.
* A task that leaves pending records after its batch arms again from the first of them, so that a
  free worker process takes the next batch at once (``services.verify_pending``).
* A mark whose task was lost (its queue purged) is taken over by the sweep and by a worker that
  starts (:func:`take_over`): taken away and armed again, which sends a task.

The records' status (``pending``) remembers the work; the mark only spares messages. When Celery runs
eagerly (the embedded default) or Redis does not answer, each submission sends its own task.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import redis
from django.conf import settings

from common import redis_faults
from common.sweep import task_of

logger = logging.getLogger(__name__)

DUE_KEY = "gipf:verification-due"
TASK = "games.records.tasks.verify_record_task"

# KEYS[1] the mark, ARGV[1] a record's id: 1 when there was no mark (it is set: the caller sends the
# task), else 0 (the mark lowered to the id when it is lower)
_ARM = """
local due = redis.call('GET', KEYS[1])
if not due then
    redis.call('SET', KEYS[1], ARGV[1])
    return 1
end
if tonumber(ARGV[1]) < tonumber(due) then
    redis.call('SET', KEYS[1], ARGV[1])
end
return 0
"""


@functools.cache
def _client_of(url: str, timeout: float) -> redis.Redis:
    # the broker's server, failing fast as every Redis client of the service (common.redis_faults)
    return redis.Redis(connection_pool=redis_faults.pool(url, timeout))


def _task() -> Any:
    return task_of(TASK)  # Celery loaded by what queues, not by every import


def _client() -> redis.Redis | None:
    """The broker's Redis, or None where tasks run eagerly (each submission's task runs at once).
    It waits for an answer as long as the process's Celery does (a worker longer than a request:
    ``config.celery.patient_broker``): a worker's slow answer must not open the circuit breaker its
    broker connection shares."""
    url = settings.CELERY_BROKER_URL
    if settings.CELERY_TASK_ALWAYS_EAGER or not url.startswith(("redis://", "rediss://")):
        return None
    options = _task().app.conf.broker_transport_options or {}
    return _client_of(url, float(options.get("socket_timeout") or settings.REDIS_TIMEOUT))


def coalesced() -> bool:
    """Whether a due task verifies the records submitted meanwhile (a broker, not eager tasks)."""
    return _client() is not None


def arm(record_id: int) -> bool:
    """Send the verification task of ``record_id`` unless one is due, which then starts from it at the
    latest; True when sent. A broker that cannot be reached raises (``common.sweep.send`` logs it; the
    sweep queues the record again)."""
    client = _client()
    if client is not None:
        try:
            if not client.eval(_ARM, 1, DUE_KEY, record_id):
                return False
        except redis.RedisError:
            logger.warning("the verification mark could not be read: the task sent", exc_info=True)
            client = None
    try:
        _task().delay(record_id)
    except Exception:
        if client is not None:  # no task is due: the next submission sends its own
            _deleted(client)
        raise
    return True


def _deleted(client: redis.Redis) -> None:
    try:
        client.delete(DUE_KEY)
    except redis.RedisError:
        logger.warning("the verification mark could not be deleted", exc_info=True)


class _Due:
    """What a submission queues after its commit (``common.sweep.enqueue_on_commit``): its
    verification's task, unless one is due (:func:`arm`)."""

    name = "games.verify_record (unless one is due)"

    def delay(self, record_id: int) -> bool:
        return arm(record_id)


DUE = _Due()


def taken() -> int | None:
    """The mark taken away by a task about to read the pending records: the smallest record id it
    covers (None: no mark, or no broker)."""
    client = _client()
    if client is None:
        return None
    try:
        value = client.getdel(DUE_KEY)
    except redis.RedisError:  # a later task takes it
        logger.warning("the verification mark could not be taken", exc_info=True)
        return None
    return None if value is None else int(value)


def put_back(record_id: int) -> None:
    """The mark a task took, put back (lowered to ``record_id`` where another is set) without a task
    sent: the task failed and is retried with back-off; a mark left so is the sweep's (:func:`take_over`)."""
    client = _client()
    if client is not None:
        try:
            client.eval(_ARM, 1, DUE_KEY, record_id)
        except redis.RedisError:
            logger.warning("the verification mark could not be put back", exc_info=True)


def take_over() -> int | None:
    """A mark whose task may be lost (a purged queue) taken away and armed again, which sends a
    task from it; the record id it covered (None: no mark)."""
    due = taken()
    if due is not None:
        try:
            arm(due)
        except Exception:  # noqa: BLE001 - the broker down: the sweep queues the records again
            logger.warning("the verifications due from submission %s were not queued", due, exc_info=True)
    return due
