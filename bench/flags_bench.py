"""Flags and the work queue: ``.venv/bin/python bench/flags_bench.py [--games 200] [--live 1000]
[--seconds 90] [--pace 20] [--concurrency 2] [--parts in-process,flags,live] [--baseline REV]
--database-url postgres://user:pass@host:port/db --redis-url redis://host:port/N``.

The scaled setup of docs/deployment.md in processes of its own: a Celery worker of ``--concurrency``
processes and beat (its process runs the clocks' ticker, ``common.ticker``), on a PostgreSQL database of the bench's
own beside the one given (``<name>_flags``, created afresh) and the Redis given (the broker, emptied
first; its next database carries the live events, ``EVENTS_REDIS_URL``). The sweep runs every hour
only: what ends a flag is the ticker (or, in code from before it, each flag's own task). Three parts:

* **in-process** (no worker): ``--in-process`` fallen games of a league's round ended one by one
  (``time_out`` a game, both steps) and then together (:func:`games.play.flags.end_fallen`, the
  second step, ``games.play.carrying``, run here too): ms a game, ratio;
* **flags**: a league's round of ``--games`` boards (DVONN, ``15+0``, created when the round is
  published); one game's White flag cut to fall alone a few seconds ahead, then every board's White
  flag to fall at the same moment. For each game: its stored end (``finished_at``) and its ``end``
  event's storing (the moment the watchers can have it), less its flag's moment, p50/max; whether every
  pairing got its game's result, and when its played record was written (the result carried);
* **live**: ``--live`` casual games (DVONN, ``15+10``, their clocks running) played at a league's pace
  for ``--seconds``: each game moves every ``--pace`` seconds (staggered), through the play service in
  this process, as fast as it keeps up. Every second the broker's queue length (``LLEN celery``) and
  the worker's unacknowledged messages (kombu's ``unacked`` hash: the tasks it holds) are sampled:
  p50/max, against the moves played. The issue's figure: the queue must not grow with the games.

``--baseline REV`` runs the same parts on the code of git revision ``REV`` (``git archive`` into a
temporary folder, a database of its own, the broker emptied), in the same run, and prints both sides.
Nothing is asserted (``tests/integration/test_flags_on_time.py`` asserts the bound).
"""

from __future__ import annotations

import argparse
import heapq
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
# The code measured: this checkout's, or a baseline's (given by the run of ``--baseline``).
CODE = Path(os.environ.get("FLAGS_BENCH_CODE") or ROOT)
if str(CODE) not in sys.path:
    sys.path.insert(0, str(CODE))

from helpers import stop_processes  # noqa: E402

