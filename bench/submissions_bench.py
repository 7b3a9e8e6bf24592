"""Submitted records, in-process: ``.venv/bin/python bench/submissions_bench.py [--players N]``.

The issue's load test runs the whole stack (PostgreSQL, Redis, gunicorn, a Celery worker); this
bench measures what one worker process spends per record, without the network: on a fresh SQLite
database (a temporary file, migrated), a round robin of N players (default 40, so 20 games in
round 1) of ``gipf-standard``, one reference record (``../shared/records/gipf/standard-*.txt``,
its names set to the pairing's players) submitted per game by the organiser with
``games.services.submit_record`` (its verification queued, not run), then every queued
verification run with ``games.services.verify_record`` (the task's body). The baseline, in the
same run, is ``arbiter.registry.replay`` of the same records alone. Printed: submissions/s, submit
p50/p99 (ms), verifications/s, replays/s, and the ratios. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RECORDS = ROOT.parent / "shared" / "records" / "gipf"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument(
        "--database-url",
        default="",
        help="an empty database to migrate and fill, e.g. postgres://... (default: a temporary SQLite file)",
    )
    parser.add_argument("--profile", action="store_true", help="print cProfile's top of the verifications")
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    args = parser.parse_args(argv)
    if "django.apps" in sys.modules and sys.modules["django.apps"].apps.ready:
        # Django already set up on another bench's database (bench/run.py): a fresh process
        command = [
            sys.executable,
            __file__,
            "--players",
            str(args.players),
            "--database-url",
            args.database_url,
        ]
        return subprocess.run(command + (["--profile"] if args.profile else []), check=False).returncode
    texts = [path.read_text() for path in sorted(RECORDS.glob("standard-*.txt"))]
    if not texts:
        print(f"   skipped: no records in {RECORDS}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
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
    from games import services
    from tournaments.events import services as event_services
    from tournaments.models import Pairing
    from tournaments.pairing import services as pairing_services
    from tournaments.registration import services as registration_services

    call_command("migrate", verbosity=0)
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

        profiler = cProfile.Profile()
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


if __name__ == "__main__":
    sys.exit(main())
