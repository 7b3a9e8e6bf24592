"""The Celery app. Eager (in-process) unless CELERY_BROKER_URL is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("gipf_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Task modules live in the feature packages, not in the apps themselves.
app.autodiscover_tasks(["games", "tournaments.pairing", "tournaments.standings"])