AHEAD = timedelta(seconds=6)  # the flags fall this far after they are set: the ticker has seen them by then
PARTS = ("in-process", "flags", "live")


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _database(url: str, suffix: str) -> str:
    """A database of the bench's own beside the one given (``<name>_<suffix>``), created afresh."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/") + "_" + suffix
    maintenance = urlunsplit(parts._replace(path="/postgres")).replace("postgres://", "postgresql://", 1)
    with psycopg.connect(maintenance, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path="/" + name))


def _setup(args: argparse.Namespace) -> dict[str, str]:
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()  # the broker's: nothing queued from before
    env = dict(
        os.environ,
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.redis_url,
        EVENTS_REDIS_URL=args.redis_url.rsplit("/", 1)[0]
        + f"/{int(args.redis_url.rsplit('/', 1)[1] or 0) + 1}",
        DEBUG="1",
        SWEEP_INTERVAL="3600",
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONPATH=str(CODE),
    )
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=CODE, env=env, check=True)
    import django

    django.setup()
    return env


def _scaled(env: dict[str, str], concurrency: int, folder: str) -> list[subprocess.Popen[bytes]]:
    """A worker of ``concurrency`` processes and beat, started; once the worker answers a ping."""
    from config.celery import app

    worker = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", str(concurrency)]
    worker += ["--loglevel", "WARNING", "--without-gossip", "--without-mingle", "-n", "flags-bench@%h"]
    beat = [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "WARNING"]
    beat += ["-s", str(Path(folder) / "beat-schedule")]
    started = [subprocess.Popen(command, cwd=CODE, env=env) for command in (worker, beat)]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not app.control.ping(timeout=0.5):
        time.sleep(0.5)
    time.sleep(3)  # beat's process up too
    return started


def league_round(boards: int, name: str) -> list[int]:
    """A round robin of ``2 * boards`` players played on the service (DVONN, ``15+0``): round 1
    published with its games created, their clocks running; their ids."""
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
    _start_clocks(games, timezone.now())
    return list(games.order_by("pk").values_list("pk", flat=True))


def _start_clocks(games: Any, now: datetime) -> None:
    """The games' clocks running from ``now`` (as after both first moves), their flags' moments with
    them where the code keeps them (``Game.flag_at``)."""
    from django.db.models import F

    from games.models import Game

    kept = any(field.name == "flag_at" for field in Game._meta.fields)
    games.update(turn_started=now, first_move_by=None)
    if kept:
        games.update(flag_at=F("turn_started") + F("white_time"))


def flags_at(ids: list[int], at: datetime) -> dict[int, datetime]:
    """Cut White's clock of each game (White to move) to fall at ``at``, its flag's moment with it as
    a move writes it (``Game.flag_at``; in code from before, each game's task scheduled for it)."""
    from django.db.models import DateTimeField, F, Value

    from games.models import Game
    from games.play import flags

    games = Game.objects.filter(pk__in=ids)
    games.update(white_time=Value(at, output_field=DateTimeField()) - F("turn_started"))
    if hasattr(flags, "schedule"):  # a task a flag (the code before the ticker)
        for game in games:
            flags.schedule(game, 0)
    else:
        games.update(flag_at=at)
    return dict.fromkeys(ids, at)


def delays(due: dict[int, datetime], timeout: float = 180) -> dict[str, Any]:
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


def in_process(count: int, size: int) -> dict[str, float]:
    """ms a game: ``count`` fallen games ended one transaction each, both steps, then ``count`` others
    by :func:`games.play.flags.end_fallen`, ``size`` games a transaction, their second steps run here."""
    from django.urls import reverse

    from games.models import Game
    from games.play import carrying, flags

    time_out = getattr(flags, "time_out", None) or importlib_attr("games.play.service", "time_out")
    reverse("games:game-detail", args=[1])  # the URLs loaded (a notice links its game) before either
    flags.end_fallen()  # games a run before left
    timings = {}
    for name in ("one by one", "together"):
        ids = league_round(count, f"inproc-{name[:3]}")
        Game.objects.filter(pk__in=ids).update(white_time=timedelta(0))
        started = time.perf_counter()
        if name == "together":
            flags.TOGETHER = size
            ended = len(flags.end_fallen())
            carrying.carry_all(carrying.marked())
        else:
            ended = sum(time_out(pk) for pk in ids)
        timings[name] = (time.perf_counter() - started) * 1000 / max(ended, 1)
    return timings


def importlib_attr(module: str, name: str) -> Any:
    import importlib

    return getattr(importlib.import_module(module), name)


def flags_part(args: argparse.Namespace, env: dict[str, str], folder: str) -> dict[str, Any]:
    from django.utils import timezone

    warm = league_round(3, "warm")  # each worker process's first carrying (its imports) before the figures
    alone = league_round(1, "alone")
    many = league_round(args.games, "many")
    processes = _scaled(env, args.concurrency, folder)
    try:
        delays(flags_at(warm, timezone.now() + timedelta(seconds=2)))
        first = delays(flags_at(alone, timezone.now() + AHEAD))
        seen = delays(flags_at(many, timezone.now() + AHEAD))
    finally:
        stop_processes(processes)
    return {"alone": first, "together": seen}


def live_part(args: argparse.Namespace, env: dict[str, str], folder: str) -> dict[str, Any]:
    """``args.live`` games played at a league's pace while the broker's queue and the worker's
    unacknowledged messages are sampled every second."""
    import redis
    from django.contrib.auth.models import User
    from django.utils import timezone

    from accounts.models import Player
    from arbiter import registry
    from games.models import Game
    from games.play import service, state

    name = f"live-{time.time_ns() % 10**9}"
    games, users = [], {}
    for number in range(args.live):
        pair = []
        for colour in ("w", "b"):
            user = User.objects.create_user(f"{name}-{number}{colour}")
            users[user.pk] = user
            pair.append(Player.objects.create(display_name=user.username, handle=user.username, user=user))
        games.append(state.create_service_game(pair[0], pair[1], "dvonn", "15+10"))
    _start_clocks(Game.objects.filter(pk__in=[game.pk for game in games]), timezone.now())
    broker = redis.Redis.from_url(args.redis_url)
    samples: list[tuple[int, int]] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(1.0):
            samples.append((int(broker.llen("celery")), int(broker.hlen("unacked"))))

    processes = _scaled(env, args.concurrency, folder)
    sampler = threading.Thread(target=sample, daemon=True)
    rng = random.Random(41)
    positions = {game.pk: game.position for game in games}
    plies = dict.fromkeys(positions, 0)
    by_pk = {game.pk: game for game in games}
    started = time.monotonic()
    queue = [(started + rng.uniform(0, args.pace), game.pk) for game in games]
    heapq.heapify(queue)
    played = refused = 0
    sampler.start()
    try:
        while time.monotonic() - started < args.seconds:
            due, pk = queue[0]
            if due > time.monotonic():
                time.sleep(min(due - time.monotonic(), 0.05))
                continue
            heapq.heappop(queue)
            status = registry.status(positions[pk])
            if status.ended:
                continue
            move = rng.choice(registry.legal_moves(positions[pk])).notation
            game = by_pk[pk]
            mover = users[game.white.user_id if status.to_move == 0 else game.black.user_id]
            try:
                service.make_move(game, mover, move, plies[pk])
            except Exception:  # noqa: BLE001 - counted: a bench never stops for one refusal
                refused += 1
            else:
                played += 1
                positions[pk] = registry.play(positions[pk], move).position
                plies[pk] += 1
            heapq.heappush(queue, (due + args.pace, pk))
    finally:
        stop.set()
        sampler.join(5)
        stop_processes(processes)
    elapsed = time.monotonic() - started
    lengths, held = [s[0] for s in samples], [s[1] for s in samples]
    return {
        "games": args.live,
        "played": played,
        "refused": refused,
        "per_second": played / elapsed,
        "queue_p50": _percentile(lengths, 0.5),
        "queue_max": max(lengths, default=0),
        "unacked_p50": _percentile(held, 0.5),
        "unacked_max": max(held, default=0),
        "unacked_last": held[-1] if held else 0,
        "samples": len(samples),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--in-process", type=int, default=50, help="games ended each way in this process")
    parser.add_argument("--together", type=int, default=50, help="games a transaction, in this process")
    parser.add_argument("--live", type=int, default=1000, help="games played at a league's pace")
    parser.add_argument("--seconds", type=float, default=90, help="how long the live games are played")
    parser.add_argument("--pace", type=float, default=20, help="seconds between two moves of a live game")
    parser.add_argument("--parts", default=",".join(PARTS))
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--baseline", default="", help="a git revision whose code is measured too, as before")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only (a side's run)")
    args = parser.parse_args(argv)
    if args.baseline:
        return compare(args, argv if argv is not None else sys.argv[1:])
    if not args.json:  # a run of its own: a database of its own
        args.database_url = _database(args.database_url, "flags")
    env = _setup(args)
    parts = [part for part in args.parts.split(",") if part]
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="flags-bench-") as folder:
        if "in-process" in parts:
            figures["in-process"] = in_process(args.in_process, args.together)
        if "flags" in parts:
            figures["flags"] = flags_part(args, env, folder)
        if "live" in parts:
            figures["live"] = live_part(args, env, folder)
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures)
    return 0


