"""The Celery tasks the project's code defines, found by importing every module of its packages
(not a hand-written list), and the tasks the Celery app knows as a worker starts.

Run as a script (``python -m tests.celery_tasks``) it prints both as JSON, from a fresh process
where nothing else was imported first: what ``celery -A config worker`` registers is what
``config.celery`` discovers, not what a test process happened to import.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil

PACKAGES = (
    "accounts",
    "common",
    "games",
    "personal",
    "tournaments",
    "config",
)  # every package of the project


def defined_tasks() -> set[str]:
    """The names of every task defined in the project's packages (every module imported; the
    migrations left out: they define no task)."""
    from config.celery import app

    for name in PACKAGES:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, f"{name}."):
            if ".migrations" not in module.name:
                importlib.import_module(module.name)
    return {name for name in app.tasks if not name.startswith("celery.")}


def worker_tasks() -> set[str]:
    """The tasks the app registers as a worker does when it starts: its default modules and the
    discovered task modules imported, nothing else, Django's app registry not yet ready."""
    from config.celery import app

    app.loader.import_default_modules()
    return {name for name in app.tasks if not name.startswith("celery.")}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    registered = sorted(worker_tasks())  # before django.setup(), as a worker discovers them
    import django

    django.setup()
    print(json.dumps({"registered": registered, "defined": sorted(defined_tasks())}))
