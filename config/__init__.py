"""The project package, the top: no app imports it but a task module its Celery app
(``tests/test_layout.py``).

* ``settings``: every setting from the environment only (docs/configuration.md); ``test_settings``
  for the suite; ``urls``;
* ``celery``: the Celery app; it finds the ``tasks`` module of every package of the project's apps on
  disk, so a worker registers every task (``tests/test_celery_tasks.py`` and the integration test
  compare). It is loaded when asked for -- by the task modules, by ``celery -A config`` -- not by every
  process that reads the settings: a management command that queues nothing never imports Celery;
* ``wsgi`` and ``asgi`` (the ASGI application: each request stamped with its arrival, the streams
  opened a few at a time, no persistent database connections);
* ``admin_app``: the admin, each app's ``admin.py`` imported with the URLs and by the admin's checks,
  not when Django starts;
* ``standalone``: the commands ``manage.py`` runs on the settings alone, the apps not loaded
  (``pair_trf``); ``lazy_eventstream``: django-eventstream's package loaded when an event is stored or
  a stream served;
* ``middleware``: the request guard: NUL characters, undecodable bodies, unsupported charsets and JSON
  nested deeper than 32 levels are a 400 naming the problem before any view runs; a body or form over
  Django's upload limits too, naming the limit;
* ``errors``: every error answer, the API's with one body (``code``, ``detail``, what it concerns):
  outside any view JSON under ``/api/`` and the site's 404 and 500 pages elsewhere; the API's one
  exception handler, the pages' middleware for a refused permission and a missing object;
* ``openapi``: the error statuses every API operation documents, each with the one error body.
"""

from typing import Any

__all__ = ("celery_app",)


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from config.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
