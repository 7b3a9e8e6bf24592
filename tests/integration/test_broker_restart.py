"""Redis restarted under two workers that hold tasks (issue 41 item 1): tasks with an ETA, each held
unacknowledged by a worker until its moment (what a worker gives back at a restart), beside games in
play whose flags fall meanwhile (no task: beat's clocks' ticker ends them, ``games.play.flags``), and
50 verifications waiting in the queue. Both workers stay alive (the same processes answer a ping),
take tasks again once Redis is back, and no work is lost:

* Redis crashing (its data lost, ``shutdown nosave``) with 1,000 games in play (their clocks running,
  no task queued for any: the broker holds as many tasks with them as without them): the queue and
  the held tasks are gone with it; the database still marks the work (records pending, clocks'
  deadlines) and Celery beat's sweep queues it again and its ticker ends the flags: every record is
  verified, every game ended on time, the flags falling after the restart each seen ended (its stored
  end and its ``end`` event, as ``test_flags_on_time`` measures them) within 1 s of its clock's zero,
  and the games whose clocks still run left running;
* Redis restarted as a service (its data saved and loaded again), no beat: the 50 queued tasks come
  back with it and run; the held ones stay in Redis's unacknowledged set (its visibility timeout gives
  them back).

Under celery 5.7.0 each worker exited at the restart ("'NoneType' object has no attribute
'hostname'", pyproject.toml). The workers wait on their queue as always when Redis goes (the moment
that killed them); the 50 verifications wait on a queue of their own that the workers take up only
after the restart (Celery's ``add_consumer`` control command), so that the restart meets them in
Redis whatever the machine's speed.
"""

from __future__ import annotations

import base64
import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.utils import timezone
from kombu.exceptions import OperationalError

from config.celery import app
from games.models import Game, SubmittedRecord
from games.play import state
from games.play.tasks import carry_task
from games.records import services as game_services
from games.records.tasks import verify_record_task
from tests.integration.conftest import Redis, Workers, wait_for
from tests.integration.test_flags_on_time import TOLERANCE, _ends, _games, _player
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

QUEUED = 50
HELD = 4
LATER = "after-the-restart"  # the queue of the 50 verifications
# Games in play through the restart (their clocks running, no task for any), and of them those whose
# flags fall once Redis is back: FALLING at each of the seconds FALLS_IN after they are created (the
# restart comes first, on a loaded machine too), as a league's games flag one after another; the
# others' clocks run on (an hour each).
LIVE, FALLING = 1_000, 10
FALLS_IN = [timedelta(seconds=seconds) for seconds in range(8, 18)]
# The held games' flags fall after the broker was sampled with the 1,000 in play (their results'
# carrying would be tasks of their own then).
HELD_FOR = 40
# A verification's time limit in the workers (s): the sweep queues again a verification lost with the
# broker once it is older than its hard limit (games.records.sweep), 37 s here rather than 92 s.
VERIFY_LIMIT = "5"
# Beat's periodic tasks (config/celery.py): queued every second here (SWEEP_INTERVAL), whatever is in play.
PERIODIC = {"tournaments.sweep", "tournaments.sweep_corrections"}
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


def _held(count: int, seconds: float = 20) -> list[Game]:
    """``count`` games whose flags fall in ``seconds`` (a move schedules nothing for them: the ticker
    ends them), and as many tasks with an ETA as far ahead (each game's carrying, a no-op for a game
    not ended), taken by the workers and held."""
    broker = _broker()
    before = broker.hlen("unacked")
    games = _games(count, white_seconds=seconds)
    at = timezone.now() + timedelta(seconds=seconds)
    for game in games:
        carry_task.apply_async(([game.pk],), eta=at)
    wait_for(lambda: broker.hlen("unacked") >= before + count, timeout=30, what="the ETA tasks held")
    return games


def _in_play(count: int, time_control: str, left: timedelta, started: datetime) -> list[Game]:
    """``count`` DVONN games on the service, White's clock running since ``started`` with ``left``
    (as after both first moves: ``games.play.aborts``), stored in one query, each with what its save
    computes (who is to move, its flag's and warning's moments: ``Game.save``) and no task queued."""
    ann, bob = _player("ann"), _player("bob")
    games = []
    with mock.patch.object(models.Model, "save"):  # Game.save's own computing, nothing stored yet
        for _ in range(count):
            game = Game(
                origin=Game.Origin.SERVICE, white=ann, black=bob, **state.playable("dvonn", time_control)
            )
            game.white_time, game.turn_started, game.first_move_by = left, started, None
            game.save()
            games.append(game)
    return Game.objects.bulk_create(games)


