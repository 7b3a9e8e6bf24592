"""Submitted records on the real stack: ``.venv/bin/python bench/submissions_bench.py [--quick]``.

The issue's load test (issue 20 item 17) as one command: PostgreSQL and Redis (``eval
"$(scripts/services)"`` gives their addresses in ``DATABASE_URL`` and ``CELERY_BROKER_URL``, or
``--database-url`` / ``--broker-url``), gunicorn with 4 workers and one Celery worker with
concurrency 2, each started here on a database of its own (``<database>_bench``, created afresh)
and a Redis database of its own (``--redis-db``, flushed). Records are submitted over HTTP to
``POST /api/games/submit/`` by the events' organiser, one reference GIPF record
(``../shared/records/gipf/standard-*.txt``, its names set to the pairing's players) per game of
round 1 of round robins of 50 players. Two phases:

- backlog: the worker taking no task (its consumer cancelled once it is up), ``--backlog`` records
  submitted by 4 clients at once (submissions/s with nothing else running); then the worker takes
  tasks again, timed from then until it has verified them all (tasks verify in batches):
  verifications/s per worker process (the wall-clock rate divided by the concurrency), and the
  worker processes' CPU seconds per verification;
- steady: the worker running, records submitted at ``--rate`` a second (open loop: each at its
  time, whatever the answers before it) for ``--seconds``: submit p50/p99, and how long after the
  last submission the last verification came.

The baseline, measured in the same run in this process, is ``arbiter.registry.replay`` of the same
records alone (records/s of CPU); every rate is also printed as a ratio against it. Nothing is
asserted; the last line says whether issue 43's targets are met (``submissions_baseline.target_line``).
``--baseline [REV]`` runs the stack on REV's code (default ``e2c26c5``), then on today's, each on a
fresh database and its Redis database flushed: verifications a second per worker process, the
worker's CPU a verification, the web workers' CPU a submission, their ratios and the targets
(``bench/submissions_baseline.py``). ``--in-process`` runs the former in-process bench instead
(``bench/submissions_inprocess.py``: one process, no HTTP or Celery, ``submit_record`` and
``verify_record`` called directly, on a temporary SQLite file unless ``--database-url`` says
otherwise); without PostgreSQL and Redis that mode runs.

``--web`` measures the web side alone, on the stack's database and Redis but in one process: the
backlog's records submitted one after the other through Django's WSGI handler (the request stack as
gunicorn runs it: middleware, the token, the throttle, the view, the Celery message), ms of CPU and
statements a submission; with ``--profile``, cProfile of them. ``--web --baseline [REV]`` runs it on
REV's code, then on today's, each on a fresh database: the figures and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RECORDS = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared")) / "records" / "gipf"
PLAYERS_PER_EVENT = 50  # 25 games in round 1
VENV_BIN = Path(sys.executable).parent
WARM = 8  # records verified before the backlog (the worker processes' first tasks load the engines)
BASELINE_REVISION = "e2c26c5"  # the code before the verification's and the submission's work (issue 43)


# ``python -c PROFILE_CPU <output> <celery's arguments>``: a Celery worker under cProfile counting
# CPU time (the machine is shared: wall-clock time would count the other processes' turns)
PROFILE_CPU = """
import cProfile, runpy, sys, time
output = sys.argv.pop(1)
sys.argv[0] = "celery"
profile = cProfile.Profile(time.process_time)
try:
    profile.runcall(runpy.run_module, "celery", run_name="__main__")
