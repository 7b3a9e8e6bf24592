"""Streams opened all at once take a bounded number of connections (``games.live.stream_gate``), through
uvicorn on PostgreSQL: forty streams asked in the same instant, with the process's opening gate at 3
places and its storage readers at 2, never hold more than those 5 connections (and 1 for the
ordinary page asked meanwhile), PostgreSQL's own count sampled every 10 ms; each of them opens, with
no 5xx; the page answers throughout; and once they close no connection is left.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection

from tests.integration.conftest import _process_env, wait_for
from tests.integration.test_streams import _free_port, _game, _uvicorn

pytestmark = pytest.mark.django_db(transaction=True)

BURST = 40
OPENING = 3  # EVENT_STREAMS_OPENING of the uvicorn process
READERS = 2  # EVENT_STREAMS_READERS
PAGE = 1  # the ordinary request asked one at a time meanwhile


class Sampler:
    """PostgreSQL's count of the connections to the test database but the test's own two (its
    Django connection and this sampler's), every 10 ms on a thread: the most seen."""

    def __init__(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.own = int(cursor.fetchone()[0])
        url = _process_env()["DATABASE_URL"].replace("postgres://", "postgresql://")
        self.db = psycopg.connect(url, autocommit=True)
        self.most = 0
        self.running = True
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def now(self) -> int:
        row = self.db.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND pid <> %s",
            [self.own],
        ).fetchone()
        return int(row[0]) if row else 0

    def _sample(self) -> None:
        while self.running:
            self.most = max(self.most, self.now())
            time.sleep(0.01)

    def stop(self) -> None:
        self.running = False
        self.thread.join(5)
        self.db.close()


def _open_at_once(port: int, game_id: int, count: int) -> list[socket.socket]:
    """``count`` stream requests, connected first and then all sent in the same instant."""
    socks = [socket.create_connection(("127.0.0.1", port), timeout=120) for _ in range(count)]
    request = (
        f"GET /api/play/{game_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    ).encode()
    for sock in socks:
        sock.sendall(request)
    return socks


def _until_open(sock: socket.socket) -> str:
    """The stream's status, read until its ``stream-open`` (or its end)."""
    seen = b""
    while b"event: stream-open" not in seen:
        data = sock.recv(65536)
        if not data:
            break
        seen += data
    return seen[9:12].decode(errors="replace")


def _page(port: int, game_id: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/play/{game_id}/", timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


@pytest.fixture
def gated() -> Iterator[dict[str, Any]]:
    port = _free_port()
    server = _uvicorn(
        port,
        extra={
            "EVENT_STREAMS_MAX": str(2 * BURST),
            "EVENT_STREAMS_OPENING": str(OPENING),
            "EVENT_STREAMS_READERS": str(READERS),
        },
    )
    try:
        yield {"port": port}
    finally:
        server.terminate()
        try:
            server.wait(10)
        except Exception:  # noqa: BLE001 - stuck: killed
            server.kill()


def test_a_burst_of_streams_takes_bounded_connections_and_leaves_none(gated: dict[str, Any]) -> None:
    port, game = gated["port"], _game()
    assert _page(port, game.pk) == 200  # uvicorn up, Django loaded
    sampler = Sampler()
    try:
        before = sampler.now()
        pages: list[int] = []
        stop = threading.Event()

        def ask_pages() -> None:
            while not stop.is_set():
                pages.append(_page(port, game.pk))

        asking = threading.Thread(target=ask_pages, daemon=True)
        asking.start()
        socks = _open_at_once(port, game.pk, BURST)
        statuses = [_until_open(sock) for sock in socks]
        stop.set()
        asking.join(60)
        most = sampler.most
        assert statuses == ["200"] * BURST
        assert pages and set(pages) == {200}, pages
        assert most <= before + OPENING + READERS + PAGE, f"{most} connections during the burst"
        time.sleep(0.5)
        idle = sampler.now()
        for sock in socks:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        wait_for(lambda: sampler.now() <= before, timeout=15, what="no connection left by the streams")
    finally:
        sampler.stop()
    assert idle <= before, f"{BURST} idle streams hold {idle - before} connections"
