"""Cache faults never fail a request: the one place that decides what a cache error becomes.

The sign-in lockout and the throttles count in the cache (``CACHE_URL``: Redis when set). When the
cache cannot be reached (a refused connection, a timeout, any error of the cache's client library),
the operation's fallback is used instead (nothing locked, nothing throttled, nothing counted) and a
warning is logged; the request goes on as if the counters were empty.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

logger = logging.getLogger("common.cache")

T = TypeVar("T")


def guarded(action: Callable[[], T], fallback: T, what: str) -> T:
    """``action()``, or ``fallback`` (with a warning logged) when the cache fails."""
    try:
        return action()
    except Exception:  # each backend raises its own client's errors (redis, OSError, ...)
        logger.warning("cache unavailable (%s): going on without it", what, exc_info=True)
        return fallback
