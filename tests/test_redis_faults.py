"""Redis connections that fail fast (``common.redis_faults``), against real sockets on loopback: a
stopped server (nothing listens: refused) and a server that accepts but never answers (a listening
socket nobody reads). One failure makes every client of the process refuse that server at once until
``RETRY_AFTER`` has passed; then it is tried again, and a server that answers clears it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

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


def test_a_stopped_server_is_refused_at_once_then_tried_again_after_a_while() -> None:
    port = _closed_port()
    assert not redis_faults.down(("127.0.0.1", port))
    first, _ = _timed(_client(port))
    assert "refused" in first.lower()  # tried: refused by the system
    assert redis_faults.down(("127.0.0.1", port))
    again, took = _timed(_client(port))  # another client of the same server: not tried
    assert "not tried again" in again and "refused" in again.lower() and took < 0.05
    time.sleep(0.6)
    assert not redis_faults.down(("127.0.0.1", port))  # the next use tries again
    third, _ = _timed(_client(port))
    assert "refused" in third.lower() and redis_faults.down(("127.0.0.1", port))


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
