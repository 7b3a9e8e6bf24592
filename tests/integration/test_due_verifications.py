"""A verification task sent only when none is due (``games.records.scheduling``), on PostgreSQL and Redis.

The tasks' messages are kept here instead of sent (``verify_record_task.delay`` recorded), and a task
is run by calling it, at the moment each interleaving needs: a submission that commits before the
due task takes the mark is verified by that task; one that commits after it (the task reading,
verifying or finished) sends its own; a record whose id is lower than the due one's but committed
later is verified by the due task; a mark whose task was lost is taken over by the sweep, and by a
real worker that starts. In every order each record is verified, none waits for the sweep's
re-queueing of old records.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import SubmittedRecord
from games.records import scheduling, services, sweep, tasks
from tests.integration.conftest import Workers, wait_for
from tests.integration.test_broker_restart import _pairings
from tournaments.models import Pairing

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ILLEGAL = '[Game "GIPF standard"]\n1. a1-a9'  # verified as invalid at its first move


@pytest.fixture
def sent() -> Iterator[list[int]]:
    """The records whose task was sent, in order (the messages kept, no worker)."""
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    client.delete(scheduling.DUE_KEY)
    kept: list[int] = []
    with mock.patch.object(tasks.verify_record_task, "delay", side_effect=kept.append):
        yield kept
    client.delete(scheduling.DUE_KEY)


@pytest.fixture
def boards() -> tuple[User, list[Pairing]]:
    return _pairings(8)


def _submit(boards: tuple[User, list[Pairing]], board: int) -> int:
    organiser, pairings = boards
    return services.submit_record(pairings[board], organiser, ILLEGAL).pk


def _pending() -> list[int]:
    pending = SubmittedRecord.objects.filter(status=SubmittedRecord.Status.PENDING)
    return sorted(pending.values_list("pk", flat=True))


def test_a_backlog_sends_one_task_which_verifies_every_record(sent: list[int], boards: Any) -> None:
    records = [_submit(boards, board) for board in range(5)]
    assert sent == [records[0]]  # the four later ones found a task due
    assert tasks.verify_record_task(records[0]) == SubmittedRecord.Status.INVALID
    assert _pending() == []
    assert scheduling.taken() is None  # no task due any more


@pytest.mark.parametrize("when", ["took the mark", "verified its batch"])
def test_a_record_submitted_once_the_task_took_the_mark_sends_its_own(
    sent: list[int], boards: Any, when: str
) -> None:
    first = _submit(boards, 0)
    later: list[int] = []
    real_taken, real_verify = scheduling.taken, services.verify_records

    def taken() -> int | None:
        covered = real_taken()
        if when == "took the mark":
            later.append(_submit(boards, 1))  # committed between the mark taken and the read
        return covered

    def verify_records(*args: Any, **kwargs: Any) -> Any:
        done = real_verify(*args, **kwargs)
        if when == "verified its batch":
            later.append(_submit(boards, 1))  # committed as the task ends
        return done

    with (
        mock.patch.object(scheduling, "taken", side_effect=taken),
        mock.patch.object(services, "verify_records", side_effect=verify_records),
    ):
        assert tasks.verify_record_task(first) == SubmittedRecord.Status.INVALID
    assert sent == [first, later[0]]  # no task was due any more: the later record sent its own
    assert tasks.verify_record_task(later[0]) == SubmittedRecord.Status.INVALID
    assert _pending() == []


def test_a_lower_record_committed_later_is_verified_by_the_task_due(sent: list[int], boards: Any) -> None:
    with mock.patch.object(services, "enqueue_on_commit"):  # the two armed below, in the other order
        lower, higher = _submit(boards, 0), _submit(boards, 1)
    assert lower < higher
    assert scheduling.arm(higher) is True  # the higher id committed first: its task sent
    assert scheduling.arm(lower) is False  # a task is due: the mark lowered to the lower id
    assert sent == [higher]
    tasks.verify_record_task(higher)
    assert _pending() == []


def test_the_sweep_takes_over_a_mark_whose_task_was_lost(sent: list[int], boards: Any) -> None:
    first = _submit(boards, 0)
    second = _submit(boards, 1)
    assert sent == [first]
    sent.clear()  # the message lost (a queue purged): the mark stays
    sweep.sweep_work(timezone.now())
    assert sent == [first]  # armed again from the lowest record it covered
    tasks.verify_record_task(first)
    assert _pending() == []
    assert second not in _pending()


def test_a_task_that_fails_puts_the_mark_back_for_its_retry(sent: list[int], boards: Any) -> None:
    first = _submit(boards, 0)
    second = _submit(boards, 1)
    with (
        mock.patch.object(services, "_verify_claimed", side_effect=RuntimeError("the database went away")),
        pytest.raises(RuntimeError),
    ):
        tasks.verify_record_task(first)
    assert _pending() == [first, second]
    assert scheduling.taken() == first  # the retry (or the sweep) starts from it again


def test_a_starting_worker_takes_over_a_mark_whose_task_was_lost(workers: Workers, boards: Any) -> None:
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    with mock.patch.object(services, "enqueue_on_commit"):  # no task sent: its message lost
        records = [_submit(boards, board) for board in range(3)]
    client.set(scheduling.DUE_KEY, records[0])  # the mark its submission left
    try:
        workers.start()  # no beat: no sweep
        wait_for(lambda: not _pending(), timeout=60, what="the records verified")
    finally:
        client.delete(scheduling.DUE_KEY)
