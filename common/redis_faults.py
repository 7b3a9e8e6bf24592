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
  failed, or an answer timed out, every client of that server refuses at once for
  ``REDIS_RETRY_AFTER`` seconds, then the next use tries again. So a move pays at most one timeout a
  few seconds, whichever of the three clients meets the outage first, and nothing when Redis refuses
  connections (a stopped server).

The Celery broker uses it through :class:`BrokerTransport` (``CELERY_BROKER_TRANSPORT``): kombu's
Redis transport with this connection class. Nothing here imports Django.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import redis
from kombu.exceptions import OperationalError
from kombu.transport import redis as kombu_redis
from redis.backoff import NoBackoff
from redis.retry import Retry

# How long a Redis server that failed is left alone, in seconds (the environment's REDIS_RETRY_AFTER).
RETRY_AFTER = float(os.environ.get("REDIS_RETRY_AFTER") or "3")

_lock = threading.Lock()
_down: dict[tuple[str, int], tuple[float, str]] = {}  # server: (refused until, why)


class RedisDown(redis.ConnectionError):
    """Refused without trying: this Redis server failed a moment ago (the message says how)."""


def down(server: tuple[str, int]) -> str | None:
    """How ``server`` (host, port) failed, if less than :data:`RETRY_AFTER` seconds ago; else None."""
    with _lock:
        until, why = _down.get(server, (0.0, ""))
        if time.monotonic() < until:
            return why
        _down.pop(server, None)  # time to try again
        return None


def failed(server: tuple[str, int], error: BaseException) -> None:
    """Remember that ``server`` failed now, with ``error``."""
    with _lock:
        _down[server] = (time.monotonic() + RETRY_AFTER, str(error) or type(error).__name__)


def forget() -> None:
    """Forget every failure (a test, or a process that knows Redis is back)."""
    with _lock:
        _down.clear()


class FailFast:
    """The breaker and the single attempt, mixed into redis-py's connection classes."""

    host: str
    port: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # no back-off; one retry at once, for a pooled connection the server closed (a restart): a
        # server that is down refuses it through the breaker, at once
        kwargs["retry"] = Retry(NoBackoff(), 1)
        super().__init__(*args, **kwargs)

    @property
    def server(self) -> tuple[str, int]:
        return (str(self.host), int(self.port))

    def connect_check_health(self, *args: Any, **kwargs: Any) -> Any:
        why = down(self.server) if getattr(self, "_sock", None) is None else None
        if why is not None:
            raise RedisDown(f"{why} (not tried again for {RETRY_AFTER:g} s)")
        try:
            return super().connect_check_health(*args, **kwargs)  # type: ignore[misc]
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            failed(self.server, error)
            raise

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
