"""A server process's long-lived objects kept out of the garbage collector's full passes.

Once a process has loaded the service (its modules, settings, URLs, translations, the engines'
tables: some 200,000 objects), it keeps them to its end. Python's collector still walks all of them
on each full pass, which comes every few hundred requests and took about 0.1 s of CPU in
``bench/play_bench.py``: about 0.2 ms of every move on average. :func:`settle` moves what exists
at that point to the collector's permanent generation, which its passes skip (``gc.freeze``);
what the requests make afterwards is collected as before. Called where a process has loaded the
service: ``config.wsgi`` (gunicorn's workers), ``config.asgi`` (uvicorn's), and a Celery worker
before it forks its processes (``config.celery``), whose children then also share those objects'
memory pages untouched (a pass writes to every object it walks).
"""

from __future__ import annotations

import gc


def settle() -> int:
    """What the process holds now, its garbage collected first, kept out of the collector's later
    passes; how many objects that is."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
