"""The Celery app. Eager (in-process) unless CELERY_BROKER_URL is set.

Celery beat (``celery -A config beat``) runs the sweep every ``SWEEP_INTERVAL`` seconds: it queues
again the standings, ratings, pairings and verifications that the database still marks as owed
(``config/sweep.py``, with the work each app registers), and sends the play notices' e-mails
(``accounts.play_notices``). Time limits, late acknowledgement and the broker's visibility timeout
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
        "accounts",
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
        # the play notices' e-mails: a digest a day at most, or one a move (accounts.play_notices)
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
