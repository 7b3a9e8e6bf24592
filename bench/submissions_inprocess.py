"""The in-process bench (``bench/submissions_bench.py --in-process``, and what it runs when no
PostgreSQL and Redis are given): one process, no HTTP or Celery: ``games.records.services.submit_record``
and ``verify_record`` called directly, on a temporary SQLite file unless ``--database-url`` says
otherwise. Imported by its name: the bench folder is on the path of every bench.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from submissions_bench import percentile

BENCH = Path(__file__).resolve().parent / "submissions_bench.py"


def in_process(args: Any, texts: list[str]) -> int:
    if "django.apps" in sys.modules and sys.modules["django.apps"].apps.ready:
        # Django already set up on another bench's database (bench/run.py): a fresh process
        command = [sys.executable, str(BENCH), "--in-process", "--players", str(args.players)]
        command += ["--quick"] if args.quick else []
        command += ["--database-url", args.database_url] + (["--profile"] if args.profile else [])
        return subprocess.run(command, check=False).returncode
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = (
            args.database_url
            if args.in_process and args.database_url
            else f"sqlite:///{folder}/bench.sqlite3"
        )
        os.environ.pop("CELERY_BROKER_URL", None)
        os.environ.setdefault("SECRET_KEY", "bench-only")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        return run(args, texts)


def run(args: Any, texts: list[str]) -> int:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import get_resolver

    from arbiter import registry
    from games.records import services
    from tournaments.events import services as event_services
    from tournaments.models import Pairing
    from tournaments.pairing import services as pairing_services
    from tournaments.registration import services as registration_services

    call_command("migrate", verbosity=0)
    args.players = 10 if args.quick else args.players
    # what a worker loads once, at its first task: the URLs (a notice links to its game)
    get_resolver().url_patterns  # noqa: B018
    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(
        organiser, name="Bench", game="gipf-standard", pairing_system="round-robin"
    )
    registration_services.register_list(
        event, organiser, "\n".join(f"Player{n:03d} {2000 - n}" for n in range(args.players))
    )
    round_ = event_services.start_event(event, organiser, "white")
    round_ = pairing_services.pair_round_now(round_.pk)
    pairings = list(
        Pairing.objects.filter(round=round_)
        .exclude(black=None)
        .select_related("white__player", "black__player")
    )
    jobs = []
    for index, pairing in enumerate(pairings):
        text = texts[index % len(texts)]
        text = re.sub(r'\[White "[^"]*"\]', f'[White "{pairing.white.player.display_name}"]', text)
        text = re.sub(r'\[Black "[^"]*"\]', f'[Black "{pairing.black.player.display_name}"]', text)
        jobs.append((pairing, text))

    started = time.process_time()
    for _pairing, text in jobs:
        registry.replay(text, "gipf-standard")
    replay_cpu = (time.process_time() - started) / len(jobs)

    queued: list[int] = []
    real_enqueue = services.enqueue_on_commit

    def keep(task: object, *args: Any) -> None:
        queued.append(int(args[0]))

    services.enqueue_on_commit = keep  # type: ignore[assignment]
    submit_times = []
    try:
        started = time.process_time()
        submit_queries = CaptureQueriesContext(connection)
        submit_queries.__enter__()
        for pairing, text in jobs:
            begun = time.perf_counter()
            services.submit_record(pairing, organiser, text)
            submit_times.append(time.perf_counter() - begun)
        submit_cpu = (time.process_time() - started) / len(jobs)
        submit_queries.__exit__(None, None, None)
    finally:
        services.enqueue_on_commit = real_enqueue  # type: ignore[assignment]

    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)  # CPU time: the machine is shared
        profiler.enable()
    started, wall = time.process_time(), time.perf_counter()
    with CaptureQueriesContext(connection) as verify_queries:
        statuses = [services.verify_record(record_id).status for record_id in queued]
    verify_cpu = (time.process_time() - started) / len(queued)
    verify_wall = (time.perf_counter() - wall) / len(queued)
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)

    valid = statuses.count("valid")
    database = connection.vendor
    print(f"   {len(jobs)} records of gipf-standard, {valid} verified valid; {database}, one process")
    print(
        f"   replay alone (baseline): {1 / replay_cpu:8.1f} records/s ({replay_cpu * 1000:.1f} ms CPU each)"
    )
    print(
        f"   submissions: {1 / submit_cpu:8.1f} /s, p50 {percentile(submit_times, 0.5) * 1000:.1f} ms,"
        f" p99 {percentile(submit_times, 0.99) * 1000:.1f} ms ({replay_cpu / submit_cpu:.2f} x the replay rate),"
        f" {len(submit_queries) / len(jobs):.0f} queries each"
    )
    print(
        f"   verifications: {1 / verify_cpu:8.1f} /s ({verify_cpu * 1000:.1f} ms CPU each,"
        f" {replay_cpu / verify_cpu:.2f} x the replay rate), {len(verify_queries) / len(queued):.0f} queries each;"
        f" {1 / verify_wall:.1f} /s in wall-clock time"
    )
    return 0