finally:
    profile.dump_stats(output)
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--in-process", action="store_true", help="the in-process bench (no HTTP, no Celery)")
    parser.add_argument("--quick", action="store_true", help="a few records only: checks that the bench runs")
    parser.add_argument("--players", type=int, default=40, help="(in-process) players of the round robin")
    parser.add_argument("--database-url", default="", help="PostgreSQL (stack; default $DATABASE_URL)")
    parser.add_argument("--broker-url", default="", help="Redis (stack; default $CELERY_BROKER_URL)")
    parser.add_argument("--redis-db", type=int, default=13, help="(stack) the Redis database used, flushed")
    parser.add_argument("--web-workers", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=2, help="(stack) the Celery worker's")
    parser.add_argument("--backlog", type=int, default=200, help="(stack) records of the backlog phase")
    parser.add_argument("--rate", type=float, default=20.0, help="(stack) submissions/s of the steady phase")
    parser.add_argument("--seconds", type=float, default=30.0, help="(stack) length of the steady phase")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile of the verifications (stack: in the worker; --web: of the submissions)",
    )
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    parser.add_argument("--web", action="store_true", help="(stack) the web side alone, in one process")
    parser.add_argument(
        "--baseline", nargs="?", const=BASELINE_REVISION, help="(stack, --web) REV's code, then today's"
    )
    parser.add_argument("--web-jobs", default="", help=argparse.SUPPRESS)  # the web side, in a child
    parser.add_argument("--figures-to", default="", help=argparse.SUPPRESS)
    parser.add_argument("--setup", default="", help=argparse.SUPPRESS)  # the stack's data, in a child
    parser.add_argument("--games", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    texts = [path.read_text() for path in sorted(RECORDS.glob("standard-*.txt"))]
    if not texts:
        print(f"   skipped: no records in {RECORDS}")
        return 0
    if args.setup:
        return stack_setup(args, texts)
    if args.web_jobs:
        import submissions_web  # the web side alone (the bench folder is on the path)

        return submissions_web.web_side(args)
    database = args.database_url or os.environ.get("DATABASE_URL", "")
    broker = args.broker_url or os.environ.get("CELERY_BROKER_URL", "")
    stack = database.startswith("postgres") and broker.startswith("redis")
    if args.baseline and not args.in_process:
        import submissions_baseline  # REV's code, then today's (the bench folder is on the path)

        if stack:
            return submissions_baseline.against_baseline(args, database, broker)
        print('   --baseline runs the stack: no PostgreSQL and Redis given (eval "$(scripts/services)")')
        return 1
    if stack and not args.in_process:
        return run_stack(args, texts, database, broker)
    if not args.in_process:
        print('   no PostgreSQL and Redis given (eval "$(scripts/services)"): the in-process bench instead')
    import submissions_inprocess  # the bench folder is on the path

    return submissions_inprocess.in_process(args, texts)


# ------------------------------------------------------------------------------- the real stack


def with_path(url: str, path: str) -> str:
    """``url`` with its path (the database's name or number) replaced."""
    return urlunsplit(urlsplit(url)._replace(path="/" + path))


def stack_setup(args: Any, texts: list[str]) -> int:
    """In a child with the stack's environment: migrate, then the organiser, his API token and the
    round robins whose round-1 games take the records; the jobs written to ``args.setup``."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from tournaments.events import services as event_services
    from tournaments.models import Pairing
    from tournaments.pairing import services as pairing_services
    from tournaments.registration import services as registration_services

    call_command("migrate", verbosity=0)
    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    token = Token.objects.create(user=organiser)
    jobs: list[tuple[int, str]] = []
    number = 0
    while len(jobs) < args.games:
        number += 1
        event = event_services.create_event(
            organiser, name=f"Bench {number}", game="gipf-standard", pairing_system="round-robin"
        )
        names = "\n".join(f"Player{number:03d}x{n:03d} {2000 - n}" for n in range(PLAYERS_PER_EVENT))
        registration_services.register_list(event, organiser, names)
        round_ = event_services.start_event(event, organiser, "white")
        round_ = pairing_services.pair_round_now(round_.pk)
        pairings = Pairing.objects.filter(round=round_).exclude(black=None)
        for pairing in pairings.select_related("white__player", "black__player").order_by("pk"):
            text = texts[len(jobs) % len(texts)]
            text = re.sub(r'\[White "[^"]*"\]', f'[White "{pairing.white.player.display_name}"]', text)
            text = re.sub(r'\[Black "[^"]*"\]', f'[Black "{pairing.black.player.display_name}"]', text)
            jobs.append((pairing.pk, text))
    Path(args.setup).write_text(json.dumps({"token": token.key, "jobs": jobs[: args.games]}))
    return 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and of its children still running (0 when gone)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(child) for child in (task / "children").read_text().split()]
    except OSError:
        return 0.0
    for one in pids:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


class Stack:
    """gunicorn and a Celery worker started by the bench, stopped by it (their process groups)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, command: list[str]) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as out:
            process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.processes.append(process)
        return process

    def stop(self, process: subprocess.Popen[bytes]) -> None:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes.remove(process)

    def stop_all(self) -> None:
        for process in list(self.processes):
            self.stop(process)