def compare(args: argparse.Namespace, argv: list[str]) -> int:
    """This code and the code of ``args.baseline`` (git), each in a process of its own on a database of
    its own, in turn; both printed."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline], check=True, capture_output=True
    ).stdout
    passed = [
        arg
        for index, arg in enumerate(argv)
        if arg != "--baseline" and argv[index - 1 : index] != ["--baseline"]
    ]
    sides: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="flags-bench-baseline-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        for side, code in (("now", ROOT), ("before", Path(folder))):
            url = _database(args.database_url, f"flags_{side}")
            run = [arg if arg != args.database_url else url for arg in passed]
            env = dict(os.environ, FLAGS_BENCH_CODE=str(code), PYTHONPATH=str(code))
            answer = subprocess.run(
                [sys.executable, __file__, *run, "--json"], cwd=code, env=env, capture_output=True, text=True
            )
            lines = [line for line in answer.stdout.splitlines() if line.startswith("{")]
            if not lines:
                print(answer.stdout[-2000:], answer.stderr[-4000:], sep="\n")
                return 1
            sides[side] = json.loads(lines[-1])
    print(f"   now: this checkout; before: {args.baseline}")
    for side in ("now", "before"):
        print(f"-- {side}")
        report(sides[side])
    return 0


def report(figures: dict[str, Any]) -> None:
    if "in-process" in figures:
        timings = figures["in-process"]
        ratio = timings["together"] / timings["one by one"]
        print(
            f"   in process, ms a game: one by one {timings['one by one']:.1f},"
            f" together {timings['together']:.1f} (ratio {ratio:.2f})"
        )
    if "flags" in figures:
        first, seen = figures["flags"]["alone"], figures["flags"]["together"]
        print(
            f"   one flag alone: end {max(first['ends'] or [float('nan')]):.2f} s,"
            f" end event {max(first['events'] or [float('nan')]):.2f} s after the flag"
        )
        print(
            f"   {len(seen['ends']) + seen['unended']} flags together: end p50 {_percentile(seen['ends'], 0.5):.2f} s,"
            f" max {max(seen['ends'] or [float('nan')]):.2f} s; end event p50 {_percentile(seen['events'], 0.5):.2f} s,"
            f" max {max(seen['events'] or [float('nan')]):.2f} s; not ended {seen['unended']};"
            f" pairings with their result {seen['pairings']}, played records p50"
            f" {_percentile(seen['carried'], 0.5):.2f} s, max {max(seen['carried'] or [float('nan')]):.2f} s"
        )
    if "live" in figures:
        live = figures["live"]
        print(
            f"   {live['games']} live games, {live['played']} moves ({live['per_second']:.1f}/s,"
            f" {live['refused']} refused) over {live['samples']} s: the broker's queue p50"
            f" {live['queue_p50']:.0f}, max {live['queue_max']}; the worker's unacknowledged p50"
            f" {live['unacked_p50']:.0f}, max {live['unacked_max']}, at the end {live['unacked_last']}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
