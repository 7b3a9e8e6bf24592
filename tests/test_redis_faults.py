"""Redis connections that fail fast (``common.redis_faults``), against real sockets on loopback: a
stopped server (nothing listens: refused) and a server that accepts but never answers (a listening
socket nobody reads) and one that answers every command ``+PONG``. One failure makes every client of
the process refuse that server at once, its pooled connections too, and no use tries it again: every
``RETRY_AFTER`` a probe in a thread of its own does, and only an answer to it clears the breaker."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
import redis

from common import redis_faults


@pytest.fixture(autouse=True)
def _forgotten(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(redis_faults, "RETRY_AFTER", 0.5)
    redis_faults.forget()
    yield
    redis_faults.forget()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def silent() -> Iterator[int]:
    """A port that accepts connections and never answers (a frozen Redis)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    try:
        yield int(server.getsockname()[1])
    finally:
        server.close()


def _client(port: int, timeout: float = 0.2) -> redis.Redis:
    return redis.Redis(connection_pool=redis_faults.pool(f"redis://127.0.0.1:{port}/0", timeout))


def _timed(client: redis.Redis) -> tuple[str, float]:
    """The error of a command (its message) and how long it took."""
    began = time.monotonic()
    with pytest.raises((redis.ConnectionError, redis.TimeoutError)) as failure:
        client.ping()
    return str(failure.value), time.monotonic() - began


class Answering:
    """A server on ``port`` (a free one by default) that answers every command it is sent ``+PONG``
    (a Redis as far as a ``PING`` goes; its handshake too), counting the commands."""

    def __init__(self, port: int = 0) -> None:
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", port))
        self.server.listen(16)
        self.port = int(self.server.getsockname()[1])
        self.commands = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection: socket.socket) -> None:
        with connection:
            while data := connection.recv(65536):
                lines = data.split(b"\r\n")
                names = [lines[at + 2].upper() for at, line in enumerate(lines) if line.startswith(b"*")]
                self.commands += len(names)
                # HELLO (redis-py's RESP3 handshake) is answered with the protocol it asked for
                connection.sendall(
                    b"".join(
                        b"%1\r\n+proto\r\n:3\r\n" if name == b"HELLO" else b"+PONG\r\n" for name in names
                    )
                )

    def close(self) -> None:
        self.server.close()


def _until(condition: Callable[[], bool], seconds: float = 3.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return condition()


def test_a_stopped_server_is_refused_at_once_and_no_use_tries_it_again() -> None:
    port = _closed_port()
    assert not redis_faults.down(("127.0.0.1", port))
    first, _ = _timed(_client(port))
    assert "refused" in first.lower()  # tried: refused by the system
    assert redis_faults.down(("127.0.0.1", port))
    again, took = _timed(_client(port))  # another client of the same server: not tried
    assert "not tried again" in again and "refused" in again.lower() and took < 0.05
    time.sleep(0.6)
    third, took = _timed(_client(port))  # past RETRY_AFTER: still not tried by a use (a probe looks)
    assert "not tried again" in third and took < 0.05
    assert _until(lambda: not redis_faults._probing) and redis_faults.down(("127.0.0.1", port))


def test_the_server_answering_a_probe_closes_the_breaker() -> None:
    port = _closed_port()
    _timed(_client(port))
    back = Answering(port)  # Redis is back
    try:
        assert redis_faults.down(("127.0.0.1", port))
        time.sleep(0.6)
        _, took = _timed(_client(port))  # refused at once; the probe starts
        assert took < 0.05
        assert _until(lambda: not redis_faults.down(("127.0.0.1", port)))
        assert back.commands >= 1  # the probe's PING
        assert _client(port).ping()
    finally:
        back.close()


def test_a_pooled_connection_sends_nothing_once_the_breaker_is_open() -> None:
    up = Answering()
    try:
        client = _client(up.port)
        assert client.ping()
        sent = up.commands
        redis_faults.failed(("127.0.0.1", up.port), redis.TimeoutError("Timeout reading from socket"))
        again, took = _timed(client)  # its socket is open: still refused, nothing sent
        assert "not tried again" in again and "Timeout" in again and took < 0.05
        assert up.commands == sent
    finally:
        up.close()


def test_a_server_that_does_not_answer_costs_one_timeout_then_nothing(silent: int) -> None:
    first, took = _timed(_client(silent, timeout=0.2))
    assert "timeout" in first.lower() and 0.15 < took < 1.0  # one wait, no back-off, no second wait
    again, took = _timed(_client(silent, timeout=0.2))
    assert "not tried again" in again and took < 0.05


def test_another_server_is_not_refused_for_the_first() -> None:
    stopped, other = _closed_port(), _closed_port()
    _timed(_client(stopped))
    assert redis_faults.down(("127.0.0.1", stopped)) and not redis_faults.down(("127.0.0.1", other))


def test_the_breaker_is_shared_by_the_threads_of_a_process() -> None:
    port = _closed_port()
    _timed(_client(port))
    errors: list[str] = []
    threads = [threading.Thread(target=lambda: errors.append(_timed(_client(port))[0])) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(errors) == 5 and all("not tried again" in error for error in errors)


def test_the_cache_and_the_broker_connect_through_it() -> None:
    from django.core.cache.backends.redis import RedisCache

    cache = RedisCache(
        f"redis://127.0.0.1:{_closed_port()}/1",
        {"OPTIONS": {"pool_class": "common.redis_faults.FailFastPool"}},
    )
    pool = cache._cache._get_connection_pool(write=True)
    assert pool.connection_class is redis_faults.FailFastConnection
    assert redis_faults.pool("rediss://127.0.0.1:6380/0", 0.2).connection_class is (
        redis_faults.FailFastSSLConnection
    )
    assert issubclass(redis_faults.BrokerTransport.Channel.connection_class, redis_faults.FailFast)
