"""Flags falling together: ``.venv/bin/python bench/flags_bench.py [--games 200] [--concurrency 2]
--database-url postgres://user:pass@host:port/empty_db --redis-url redis://host:port/N``.

A league's round played on the service with a short clock: ``--games`` boards of one event's round
(DVONN, ``15+0``, two players with accounts a board), created at once when the round is published, as a
round robin's are. The scaled setup of docs/deployment.md in processes of its own: a Celery worker of
``--concurrency`` processes (docs/deployment.md's ``--concurrency 2``) running the flags' tasks
(``games.play.flags``), on the PostgreSQL given (an empty database, migrated here) and the Redis given
(the broker; its next database carries the live events, ``EVENTS_REDIS_URL``). No beat runs: only each
flag's own task ends its game.

Two parts, each with its baseline in the same run:

* **in this process** (no worker), the cost of an end: the same number of fallen games ended one
  transaction each with its events published one by one, as the sweep did before
  (``games.play.service.time_out`` a game), and then :func:`games.play.flags.end_fallen` (a few games a
  transaction, their events published together; where the ends have two steps, the second,
  ``games.play.carrying``, run here too): ms a game, ratio;
* **through the worker**: one game's flag falling alone (the baseline), then every board's White
  flag cut to fall at the same moment a few seconds ahead, each game's task scheduled for it
  (``games.play.flags.schedule``). For each game: its stored end (``finished_at``) and its ``end``
  event's storing (the moment the watchers can have it, django-eventstream's ``created``), each
  less its flag's moment; p50/max, the ratio of the max to the one game alone; whether every
  pairing got its game's result, and when its played record was written (the result carried).

Nothing is asserted (``tests/integration/test_flags_on_time.py`` asserts the bound).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

AHEAD = timedelta(seconds=6)  # the flags fall this far after they are set: every task is queued by then


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _setup(args: argparse.Namespace) -> dict[str, str]:
    env = dict(
        os.environ,
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.redis_url,
        EVENTS_REDIS_URL=args.redis_url.rsplit("/", 1)[0]
        + f"/{int(args.redis_url.rsplit('/', 1)[1] or 0) + 1}",
        DEBUG="1",
        SWEEP_INTERVAL="3600",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    import django

    django.setup()
    return env


def league_round(boards: int, name: str) -> list[int]:
    """A round robin of ``2 * boards`` players played on the service (DVONN, ``15+0``): round 1
    published with its games created; their ids."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from accounts.models import Player
    from games.models import Game
    from tournaments.events import services as event_services
    from tournaments.pairing import services as pairing_services
    from tournaments.registration import services as registration_services

    name = f"{name}-{time.time_ns() % 10**9}"  # a database used before keeps its names
    organiser = User.objects.create_user(f"{name}-organiser")
    event = event_services.create_event(
        organiser,
        name=name,
        game="dvonn",
        pairing_system="round-robin",
        play_mode="service",
        time_control="15+0",  # long enough for the setup: the bench cuts the clocks
    )
    for number in range(2 * boards):
        user = User.objects.create_user(f"{name}-{number}")
        player = Player.objects.create(
            display_name=f"{name.title()} {number}", handle=user.username, user=user
        )
        registration_services.register(event, organiser, player)
    round_ = pairing_services.pair_round_now(event_services.start_event(event, organiser).pk)
    games = Game.objects.filter(pairing_game__pairing__round=round_)
    # their clocks running, as after both first moves (games.play.aborts)
    games.update(turn_started=timezone.now(), first_move_by=None)
    return list(games.order_by("pk").values_list("pk", flat=True))


def flags_at(ids: list[int], at: datetime) -> dict[int, datetime]:
    """Cut White's clock of each game (White to move) to fall at ``at``; schedule its task."""
    from games.models import Game
    from games.play import flags

    due = {}
    for game in Game.objects.filter(pk__in=ids):
        assert game.turn_started is not None
        Game.objects.filter(pk=game.pk).update(white_time=at - game.turn_started)
        game.white_time = at - game.turn_started
        flags.schedule(game, 0)
        due[game.pk] = at
    return due