def _control(broker: str, worker: subprocess.Popen[bytes]) -> Any:
    """Celery's remote control of the bench's worker, once the worker answers a ping."""
    from celery import Celery

    control = Celery(broker=broker).control
    deadline = time.monotonic() + 120
    while not control.ping(timeout=1.0):
        if worker.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the Celery worker did not start: see the log")
    return control


def post(url: str, token: str, body: dict[str, object]) -> tuple[int, float]:
    """POST ``body`` as JSON; the status and the seconds until the answer was read."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )
    begun = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, time.perf_counter() - begun


def wait_for_web(base: str, web: subprocess.Popen[bytes], workers: int) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if web.poll() is not None:
            raise SystemExit("gunicorn exited: see the log")
        try:
            with urllib.request.urlopen(base + "/api/", timeout=5) as answer:
                answer.read()
                break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.2)
    else:
        raise SystemExit("gunicorn did not answer within 120 s")

    # each web worker loads the URLs at its first request: not part of what is measured
    def get() -> None:
        try:
            with urllib.request.urlopen(base + "/api/", timeout=60) as answer:
                answer.read()
        except OSError:
            pass

    threads = [threading.Thread(target=get) for _ in range(workers * 4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def run_stack(args: Any, texts: list[str], database: str, broker: str) -> int:
    import psycopg
    import redis

    from arbiter import registry

    name = urlsplit(database).path.lstrip("/") + "_bench"
    bench_database = with_path(database, name)
    with psycopg.connect(database, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    redis_url = with_path(broker, str(args.redis_db))
    redis.Redis.from_url(redis_url).flushdb()
    backlog = 12 if args.quick else args.backlog
    rate = 4.0 if args.quick else args.rate
    steady = 0 if args.web else int(rate * (2 if args.quick else args.seconds))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": bench_database,
        "CELERY_BROKER_URL": redis_url,
        "CACHE_URL": redis_url,
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SUBMISSION_RATE": "1000000/min",  # the organiser submits every record: no throttle in the way
        # the code measured is this bench's tree (a baseline's too: --baseline), whatever the venv's
        # editable install points at: gunicorn and Celery run in it and import it first
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
    }
    for variable in ("CELERY_RESULT_BACKEND", "DJANGO_TESTING"):
        env.pop(variable, None)
    with tempfile.TemporaryDirectory() as folder:
        jobs_file, log = Path(folder) / "jobs.json", Path(folder) / "stack.log"
        setup = [sys.executable, __file__, "--setup", str(jobs_file), "--games", str(WARM + backlog + steady)]
        subprocess.run(setup, cwd=ROOT, env=env, check=True)
        data = json.loads(jobs_file.read_text())
        token, jobs = data["token"], [tuple(job) for job in data["jobs"]]

        started = time.process_time()
        for _pairing, text in jobs:
            registry.replay(text, "gipf-standard")
        replay_rate = len(jobs) / (time.process_time() - started)

        if args.web:  # the web side alone, in a child with the stack's environment
            command = [sys.executable, __file__, "--web-jobs", str(jobs_file), "--backlog", str(backlog)]
            command += (["--profile"] if args.profile else []) + ["--figures-to", args.figures_to]
            web = subprocess.run(command, cwd=ROOT, env=env, check=False)
        else:
            stack = Stack(env, log)
            try:
                figures = measure_stack(
                    args, stack, jobs, token, bench_database, backlog, rate, steady, folder
                )
            except BaseException:
                print(log.read_text()[-3000:], file=sys.stderr)
                raise
            finally:
                stack.stop_all()
        with psycopg.connect(database, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        redis.Redis.from_url(redis_url).flushdb()
    if args.web:
        return web.returncode
    report_stack(args, figures, replay_rate, len(jobs))
    from submissions_baseline import target_line  # the bench folder is on the path

    per_process = figures["verify_rate"] / figures["processes"]
    if args.figures_to:  # a side of --baseline: the figures it compares, and the targets, are the parent's
        stack_figures = {"per_process": per_process, "verify_cpu_ms": figures["verify_cpu"] * 1000}
        stack_figures["web_cpu_ms"] = figures["submit_cpu"] * 1000
        Path(args.figures_to).write_text(json.dumps(stack_figures))
    else:
        print(f"   {target_line(per_process, figures['submit_cpu'] * 1000)}")
    return 0


def measure_stack(
    args: Any,
    stack: Stack,
    jobs: list[tuple[int, str]],
    token: str,
    database: str,
    backlog: int,
    rate: float,
    steady: int,
    folder: str,
) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    import psycopg

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    web = stack.start(
        [str(VENV_BIN / "gunicorn"), "config.wsgi", "--workers", str(args.web_workers)]
        + ["--bind", f"127.0.0.1:{port}", "--timeout", "60", "--log-level", "warning"]
    )
    wait_for_web(base, web, args.web_workers)
    url = base + "/api/games/submit/"
    figures: dict[str, Any] = {}
    db = psycopg.connect(database, autocommit=True)

    def counts() -> dict[str, int]:
        rows = db.execute("SELECT status, count(*) FROM games_submittedrecord GROUP BY status").fetchall()
        return {str(status): int(count) for status, count in rows}

    # backlog: submitted while the worker takes no task (its consumer cancelled once it is up), then
    # timed from when it takes them again (a batch may verify many at once: no first one to wait for)
    profile = Path(folder) / "worker.prof"
    worker_command = [str(VENV_BIN / "celery"), "-A", "config", "worker", "--loglevel", "WARNING"]
    worker_command += ["--hostname", f"bench-{os.getpid()}@%h"]
    if args.profile:  # one process running the tasks itself, under cProfile counting its CPU time
        worker_command = [sys.executable, "-c", PROFILE_CPU, str(profile)]
        worker_command += ["-A", "config", "worker", "--pool", "solo", "--loglevel", "WARNING"]
    else:
        worker_command += ["--concurrency", str(args.concurrency)]
    worker = stack.start(worker_command)
    control = _control(stack.env["CELERY_BROKER_URL"], worker)
    # a few records first, so that each worker process has loaded what its first task loads
    warm, jobs = jobs[:WARM], jobs[WARM:]
    for job in warm:
        post(url, token, {"pairing": job[0], "record": job[1]})
    deadline = time.monotonic() + 120
    while counts().get("pending", 0) and time.monotonic() < deadline:
        time.sleep(0.05)
    control.cancel_consumer("celery", reply=True, timeout=10, limit=1)
    answers: list[tuple[int, float]] = []
    begun, web_cpu = time.perf_counter(), cpu_seconds(web.pid)
    with ThreadPoolExecutor(4) as clients:
        answers = list(
            clients.map(lambda job: post(url, token, {"pairing": job[0], "record": job[1]}), jobs[:backlog])
        )
    figures["backlog_submit_rate"] = backlog / (time.perf_counter() - begun)
    figures["submit_cpu"] = (cpu_seconds(web.pid) - web_cpu) / backlog
    figures["backlog_times"] = [seconds for _, seconds in answers]
    figures["backlog_errors"] = sum(1 for status, _ in answers if status != 202)
    first, cpu_first = time.perf_counter(), cpu_seconds(worker.pid)
    control.add_consumer("celery", reply=True, timeout=10, limit=1)
    last = None
    cpu_last = 0.0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if counts().get("pending", 0) == 0:
            last, cpu_last = time.perf_counter(), cpu_seconds(worker.pid)
            break
        if worker.poll() is not None:
            raise SystemExit("the Celery worker exited: see the log")
        time.sleep(0.02)
    if last is None:
        raise SystemExit("the backlog was not verified within 600 s")
    figures["verify_rate"] = backlog / max(last - first, 1e-6)
    figures["verify_cpu"] = (cpu_last - cpu_first) / backlog
    figures["processes"] = 1 if args.profile else args.concurrency
    if args.profile:
        stack.stop(worker)
        import pstats

        stats = pstats.Stats(str(profile)).sort_stats("cumulative")
        stats.print_stats(r"games/records/services.py:\d+\(verify_records\)")
        stats.print_callees(r"games/records/services.py:\d+\(verify_records\)")
        stats.print_stats(r"(games|tournaments|accounts|config)/|connect|psycopg|celery/app/trace", 40)
        if os.environ.get("BENCH_PROFILE_OUT"):
            stats.dump_stats(os.environ["BENCH_PROFILE_OUT"])
        worker = stack.start([sys.executable, "-m", "celery"] + worker_command[4:])  # the same, not profiled

    # steady: the worker running, one submission every 1/rate s, each at its time
    times: list[float] = []
    statuses: list[int] = []
    lock = threading.Lock()

    def submit(job: tuple[int, str]) -> None:
        status, seconds = post(url, token, {"pairing": job[0], "record": job[1]})
        with lock:
            times.append(seconds)
            statuses.append(status)

    begun = time.perf_counter()
    with ThreadPoolExecutor(64) as clients:
        for index, job in enumerate(jobs[backlog : backlog + steady]):
            delay = begun + index / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            clients.submit(submit, job)
        sent = time.perf_counter()
    figures["steady_rate"] = steady / (time.perf_counter() - begun)
    figures["steady_times"] = times
    figures["steady_errors"] = sum(1 for status in statuses if status != 202)
    figures["pending_at_end"] = counts().get("pending", 0)
    while counts().get("pending", 0) and time.perf_counter() - sent < 600:
        time.sleep(0.05)
    figures["lag"] = time.perf_counter() - sent
    figures["counts"] = counts()
    db.close()
    return figures


def report_stack(args: Any, figures: dict[str, Any], replay_rate: float, records: int) -> None:
    processes = figures["processes"]
    per_process = figures["verify_rate"] / processes
    backlog_times, steady_times = figures["backlog_times"], figures["steady_times"]
    print(
        f"   stack: PostgreSQL, Redis, gunicorn {args.web_workers} workers, one Celery worker of"
        f" {processes} process{'es' if processes > 1 else ''}; {records} records of gipf-standard: {figures['counts']}"
    )
    print(f"   replay alone (baseline): {replay_rate:8.1f} records/s ({1000 / replay_rate:.1f} ms CPU each)")
    print(
        f"   backlog, no worker running: {figures['backlog_submit_rate']:6.1f} submissions/s by 4 clients"
        f" ({figures['backlog_submit_rate'] / replay_rate:.2f} x the replay rate),"
        f" p50 {percentile(backlog_times, 0.5) * 1000:.0f} ms, p99 {percentile(backlog_times, 0.99) * 1000:.0f} ms,"
        f" {figures['backlog_errors']} not 202; the web workers' CPU {figures['submit_cpu'] * 1000:.1f} ms per submission"
    )
    print(
        f"   backlog verified: {figures['verify_rate']:6.1f} /s, {per_process:.1f} /s per worker process"
        f" ({per_process / replay_rate:.3f} x the replay rate); the worker's CPU"
        f" {figures['verify_cpu'] * 1000:.1f} ms per verification ({1 / max(figures['verify_cpu'], 1e-6):.0f} /s"
        f" per CPU-second, {1 / max(figures['verify_cpu'], 1e-6) / replay_rate:.3f} x the replay rate)"
    )
    print(
        f"   steady at {args.rate if not args.quick else 4.0:.0f}/s: {figures['steady_rate']:.1f} submissions/s"
        f" ({figures['steady_rate'] / replay_rate:.3f} x the replay rate),"
        f" p50 {percentile(steady_times, 0.5) * 1000:.0f} ms, p99 {percentile(steady_times, 0.99) * 1000:.0f} ms,"
        f" {figures['steady_errors']} not 202; {figures['pending_at_end']} pending after the last submission,"
        f" all verified {figures['lag']:.1f} s after it"
    )


if __name__ == "__main__":
    sys.exit(main())
