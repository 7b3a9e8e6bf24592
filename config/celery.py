"""The Celery app. Eager (in-process) unless CELERY_BROKER_URL is set.

A worker process keeps its database connection from task to task, as a web process keeps it from
request to request (``DB_CONN_MAX_AGE``): the connection is checked and closed when too old or
broken before and after each task (:func:`keep_connections`), where Celery's Django fix-up would
close it after every task (``CELERY_DB_REUSE_MAX`` in ``config/settings.py``).

Celery beat (``celery -A config beat``) runs the clocks' ticker in its own process between its
periodic tasks (:class:`TickingScheduler`: ``common.ticker``, the flags falling on time, with no task
queued a move), and the sweep every ``SWEEP_INTERVAL`` seconds: it queues
again the standings, ratings, pairings and verifications that the database still marks as owed
(``common/sweep.py``, with the work each app registers: the notices still owed among them,
``personal.delivery``). Time limits, late acknowledgement and the broker's visibility timeout
are in ``config/settings.py``.
"""

import os
from typing import Any

from celery import Celery, signals
from celery.beat import PersistentScheduler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("gipf_service")
app.config_from_object("django.conf:settings", namespace="CELERY")


def task_packages() -> list[str]:
    """Every package of the project's apps that holds a ``tasks`` module, found on disk: task
    modules live in the feature packages (``tournaments.ratings.tasks``), not only in the apps
    themselves, and a hand-written list forgets one (the worker then refuses its tasks as
    unregistered while the eager default runs them). The project's apps are the installed apps
    whose code is in this project (``BASE_DIR``). Read from the settings and the files alone,
    nothing imported: a worker discovers its tasks before Django's app registry is ready."""
    from importlib.util import find_spec
    from pathlib import Path

    from django.conf import settings

    root = Path(settings.BASE_DIR).resolve()
    packages = set()
    for top in sorted({entry.split(".")[0] for entry in settings.INSTALLED_APPS}):
        spec = find_spec(top)
        for location in (spec and spec.submodule_search_locations) or ():
            folder = Path(location).resolve()
            if folder.is_relative_to(root):
                for module in folder.rglob("tasks.py"):
                    packages.add(".".join((top, *module.parent.relative_to(folder).parts)))
    return sorted(packages)


app.autodiscover_tasks(task_packages)
app.conf.beat_scheduler = "config.celery:TickingScheduler"


class TickingScheduler(PersistentScheduler):
    """Beat's schedule of periodic tasks, and between them the clocks' ticker (``common.ticker``): the
    timed work each app registered (the flags falling, ``games.play.flags``) done in beat's own
    process at its moment, beat sleeping until the next moment or the next periodic task, whichever
    comes first. One beat runs on the scaled setup, so one ticker."""

    def setup_schedule(self) -> None:
        import django

        django.setup()  # the ticker reads the database: the apps loaded in beat's process too
        super().setup_schedule()

    def tick(self, *args: Any, **kwargs: Any) -> float:
        from common import ticker

        interval = super().tick(*args, **kwargs)
        if not interval:  # a periodic task was sent: beat asks again at once
            return interval  # type: ignore[no-any-return]
        return min(interval, ticker.look())


@app.on_after_configure.connect
def schedule_sweep(sender: Celery, **kwargs: object) -> None:
    from django.conf import settings

    sender.conf.beat_schedule = {
        "sweep": {
            "task": "tournaments.sweep",
            "schedule": float(settings.SWEEP_INTERVAL),
            "options": {"expires": float(settings.SWEEP_INTERVAL)},
        },
        # the recomputations of corrected results a lost job left (tournaments.results.tasks)
        "sweep-corrections": {
            "task": "tournaments.sweep_corrections",
            "schedule": float(max(settings.SWEEP_INTERVAL, 60)),
            "options": {"expires": float(max(settings.SWEEP_INTERVAL, 60))},
        },
    }


# How long a worker waits for its broker's answer, in seconds: a request waits REDIS_TIMEOUT at most
# (common.redis_faults), a worker has no one waiting and rather not drop its connection for a slow answer.
WORKER_BROKER_TIMEOUT = 10.0


@signals.celeryd_init.connect
def patient_broker(conf: object = None, **kwargs: object) -> None:
    """A worker (not a web process queueing a task) waits :data:`WORKER_BROKER_TIMEOUT` for an answer."""
    options = dict(getattr(conf, "broker_transport_options", None) or {})
    options["socket_timeout"] = WORKER_BROKER_TIMEOUT
    conf.broker_transport_options = options  # type: ignore[attr-defined]


@signals.worker_init.connect
def load_urls(**kwargs: object) -> None:
    """The URLs (a notice links to its game: DRF, the API schema) loaded once by the worker before
    it forks its processes, which share them: else each process loads them at its first notice,
    about a second of CPU."""
    import django
    from django.urls import get_resolver

    from config.memory import settle

    django.setup()
    get_resolver().url_patterns  # noqa: B018
    settle()  # what the processes share, out of the collector's full passes (config.memory)


@signals.task_prerun.connect
@signals.task_postrun.connect
def keep_connections(task: object = None, **kwargs: object) -> None:
    """Before and after a task run by a worker, what Django does before and after a request: close
    the database connections that are broken or older than ``DB_CONN_MAX_AGE``, keep the others
    (a new connection, and a PostgreSQL server process, cost about as much as a verification's
    queries). An eager task (the embedded default) runs inside its caller's request: left alone."""
    if getattr(getattr(task, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
