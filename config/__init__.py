"""The project package. Its Celery app (``config.celery``) is loaded when asked for -- by the task
modules, by ``celery -A config`` -- not by every process that reads the settings: a management
command that queues nothing never imports Celery."""

from typing import Any

__all__ = ("celery_app",)


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from config.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
