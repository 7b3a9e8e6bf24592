"""Redis restarted under two workers that hold tasks (issue 41 item 1): the flags' tasks of games in
play, each held unacknowledged by a worker until its moment (an ETA), and 50 verifications waiting
in the queue. Both workers stay alive (the same processes answer a ping), take tasks again once Redis
is back, and no work is lost:

* Redis crashing (its data lost, ``shutdown nosave``): the queue and the held tasks are gone with it;
  the database still marks the work (records pending, clocks run out) and Celery beat's sweep queues
  it again: every record is verified, every game ended on time;
* Redis restarted as a service (its data saved and loaded again), no beat: the 50 queued tasks come
  back with it and run; the held ones stay in Redis's unacknowledged set (its visibility timeout gives
  them back; the sweep ends their games meanwhile, as above).

Under celery 5.7.0 each worker exited at the restart ("'NoneType' object has no attribute
'hostname'", pyproject.toml). The workers wait on their queue as always when Redis goes (the moment
that killed them); the 50 verifications wait on a queue of their own that the workers take up only
after the restart (Celery's ``add_consumer`` control command), so that the restart meets them in
Redis whatever the machine's speed.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User
from kombu.exceptions import OperationalError

from config.celery import app
from games.models import Game, SubmittedRecord
from games.records import services as game_services
from games.records.tasks import verify_record_task
from tests.integration.conftest import Redis, Workers, wait_for
from tests.integration.test_flags_on_time import _games
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

QUEUED = 50
HELD = 4
LATER = "after-the-restart"  # the queue of the 50 verifications
T = TypeVar("T")


def _broker() -> redis.Redis:
    return redis.Redis.from_url(settings.CELERY_BROKER_URL)


def _hostname(worker: subprocess.Popen[bytes]) -> str:
    args = list(worker.args)  # type: ignore[arg-type]
    return str(args[args.index("-n") + 1])


def _pairings(count: int) -> tuple[User, list[Pairing]]:
    """``count`` boards of a round robin's first round, paired here (no worker needed)."""
    organiser = User.objects.create_user("olga")
    event = event_services.create_event(
        organiser, name="Restart club", game="gipf-standard", pairing_system="round-robin"
    )
    registration_services.register_list(
        event, organiser, "\n".join(f"Player {i:03d} {2000 - i}" for i in range(2 * count))
    )
    round_ = pairing_services.pair_round_now(event_services.start_event(event, organiser).pk)
    return organiser, list(round_.pairings.exclude(black=None).order_by("board"))


def _submit(organiser: User, pairings: list[Pairing], queue: str = "") -> list[int]:
    """A record for each pairing (one illegal move: verified as invalid), its verification queued
    (on ``queue`` when given, not the default)."""
    text = '[Game "GIPF standard"]\n1. a1-a9'
    if not queue:
        return [game_services.submit_record(pairing, organiser, text).pk for pairing in pairings]
    with mock.patch.object(game_services, "enqueue_on_commit"):  # queued below, on ``queue``
        records = [game_services.submit_record(pairing, organiser, text).pk for pairing in pairings]
    for record in records:
        verify_record_task.apply_async((record,), queue=queue)
    return records


def _pending(records: list[int]) -> int:
    return SubmittedRecord.objects.filter(pk__in=records, status=SubmittedRecord.Status.PENDING).count()


def _asked(question: Callable[[], T]) -> T | None:
    """The answer, or None while this process's own broker connection is one Redis dropped."""
    try:
        return question()
    except (redis.ConnectionError, redis.TimeoutError, OperationalError, OSError):
        return None


def _take_up(queue: str, hostnames: list[str]) -> None:
    """Every worker consumes ``queue`` too (asked again while a worker reconnects)."""

    def answered() -> bool:
        replies = _asked(
            lambda: app.control.add_consumer(queue, destination=hostnames, reply=True, timeout=2)
        )
        return {name for reply in replies or [] for name in reply} == set(hostnames)

    wait_for(answered, timeout=60, what=f"the workers {hostnames} to take up {queue}")


def _tasks_run(hostnames: list[str]) -> dict[str, int]:
    """How many tasks each worker has run so far (its own statistics)."""
    stats = app.control.inspect(destination=hostnames, timeout=5).stats() or {}
    return {name: sum((stats.get(name) or {}).get("total", {}).values()) for name in hostnames}


def _held(count: int) -> list[Game]:
    """``count`` games whose flags fall in 20 s, their tasks taken by the workers and held."""
    broker = _broker()
    before = broker.hlen("unacked")
    games = _games(count, white_seconds=20)
    wait_for(lambda: broker.hlen("unacked") >= before + count, timeout=30, what="the flags' tasks held")
    return games


def _alive(workers_: list[subprocess.Popen[bytes]]) -> None:
    assert [worker.poll() for worker in workers_] == [None] * len(workers_), "a worker exited"
    hostnames = [_hostname(worker) for worker in workers_]
    wait_for(
        lambda: (
            len(_asked(lambda: app.control.ping(destination=hostnames, timeout=1)) or []) == len(hostnames)
        ),
        timeout=60,
        what="both workers to answer a ping",
    )


def test_a_redis_crash_kills_no_worker_and_loses_no_work(
    workers: Workers, redis_server: Redis, tmp_path: Path
) -> None:
    organiser, pairings = _pairings(QUEUED + 1)
    started = [workers.start(), workers.start()]
    hostnames = [_hostname(worker) for worker in started]
    workers.start_beat(tmp_path / "beat-schedule")
    games = _held(HELD)
    records = _submit(organiser, pairings[:QUEUED], LATER)
    assert _broker().llen(LATER) == QUEUED and _pending(records) == QUEUED
    before = _tasks_run(hostnames)

    redis_server.stop()  # a crash: the queues and the held tasks are lost
    redis_server.start()

    _alive(started)
    _take_up(LATER, hostnames)
    later = _submit(organiser, pairings[QUEUED:])  # queued after the restart
    wait_for(lambda: _pending(records + later) == 0, timeout=120, what="every record verified")
    ids = [game.pk for game in games]
    wait_for(
        lambda: Game.objects.filter(pk__in=ids, termination="time").count() == HELD,
        timeout=60,
        what="every game ended on time",
    )
    assert set(Game.objects.filter(pk__in=ids).values_list("result", flat=True)) == {"0-1"}
    after = _tasks_run(hostnames)
    assert all(after[name] > before[name] for name in hostnames), (before, after)
    _alive(started)


def test_a_redis_restart_keeping_its_data_gives_back_every_queued_task(
    workers: Workers, redis_server: Redis
) -> None:
    organiser, pairings = _pairings(QUEUED)
    started = [workers.start(), workers.start()]
    hostnames = [_hostname(worker) for worker in started]
    _held(HELD)
    records = _submit(organiser, pairings, LATER)
    held = _broker().hlen("unacked")

    with tempfile.TemporaryDirectory(prefix="gipf-redis-") as folder:
        redis_server.stop_saving(Path(folder))
        redis_server.start(Path(folder))
        assert _broker().llen(LATER) == QUEUED and _broker().hlen("unacked") == held  # all kept

        _alive(started)
        _take_up(LATER, hostnames)
        # no beat, no sweep: the queue itself gave them back
        wait_for(lambda: _pending(records) == 0, timeout=120, what="every queued record verified")
        _alive(started)
        redis_server.stop()  # and started again where it was, its folder about to go
        redis_server.start()
