"""PostgreSQL down for a few seconds under a real server (issue 32 item 7): moves sent meanwhile
are answered 503 with ``Retry-After``, pages too, and the move sent again once the database is back
is stored, once.

The outage is real but private: a PostgreSQL cluster of this test's own (``initdb`` in a temporary
folder, on a free port), stopped and started again, never the shared server. gunicorn serves the
site on it, as in the scaled setup (docs/deployment.md), with connections kept between requests
(``DB_CONN_MAX_AGE``): the one it holds breaks when the server goes away.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from glob import glob
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from accounts.models import Player
from games.play import state
users = [User.objects.create_user(name) for name in ("ann", "bob")]
white, black = (Player.objects.create(display_name=u.username, handle=u.username, user=u) for u in users)
game = state.create_service_game(white, black, "dvonn", "")
print(game.pk, Token.objects.create(user=users[0]).key)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster of this test's own, run by the ``postgres`` system user."""

    def __init__(self, folder: Path) -> None:
        binaries = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
        if not binaries or os.geteuid() != 0 or shutil.which("runuser") is None:
            pytest.skip("a private PostgreSQL cluster needs root and PostgreSQL's server binaries")
        self.bin = Path(binaries[-1]).parent
        self.folder = folder
        self.port = free_port()
        shutil.chown(folder, "postgres")
        self._run("initdb", "-D", str(folder / "data"), "-U", "gipf", "--auth=trust", "-E", "UTF8")
        self.start()
        subprocess.run(
            ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "gipf", "-d", "postgres", "-c"]
            + ["CREATE DATABASE outage"],
            check=True,
            capture_output=True,
        )
        self.url = f"postgres://gipf@127.0.0.1:{self.port}/outage"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            ["runuser", "-u", "postgres", "--", str(self.bin / program), *args],
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.folder / "data"),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    folder = Path(tempfile.mkdtemp(prefix="gipf-outage-"))
    made = None
    try:
        made = Cluster(folder)
        yield made
    finally:
        if made is not None:
            subprocess.run(
                ["runuser", "-u", "postgres", "--", str(made.bin / "pg_ctl"), "-D", str(folder / "data")]
                + ["-m", "immediate", "stop"],
                capture_output=True,
                check=False,
            )
        shutil.rmtree(folder, ignore_errors=True)


def call(
    url: str, data: dict[str, object] | None = None, token: str = ""
) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, data=None if data is None else json.dumps(data).encode())
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def test_moves_sent_while_postgresql_is_down_are_503_and_stored_once_sent_again(cluster: Cluster) -> None:
    env = {
        k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL", "CACHE_URL", "EVENTS_REDIS_URL"}
    }
    env.update(
        DATABASE_URL=cluster.url,
        DB_CONN_MAX_AGE="600",
        SECRET_KEY="outage-test-only-" + "x" * 40,
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    made = subprocess.run(
        [*manage, "shell", "-c", SETUP], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    game, token = made.stdout.strip().splitlines()[-1].split()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"]
        + ["--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    site = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if call(f"{site}/api/play/{game}/", token=token)[0] == 200:  # the connection is open
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.3)
        cluster.stop()
        status, headers, body = call(
            f"{site}/api/play/{game}/move/", {"move": "c3", "expected_ply": 0}, token
        )
        assert (status, headers.get("Retry-After")) == (503, "5"), body[:300]
        assert json.loads(body)["detail"].startswith("The service cannot reach its database")
        page = call(f"{site}/")
        assert (page[0], page[1].get("Retry-After")) == (503, "5")
        assert b"cannot reach its database" in page[2]
        cluster.start()
        status, _headers, body = call(
            f"{site}/api/play/{game}/move/", {"move": "c3", "expected_ply": 0}, token
        )
        assert status == 201, body[:300]
        seen = json.loads(call(f"{site}/api/play/{game}/", token=token)[2])
        assert seen["ply"] == 1  # stored once
    finally:
        server.terminate()
        server.wait(timeout=20)