def _live(count: int) -> tuple[list[int], dict[int, datetime]]:
    """``count`` games in play: :data:`FALLING` of them (``2+0``) whose White flags fall at each of
    :data:`FALLS_IN` from now, the others (``60+0``) with an hour on White's clock. Their ids, and the
    moment of each falling flag (the clock's start plus the time set on it). No player is due a time
    warning meanwhile (``2+0`` warns under 24 s: each falling clock starts under it): the ticker's
    warnings, one transaction each, are not what this test measures."""
    started = timezone.now()
    running = _in_play(count - FALLING * len(FALLS_IN), "60+0", timedelta(hours=1), started)
    due = {game.pk: started + left for left in FALLS_IN for game in _in_play(FALLING, "2+0", left, started)}
    assert dict(Game.objects.filter(pk__in=list(due)).values_list("pk", "flag_at")) == due
    return [game.pk for game in running] + list(due), due


def _tasks(broker: redis.Redis) -> list[tuple[str, list[object]]]:
    """Every task the broker holds, queued (on either queue) or held unacknowledged by a worker: its
    name and its arguments."""
    messages = [json.loads(raw) for queue in ("celery", LATER) for raw in broker.lrange(queue, 0, -1)]
    messages += [json.loads(raw)[0] for raw in broker.hvals("unacked")]
    return [
        (message["headers"]["task"], json.loads(base64.b64decode(message["body"]))[0]) for message in messages
    ]


def _broker_holds(broker: redis.Redis, games: set[int], seconds: float) -> list[int]:
    """How many tasks the broker holds besides beat's periodic ones, sampled every 0.1 s for
    ``seconds`` (the ticker looking meanwhile); none of them may name one of ``games``."""
    counts = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        tasks = [(name, args) for name, args in _tasks(broker) if name not in PERIODIC]
        named = [(name, args) for name, args in tasks if games & set(_ids(args))]
        assert not named, named
        counts.append(len(tasks))
        time.sleep(0.1)
    return counts


def _ids(args: object) -> list[int]:
    """The numbers among a task's arguments (a game's id, a list of them)."""
    if isinstance(args, list):
        return [found for arg in args for found in _ids(arg)]
    return [args] if isinstance(args, int) else []


def _by_moment(due: dict[int, datetime], back: datetime) -> dict[float, float]:
    """For each moment of ``due`` (s after Redis was ``back``), the latest of its games' stored ends
    after it (s): where a flag was late, when."""
    ended = dict(Game.objects.filter(pk__in=list(due)).values_list("pk", "finished_at"))
    late: dict[float, float] = {}
    for pk, at in due.items():
        moment = round((at - back).total_seconds(), 2)
        late[moment] = max(late.get(moment, 0.0), (ended[pk] - at).total_seconds())
    return dict(sorted(late.items()))


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
    started = [workers.start(VERIFY_TIME_LIMIT=VERIFY_LIMIT), workers.start(VERIFY_TIME_LIMIT=VERIFY_LIMIT)]
    hostnames = [_hostname(worker) for worker in started]
    workers.start_beat(tmp_path / "beat-schedule")
    games, broker = _held(HELD, seconds=HELD_FOR), _broker()
    records = _submit(organiser, pairings[:QUEUED], LATER)
    assert broker.llen(LATER) == QUEUED and _pending(records) == QUEUED
    without = _broker_holds(broker, set(), seconds=1)
    live, due = _live(LIVE)
    with_them = _broker_holds(broker, set(live), seconds=2)  # the ticker looking at the 1,000 clocks
    assert set(with_them) == set(without) == {QUEUED + HELD}, (without, with_them)
    before = _tasks_run(hostnames)

    redis_server.stop()  # a crash: the queues and the held tasks are lost
    redis_server.start()
    back = timezone.now()
    assert back < min(due.values()), "Redis was back after the flags fell"

    _alive(started)
    _take_up(LATER, hostnames)
    later = _submit(organiser, pairings[QUEUED:])  # queued after the restart
    ends, events = _ends(due, timeout=60)
    late = _by_moment(due, back)
    assert ends[0] >= 0 and ends[-1] <= TOLERANCE.total_seconds(), (ends, late)
    assert events[0] >= 0 and events[-1] <= TOLERANCE.total_seconds(), (events, late)
    wait_for(lambda: _pending(records + later) == 0, timeout=120, what="every record verified")
    ids = [game.pk for game in games]
    wait_for(
        lambda: Game.objects.filter(pk__in=ids, termination="time").count() == HELD,
        timeout=60,
        what="every game ended on time",
    )
    assert set(Game.objects.filter(pk__in=ids).values_list("result", flat=True)) == {"0-1"}
    fallen = Game.objects.filter(pk__in=list(due))
    assert {(game.termination, game.result) for game in fallen} == {("time", "0-1")}
    running = Game.objects.filter(pk__in=live).exclude(pk__in=list(due))
    assert running.count() == LIVE - len(due) and not running.exclude(finished_at=None).exists()
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
