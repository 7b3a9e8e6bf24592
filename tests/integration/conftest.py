"""The scaled setup: PostgreSQL (DATABASE_URL), Redis (CELERY_BROKER_URL) and a real Celery worker.

``scripts/test`` starts the servers and runs ``pytest -m integration`` with both variables set.
The worker is started here, once the test database exists, pointed at that database.
"""

from __future__ import annotations

import os
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


@pytest.fixture
def celery_worker_process(transactional_db: None) -> Iterator[subprocess.Popen[bytes]]:
    """A real ``celery worker`` process on the test database; stopped after the test."""
    from config.celery import app

    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = dict(os.environ, DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.test_settings")
    hostname = f"test-worker-{os.getpid()}@localhost"
    app.control.purge()
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=WARNING",
            "-n",
            hostname,
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            pytest.fail(f"the Celery worker exited with code {worker.returncode}")
        if app.control.ping(destination=[hostname], timeout=0.5):
            break
    else:
        worker.kill()
        pytest.fail("the Celery worker did not answer a ping within 60 s")
    try:
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()


def wait_for(predicate, timeout: float = 60, what: str = "condition"):  # type: ignore[no-untyped-def]
    """Poll the database (through ``predicate``) until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")
