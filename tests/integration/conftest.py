"""The scaled setup: PostgreSQL (DATABASE_URL), Redis (CELERY_BROKER_URL) and a real Celery worker.

``scripts/test`` starts the servers and runs ``pytest -m integration`` with both variables set.
The worker is started here, once the test database exists, pointed at that database.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/integration" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session", autouse=True)
def _scaled_setup_required() -> None:
    engine = settings.DATABASES["default"]["ENGINE"]
    problems = []
    if "postgresql" not in engine:
        problems.append("DATABASE_URL=postgres://... is not set")
    if settings.CELERY_TASK_ALWAYS_EAGER:
        problems.append("CELERY_BROKER_URL=redis://... is not set")
    if problems:
        message = "integration tests need the scaled setup: " + "; ".join(problems) + " (run scripts/test)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


# Short sweep settings for the worker and beat processes: lost work is queued again within seconds.
SWEEP_ENV = {"SWEEP_INTERVAL": "1", "SWEEP_GRACE": "2"}


def _process_env() -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return dict(os.environ, DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.test_settings", **SWEEP_ENV)


def _forget_unacknowledged() -> None:
    """Drop the messages a killed worker left unacknowledged: they would come back to a later test."""
    import redis

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    client.delete("unacked", "unacked_index", "unacked_mutex")


class Workers:
    """Start Celery worker processes (one task at a time) and a beat on the test database; stop or
    ``kill -9`` them; everything started is stopped when the test ends."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []
        self.count = 0

    def start(self, wait: bool = True, processes: int = 0, **env: str) -> subprocess.Popen[bytes]:
        """A worker; with ``wait``, once it answers a ping (it may have run queued tasks by then);
        one task at a time, or ``processes`` at once (a prefork pool, as docs/deployment.md's workers);
        with ``env`` over the settings' environment (``VERIFY_TIME_LIMIT="5"``)."""
        from config.celery import app

        self.count += 1
        hostname = f"test-worker-{os.getpid()}-{self.count}@localhost"
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker"]
            + (
                ["--pool=prefork", f"--concurrency={processes}"]
                if processes
                else ["--pool=solo", "--concurrency=1"]
            )
            + [
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=WARNING",
                "-n",
                hostname,
            ],
            cwd=ROOT,
            env={**_process_env(), **env},
        )
        self.started.append(worker)
        if not wait:
            return worker
        deadline, asked = time.monotonic() + 120, 0  # a worker's start on a loaded 2-core machine
        while time.monotonic() < deadline:
            if worker.poll() is not None:
                pytest.fail(f"the Celery worker exited with code {worker.returncode}")
            asked += 1
            if asked % 20 == 0 and _pinged_afresh(hostname):  # this process's broker connections may
                return worker  # be ones an earlier test's Redis restart left unanswered
            try:
                if app.control.ping(destination=[hostname], timeout=0.5):
                    return worker
            except Exception:  # this process's connection is one a Redis restart closed: ask again
                forget_broker_connections()
                time.sleep(0.2)
        worker.kill()
        pytest.fail("the Celery worker did not answer a ping within 120 s")

    def start_beat(self, schedule: Path, **env: str) -> subprocess.Popen[bytes]:
        """Beat (its periodic tasks, and in its process the clocks' ticker: ``common.ticker``), with
        ``env`` over the settings' environment (``SWEEP_INTERVAL="3600"``: no sweep meanwhile)."""
        beat = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel=WARNING",
                "-s",
                str(schedule),
            ],
            cwd=ROOT,
            env={**_process_env(), **env},
        )
        self.started.append(beat)
        return beat

    @staticmethod
    def kill(process: subprocess.Popen[bytes]) -> None:
        """``kill -9``: no clean shutdown, the task in hand is neither finished nor given back."""
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self) -> None:
        for process in self.started:
            if process.poll() is None:
                process.terminate()
        for process in self.started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


@pytest.fixture
def workers(transactional_db: None) -> Iterator[Workers]:
    from config.celery import app

    app.control.purge()
    _forget_unacknowledged()
    started = Workers()
    try:
        yield started
    finally:
        started.stop_all()
        app.control.purge()
        _forget_unacknowledged()


