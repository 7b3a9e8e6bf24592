"""A Redis that does not answer never holds up a request: every Redis connection of the service fails
fast and, once it failed, is not tried again for a few seconds.

The service talks to Redis three ways inside a request: the cache (the throttles' and the sign-in
lockout's counters, ``CACHE_URL``), the live events' publisher (django-eventstream's client,
``EVENTS_REDIS_URL``) and the Celery broker (a task queued after the commit, ``CELERY_BROKER_URL``).
Each of them connects through :class:`FailFastConnection` (its TLS twin for ``rediss://``):

* one attempt, no retry: redis-py 8 retries a refused connection with an exponential back-off by
  default (about 4 s a command), and the callers here all have a fallback (nothing throttled, the
  event stored and sent when Redis is back, the task queued again by the sweep);
* short timeouts (``REDIS_TIMEOUT``, set in the settings) for the connection and each answer;
* a circuit breaker shared by every client of the process: once a connection to a Redis server
  failed, or an answer timed out, every client of that server refuses at once, without trying, until
  the server answers again. No request tries it again: every ``REDIS_RETRY_AFTER`` seconds one probe
  in a thread of its own (a new connection made as the failed one was, and a ``PING``) looks, and
  only its answer closes the breaker. So a request pays at most the one failure that opened the
  breaker (one timeout, or nothing when Redis refuses connections: a stopped server), whichever of
  the three clients meets the outage first, and nothing afterwards while Redis stays down.

The Celery broker uses it through :class:`BrokerTransport` (``CELERY_BROKER_TRANSPORT``): kombu's
Redis transport with this connection class. Nothing here imports Django.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import redis
from kombu.exceptions import OperationalError
from kombu.transport import redis as kombu_redis
from redis.backoff import NoBackoff
from redis.retry import Retry

# How long a Redis server that failed is left alone, in seconds (the environment's REDIS_RETRY_AFTER).
RETRY_AFTER = float(os.environ.get("REDIS_RETRY_AFTER") or "3")

_lock = threading.Lock()
_down: dict[tuple[str, int], tuple[float, str]] = {}  # server: (next probe, why)
_probing: set[tuple[str, int]] = set()  # the servers a probe is looking at now


class RedisDown(redis.ConnectionError):
    """Refused without trying: this Redis server failed and has not answered since (the message says
    how it failed)."""


def down(server: tuple[str, int], probe: Callable[[], None] | None = None) -> str | None:
    """How ``server`` (host, port) failed, if it has not answered since; else None. Once
    :data:`RETRY_AFTER` seconds have passed since it failed or was last probed, ``probe`` (a use of
    the server that raises when it does not answer) runs in a thread of its own: its success closes
    the breaker, its failure keeps it open another :data:`RETRY_AFTER`. The caller is refused meanwhile."""
    with _lock:
        until, why = _down.get(server, (0.0, ""))
        if not why:
            return None
        if probe is not None and time.monotonic() >= until and server not in _probing:
            _probing.add(server)
            threading.Thread(target=_probe, args=(server, probe), daemon=True, name="redis-probe").start()
        return why


def _probe(server: tuple[str, int], probe: Callable[[], None]) -> None:
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure keeps the breaker open
        failed(server, error)
    else:
        with _lock:
            _down.pop(server, None)
    finally:
        with _lock:
            _probing.discard(server)


def _forked() -> None:
    """A forked process (a worker's) has none of its parent's probe threads: it probes for itself."""
    global _lock
    _lock = threading.Lock()
    _probing.clear()


os.register_at_fork(after_in_child=_forked)


def failed(server: tuple[str, int], error: BaseException) -> None:
    """Remember that ``server`` failed now, with ``error`` (the first failure's words are kept while
    the probes fail too)."""
    with _lock:
        _until, why = _down.get(server, (0.0, ""))
        _down[server] = (time.monotonic() + RETRY_AFTER, why or str(error) or type(error).__name__)


def forget() -> None:
    """Forget every failure (a test, or a process that knows Redis is back)."""
    with _lock:
        _down.clear()


class FailFast:
    """The breaker and the single attempt, mixed into redis-py's connection classes."""

    host: str
    port: int

    #: a probe's connection (:func:`down`): it tries whatever the breaker says
    probing = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # no back-off; one retry at once, for a pooled connection the server closed (a restart): a
        # server that is down refuses it through the breaker, at once
        kwargs["retry"] = Retry(NoBackoff(), 1)
        self._made_with = (args, dict(kwargs))
        super().__init__(*args, **kwargs)

    @property
    def server(self) -> tuple[str, int]:
        return (str(self.host), int(self.port))

    def probe(self) -> None:
        """A new connection made as this one was, and a ``PING`` answered, or an error raised."""
        args, kwargs = self._made_with
        looking: Any = type(self)(*args, **kwargs)
        looking.probing = True
        try:
            looking.connect()
            looking.send_command("PING")
            looking.read_response()
        finally:
            looking.disconnect()

    def _refused(self) -> None:
        """Raise :class:`RedisDown`, the socket dropped, while the breaker is open for this server (a
        probe's own connection excepted)."""
        why = None if self.probing else down(self.server, self.probe)
        if why is not None:
            if getattr(self, "_sock", None) is not None:
                self.disconnect()  # type: ignore[attr-defined]
            raise RedisDown(f"{why} (not tried again until it answers a probe, every {RETRY_AFTER:g} s)")

    def connect_check_health(self, *args: Any, **kwargs: Any) -> Any:
        if getattr(self, "_sock", None) is None:
            self._refused()
        try:
            return super().connect_check_health(*args, **kwargs)  # type: ignore[misc]
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            failed(self.server, error)
            raise

    def send_packed_command(self, *args: Any, **kwargs: Any) -> Any:
        """A pooled connection opened before the breaker opened sends nothing either (it would wait
        for its answer as long as a new one)."""
        self._refused()
        return super().send_packed_command(*args, **kwargs)  # type: ignore[misc]

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().read_response(*args, **kwargs)  # type: ignore[misc]
        except redis.TimeoutError as error:  # connected, but it does not answer
            failed(self.server, error)
            raise


class FailFastConnection(FailFast, redis.Connection):
    """A TCP connection to Redis that fails fast (:class:`FailFast`)."""


class FailFastSSLConnection(FailFast, redis.SSLConnection):
    """A TLS connection to Redis (``rediss://``) that fails fast (:class:`FailFast`)."""


def connection_class(url: str) -> type[redis.Connection]:
    return FailFastSSLConnection if url.startswith("rediss://") else FailFastConnection


class FailFastPool(redis.ConnectionPool):
    """A connection pool whose connections fail fast: the cache's ``pool_class`` (``CACHES``)."""

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> Any:
        return super().from_url(url, **{**kwargs, "connection_class": connection_class(url)})


def pool(url: str, timeout: float) -> redis.ConnectionPool:
    """A connection pool for ``url`` whose connections fail fast, ``timeout`` seconds at most to
    connect and to answer (the live events' publisher: ``EVENTSTREAM_REDIS``)."""
    return FailFastPool.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)


class BrokerChannel(kombu_redis.Channel):
    connection_class = FailFastConnection
    connection_class_ssl = FailFastSSLConnection


class BrokerTransport(kombu_redis.Transport):
    """kombu's Redis transport, its connections failing fast (``CELERY_BROKER_TRANSPORT``)."""

    Channel = BrokerChannel


#: what a Redis that does not answer raises, through redis-py or kombu
FAILURES = (redis.ConnectionError, redis.TimeoutError, OperationalError)


class BriefFailures(logging.Filter):
    """A Redis failure logged with its traceback is logged in one line, the error's own words
    (``LOGGING``'s handlers): while Redis is down every request logs its failure, whose traceback
    tells nothing new, and formatting one (redis-py's and kombu's chained errors, sixty frames) took
    a request a third of a second."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, FAILURES):
            record.msg, record.args = f"{record.getMessage()} ({type(error).__name__}: {error})", None
            record.exc_info, record.exc_text = None, None
        return True
