"""Streams that cost no database connection (``games.live.streams``), through uvicorn on PostgreSQL:

* thirty streams open at once hold no connection while they wait (PostgreSQL's own count of the
  uvicorn process's connections), every other page answers meanwhile, a stream beyond the process's
  limit is a 503 at once, and once the streams close nothing is left;
* a Redis outage: the streams opened before, during and after it get every move played after it
  (the move played during it too, read from the storage when the listener is back).

A private redis-server on a free port carries the live events (the shared one on 6379 is never
stopped); the test process publishes as gunicorn would, through django-eventstream's Redis client.
"""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.test import override_settings

from accounts.models import Player
from games.play import service, state
from tests.integration.conftest import ROOT, _process_env, wait_for
from tests.integration.event_streams import open_stream, stream_events
from tests.integration.test_flags_on_time import _player

pytestmark = pytest.mark.django_db(transaction=True)

STREAMS = 30
LIMIT = STREAMS + 2


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateRedis:
    """A redis-server of this test's own on a free port, stopped and started as a crash would."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        subprocess.run(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--daemonize", "yes"]
            + ["--save", "", "--appendonly", "no"],
            check=True,
            capture_output=True,
        )
        wait_for(self._answers, timeout=10, what="the private redis-server")

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True)
        wait_for(lambda: not self._answers(), timeout=10, what="the private redis-server to stop")

    def _answers(self) -> bool:
        return (
            subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).returncode == 0
        )


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _uvicorn(port: int, events_url: str = "", extra: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    env = dict(_process_env(), ALLOWED_HOSTS="127.0.0.1", EVENT_STREAMS_MAX=str(LIMIT))
    env.update(extra or {})
    if events_url:
        env["EVENTS_REDIS_URL"] = events_url
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
        + ["--port", str(port), "--log-level", "warning", "--lifespan", "off"]
        + ["--timeout-graceful-shutdown", "1"],
        cwd=ROOT,
        env=env,
    )

    def listening() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    wait_for(listening, timeout=30, what="uvicorn")
    return server


@pytest.fixture
def served(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """uvicorn on a free port (with ``EVENTS_REDIS_URL`` when the test has a private Redis)."""
    redis_server = (
        request.getfixturevalue("private_redis") if "private_redis" in request.fixturenames else None
    )
    port = _free_port()
    server = _uvicorn(port, redis_server.url if redis_server else "")
    try:
        yield {"port": port, "pid": server.pid}
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def _server_connections() -> int:
    """Connections to the test database other than this test process's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return int(cursor.fetchone()[0])


class Stream:
    """One stream read on a thread: its ``move`` events (ply, move) as they come."""

    def __init__(self, port: int, game_id: int) -> None:
        self.moves: list[tuple[int, str]] = []
        self.opened = threading.Event()
        self.sock = open_stream(port, f"/api/play/{game_id}/events/", 60)
        self.status = self.sock.recv(12).decode(errors="replace")[9:12]
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for kind, _id, data in stream_events(self.sock, self.opened.set):
            if kind == "move":
                event = json.loads(data)
                self.moves.append((event["ply"], event["move"]))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def _get(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def _game() -> Any:
    ann, bob = _player("ann"), _player("bob")
    return state.create_service_game(ann, bob, "dvonn", "5+3")


def test_open_streams_hold_no_connection_and_leave_nothing_when_closed(served: dict[str, Any]) -> None:
    port, game = served["port"], _game()
    assert _get(port, f"/api/play/{game.pk}/") == 200  # uvicorn has answered (and closed its connection)
    before = _server_connections()
    streams = [Stream(port, game.pk) for _ in range(STREAMS)]
    assert all(stream.opened.wait(30) for stream in streams), [s.status for s in streams]
    time.sleep(1)  # every stream now waits for its next event
    held = _server_connections()
    threads = len(list(Path(f"/proc/{served['pid']}/task").iterdir()))
    # other pages answer meanwhile, each with a connection of its own only while it runs
    assert [_get(port, f"/api/play/{game.pk}/") for _ in range(5)] == [200] * 5
    assert _get(port, f"/games/{game.pk}/") == 200
    # two more streams fill the process's limit; one more is refused at once, and nothing else
    extra = [Stream(port, game.pk) for _ in range(LIMIT - STREAMS)]
    assert all(stream.opened.wait(30) for stream in extra)
    refused = Stream(port, game.pk)
    assert refused.status == "503"
    refused.close()
    assert _get(port, f"/api/play/{game.pk}/") == 200
    for stream in streams + extra:
        stream.close()
    assert held <= before + 1, f"{STREAMS} idle streams hold {held - before} connections"
    # nor a thread each: the loop's, the readers' (4), the other requests' (12 at most), a few of
    # the libraries', fewer than the streams (each kept an idle thread of its request before)
    assert threads < STREAMS, f"{STREAMS} idle streams, {threads} threads in the server"
    wait_for(lambda: _server_connections() <= before, timeout=10, what="no connection left by the streams")

    # the places are given back (once the server has heard each client go, which it hears on its own
    # time after the client's close): a stream opens again
    def reopened() -> Stream | None:
        stream = Stream(port, game.pk)
        if stream.status == "200" and stream.opened.wait(30):
            return stream
        stream.close()
        return None

    again = wait_for(reopened, timeout=15, what="a stream to open again once the others closed")
    again.close()


def test_a_redis_outage_loses_no_move_for_streams_opened_before_during_and_after(
    private_redis: Any, served: dict[str, Any]
) -> None:
    import redis
    from django_eventstream import eventstream

    port, game = served["port"], _game()
    ann, bob = Player.objects.get(handle="ann").user, Player.objects.get(handle="bob").user
    publisher = redis.Redis.from_url(private_redis.url, socket_connect_timeout=1)
    # the publishing process configured as the scaled setup's are (EVENTS_REDIS_URL), its client the test's
    with (
        override_settings(EVENTS_REDIS_URL=private_redis.url),
        mock.patch.object(eventstream, "redis_client", publisher),
    ):
        before = Stream(port, game.pk)
        assert before.opened.wait(30)
        time.sleep(0.5)
        service.make_move(game, ann, "c3", 0)
        wait_for(lambda: before.moves == [(1, "c3")], timeout=10, what="the first move live")
        private_redis.stop()
        service.make_move(game, bob, "d3", 1)  # stored, not sent: Redis is down (logged)
        during = Stream(port, game.pk)
        assert during.opened.wait(30)
        time.sleep(0.5)
        private_redis.start()
        time.sleep(6)  # the listener's back-off is at most 5 s
        after = Stream(port, game.pk)
        assert after.opened.wait(30)
        time.sleep(0.5)
        service.make_move(game, ann, "e3", 2)
        wait_for(
            lambda: (
                before.moves == [(1, "c3"), (2, "d3"), (3, "e3")]
                and during.moves == [(3, "e3")]
                and after.moves == [(3, "e3")]
            ),
            timeout=15,
            what=f"every stream to hear the moves: {before.moves} {during.moves} {after.moves}",
        )
    for stream in (before, during, after):
        stream.close()