@pytest.fixture
def celery_worker_process(workers: Workers) -> subprocess.Popen[bytes]:
    """A real ``celery worker`` process on the test database; stopped after the test."""
    return workers.start()


def _pinged_afresh(hostname: str) -> bool:
    """Whether the worker ``hostname`` answers a ping sent by a new process (its own connections)."""
    asked = [sys.executable, "-m", "celery", "-A", "config", "inspect", "ping", "-d", hostname, "-t", "2"]
    try:
        done = subprocess.run(asked, cwd=ROOT, env=_process_env(), capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0 and b"pong" in done.stdout


def registered_tasks(asked: list[int]) -> dict[str, list[str]] | None:
    """The tasks each worker has registered (Celery's ``inspect registered``), asked by this process
    and, every fifth try, by a new process: this process's broker connections may be ones an earlier
    test's Redis restart left unanswered. ``asked`` counts the tries (one element)."""
    import json

    from config.celery import app

    asked[0] += 1
    if asked[0] % 5 == 0:
        command = [sys.executable, "-m", "celery", "-A", "config", "inspect", "registered", "-j", "-t", "2"]
        try:
            done = subprocess.run(command, cwd=ROOT, env=_process_env(), capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            return None
        return json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else None
    try:
        return app.control.inspect(timeout=2).registered()  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - a connection a Redis restart closed: asked again
        forget_broker_connections()
        return None


def forget_broker_connections() -> None:
    """Forget the Redis failures this process remembers (``common.redis_faults``): Redis is back."""
    from common import redis_faults

    redis_faults.forget()


class Redis:
    """The broker, stopped and started again as a crash would (no persistence: its queues are lost)."""

    def __init__(self, url: str) -> None:
        from urllib.parse import urlparse

        self.port = str(urlparse(url).port or 6379)

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", self.port, "shutdown", "nosave"], check=False, capture_output=True)
        for _ in range(50):
            if subprocess.run(["redis-cli", "-p", self.port, "ping"], capture_output=True).returncode != 0:
                return
            time.sleep(0.1)
        pytest.fail("redis-server did not stop")

    def stop_saving(self, folder: Path) -> None:
        """Stop it as a service restart does: its data saved first (in ``folder``), for :meth:`start`."""
        asked = ["redis-cli", "-p", self.port, "--raw", "config", "get", "dir"]
        where = Path(subprocess.run(asked, check=True, capture_output=True, text=True).stdout.split()[-1])
        subprocess.run(["redis-cli", "-p", self.port, "shutdown", "save"], check=False, capture_output=True)
        for _ in range(50):
            if subprocess.run(["redis-cli", "-p", self.port, "ping"], capture_output=True).returncode != 0:
                # the server's folder is its starter's (protected: not changed at run time): moved away
                shutil.move(where / "dump.rdb", folder / "dump.rdb")
                return
            time.sleep(0.1)
        pytest.fail("redis-server did not stop")

    def start(self, folder: Path | None = None) -> None:
        """Start it (with ``folder``: in that folder, loading the data saved there)."""
        subprocess.run(
            ["redis-server", "--port", self.port, "--bind", "127.0.0.1", "--daemonize", "yes"]
            + ["--save", "", "--appendonly", "no"]
            + (["--dir", str(folder)] if folder else []),
            check=True,
            capture_output=True,
        )
        for _ in range(50):
            if subprocess.run(["redis-cli", "-p", self.port, "ping"], capture_output=True).returncode == 0:
                forget_broker_connections()
                return
            time.sleep(0.1)
        pytest.fail("redis-server did not start")


@pytest.fixture
def redis_server() -> Iterator[Redis]:
    server = Redis(settings.CELERY_BROKER_URL)
    try:
        yield server
    finally:
        if subprocess.run(["redis-cli", "-p", server.port, "ping"], capture_output=True).returncode != 0:
            server.start()


def wait_for(predicate, timeout: float = 60, what: str = "condition"):  # type: ignore[no-untyped-def]
    """Poll the database (through ``predicate``) until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")