def delays(due: dict[int, datetime], timeout: float = 120) -> dict[str, Any]:
    """Wait for every game to end; each one's stored end and end event less its flag (s)."""
    from django_eventstream.models import Event

    from games.models import Game, SubmittedRecord
    from tournaments.models import Pairing

    channels = [f"game-{pk}" for pk in due]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and Event.objects.filter(
        channel__in=channels, type="end"
    ).count() < len(due):
        time.sleep(0.2)
    ended = dict(
        Game.objects.filter(pk__in=list(due)).exclude(finished_at=None).values_list("pk", "finished_at")
    )
    told = dict(Event.objects.filter(channel__in=channels, type="end").values_list("channel", "created"))
    pairings = Pairing.objects.filter(games__pk__in=list(due))
    while time.monotonic() < deadline and pairings.filter(results="").exists():
        time.sleep(0.2)  # the second step of the ends (games.play.carrying): the pairings' results
    played = SubmittedRecord.objects.filter(game__in=list(due), kind=SubmittedRecord.Kind.PLAYED)
    carried = dict(played.values_list("game_id", "submitted_at"))
    return {
        "ends": [(ended[pk] - at).total_seconds() for pk, at in due.items() if pk in ended],
        "events": [
            (told[f"game-{pk}"] - at).total_seconds() for pk, at in due.items() if f"game-{pk}" in told
        ],
        "carried": [(carried[pk] - at).total_seconds() for pk, at in due.items() if pk in carried],
        "unended": len(due) - len(ended),
        "pairings": pairings.exclude(results="").count(),
    }


def in_process(count: int, sizes: list[int]) -> list[tuple[str, float]]:
    """ms a game: ``count`` fallen games ended one transaction each with their events published
    one by one (the sweep before), then ``count`` others by :func:`games.play.flags.end_fallen` with
    each of ``sizes`` games a transaction (``games.play.flags.TOGETHER``)."""
    from django.urls import reverse

    from games.models import Game
    from games.play import carrying, flags, service

    reverse("games:game-detail", args=[1])  # the URLs loaded (a notice links its game) before either
    flags.end_fallen()  # games a run before left (a database used before)
    timings = []
    for size in [0, *sizes]:
        name = f"{size} a transaction" if size else "one by one"
        ids = league_round(count, f"inproc-{size}")
        Game.objects.filter(pk__in=ids).update(white_time=timedelta(0))
        started = time.perf_counter()
        if size:
            flags.TOGETHER = size
            ended = len(flags.end_fallen())
            if importlib.util.find_spec("games.play.carrying"):  # their second steps too (not left queued)
                from games.play import carrying

                carrying.carry_all(carrying.marked())
        else:
            ended = sum(service.time_out(pk) for pk in ids)
        timings.append((name, (time.perf_counter() - started) * 1000 / max(ended, 1)))
        assert ended == count, (name, ended)
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--in-process", type=int, default=50, help="games ended each way in this process")
    parser.add_argument("--together", default="20,50", help="games a transaction, in this process")
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    args = parser.parse_args(argv)
    env = _setup(args)
    from django.utils import timezone

    timings = in_process(args.in_process, [int(size) for size in args.together.split(",") if size])
    one_by_one = timings[0][1]
    print(
        f"in process, {args.in_process} fallen games each way, ms a game: "
        + "; ".join(f"{name} {ms:.1f} (ratio {ms / one_by_one:.2f})" for name, ms in timings),
        flush=True,
    )
    warm = league_round(3, "warm")  # each worker process's first task (its imports) before the figures
    alone = league_round(1, "alone")
    many = league_round(args.games, "many")
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", str(args.concurrency)]
        + ["--loglevel", "WARNING", "--without-gossip", "--without-mingle"],
        cwd=ROOT,
        env=env,
    )
    try:
        time.sleep(8)  # the worker starts
        delays(flags_at(warm, timezone.now() + timedelta(seconds=2)))
        first = delays(flags_at(alone, timezone.now() + AHEAD))
        due = flags_at(many, timezone.now() + AHEAD)
        seen = delays(due)
    finally:
        worker.terminate()
        try:
            worker.wait(20)
        except subprocess.TimeoutExpired:
            worker.kill()
    base = max(first["ends"] + first["events"] or [float("nan")])
    worst = max(seen["ends"] + seen["events"] or [float("nan")])
    print(
        f"one flag alone: end {first['ends'][0]:.2f} s, end event {first['events'][0]:.2f} s after the flag"
    )
    print(
        f"{args.games} flags together: end p50 {_percentile(seen['ends'], 0.5):.2f} s, max {max(seen['ends']):.2f} s; "
        f"end event p50 {_percentile(seen['events'], 0.5):.2f} s, max {max(seen['events']):.2f} s; "
        f"max / one alone {worst / base:.1f}; not ended {seen['unended']}; "
        f"pairings with their result {seen['pairings']} of {args.games}, "
        f"played records p50 {_percentile(seen['carried'], 0.5):.2f} s, "
        f"max {max(seen['carried'] or [float('nan')]):.2f} s after the flag"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
