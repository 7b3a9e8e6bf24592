"""The Celery app. Eager (in-process) unless CELERY_BROKER_URL is set.

A worker process keeps its database connection from task to task, as a web process keeps it from
request to request (``DB_CONN_MAX_AGE``): the connection is checked and closed when too old or
broken before and after each task (:func:`keep_connections`), where Celery's Django fix-up would
close it after every task (``CELERY_DB_REUSE_MAX`` in ``config/settings.py``).

Celery beat (``celery -A config beat``) runs the sweep every ``SWEEP_INTERVAL`` seconds: it queues
again the standings, ratings, pairings and verifications that the database still marks as owed
(``common/sweep.py``, with the work each app registers), and sends the play notices' e-mails
(``personal.play_notices``). Time limits, late acknowledgement and the broker's visibility timeout
are in ``config/settings.py``.
"""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("gipf_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Task modules live in the feature packages, not in the apps themselves.
app.autodiscover_tasks(
    [
        "personal",
        "games",
        "tournaments",
        "tournaments.pairing",
        "tournaments.results",
        "tournaments.standings",
    ]
)


@app.on_after_configure.connect
def schedule_sweep(sender: Celery, **kwargs: object) -> None:
    from django.conf import settings

    sender.conf.beat_schedule = {
        "sweep": {
            "task": "tournaments.sweep",
            "schedule": float(settings.SWEEP_INTERVAL),
            "options": {"expires": float(settings.SWEEP_INTERVAL)},
        },
        # the play notices' e-mails: a digest a day at most, or one a move (personal.play_notices)
        "play-notices": {
            "task": "accounts.send_play_notices",
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


@signals.worker_init.connect
def load_urls(**kwargs: object) -> None:
    """The URLs (a notice links to its game: DRF, the API schema) loaded once by the worker before
    it forks its processes, which share them: else each process loads them at its first notice,
    about a second of CPU."""
    import django
    from django.urls import get_resolver

    django.setup()
    get_resolver().url_patterns  # noqa: B018


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
