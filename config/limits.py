"""The process's limit of open files, raised for its streams at the start of an ASGI process.

Each open stream is a socket, so a process holding ``EVENT_STREAMS_MAX`` streams needs that many
descriptors and a few hundred more (its database and Redis connections, the opening streams, the
other requests, its own files: :data:`RESERVE`). Service managers and shells commonly start a
process with a soft limit of 1,024 open files and a hard limit far higher; past the soft limit
``accept()`` fails (EMFILE) and uvicorn stops taking connections, the pages' too. So
:func:`raise_open_files` lifts the soft limit to the hard one (an unprivileged process may), and
when even the hard limit is short of what the settings want, lowers the process's
``EVENT_STREAMS_MAX`` to what it allows and says so: one stream too many is then answered 503 with
``Retry-After`` (``games.live.streams``) instead of the process failing to accept anything.
"""

from __future__ import annotations

import logging
import resource

from django.conf import settings

logger = logging.getLogger(__name__)

RESERVE = 256  # descriptors kept for everything but the streams


def open_files_wanted() -> int:
    """The descriptors the settings' streams and the :data:`RESERVE` need."""
    return int(settings.EVENT_STREAMS_MAX) + RESERVE


def raise_open_files() -> int:
    """Lift the soft limit of open files to the hard limit; lower ``EVENT_STREAMS_MAX`` when the
    limit is still short of :func:`open_files_wanted`. Returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # e.g. an unlimited hard limit the kernel caps lower
            logger.warning("the soft limit of open files stays %s (hard %s)", soft, hard)
    if soft != resource.RLIM_INFINITY and soft < open_files_wanted():
        streams = max(soft - RESERVE, 0)
        logger.warning(
            "this process may open %s files: it serves %s live streams, not EVENT_STREAMS_MAX=%s "
            "(raise the hard limit of open files, e.g. LimitNOFILE= or ulimit -Hn, for more)",
            soft,
            streams,
            settings.EVENT_STREAMS_MAX,
        )
        settings.EVENT_STREAMS_MAX = streams
    return int(soft)
