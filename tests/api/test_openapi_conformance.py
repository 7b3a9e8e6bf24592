"""The OpenAPI schema tells the truth: every documented operation of the running service, with the demo
data, is called with requests generated from the schema (schemathesis), anonymously and as the demo
organiser; every answer must be a documented status with a body that matches the documented schema,
and never a server error.

The service runs as it does in production (DEBUG off, a real ``runserver`` process on its own SQLite
database loaded by ``manage.py demo``), so this also checks the settings, middleware and error pages.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

ROOT = Path(__file__).resolve().parents[2]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]

MAX_EXAMPLES = int(os.environ.get("CONFORMANCE_EXAMPLES", "15"))

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The service with the demo data, served by a separate process: its base URL and the demo
    organiser's API token."""
    folder = tmp_path_factory.mktemp("service")
    env = {
        key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CELERY_BROKER_URL")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{folder / 'service.sqlite3'}",
        DEBUG="0",
        SECRET_KEY="conformance-test-secret-key-" + "x" * 40,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "demo", "--known-passwords"], env=env, check=True, cwd=ROOT, capture_output=True)
    # The organiser signs requests with a token: Basic credentials would hash a password per request.
    token = subprocess.run(
        [*manage, "drf_create_token", "organiser"],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.split()[2]
    port = free_port()
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"], env=env, cwd=ROOT, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(150):
            try:
                with urllib.request.urlopen(f"{base}/api/schema/?format=json", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail(f"the service did not start; its log: {(folder / 'server.log').read_text()[-2000:]}")
        yield base, token
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def served_schema() -> dict[str, object]:
    """The schema the service serves at /api/schema/, generated in this process from the same code."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


# Every operation but the schema itself (its answers are the schema document, whatever it says).
schema = schemathesis.openapi.from_dict(served_schema()).exclude(path="/api/schema/")


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_answer_is_documented_anonymous(case: schemathesis.Case, service: tuple[str, str]) -> None:
    base, _token = service
    case.call_and_validate(base_url=base, checks=CHECKS)


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_answer_is_documented_as_organiser(case: schemathesis.Case, service: tuple[str, str]) -> None:
    base, token = service
    case.call_and_validate(base_url=base, checks=CHECKS, headers={"Authorization": f"Token {token}"})
