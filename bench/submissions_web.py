"""The web side of a submission alone (``bench/submissions_bench.py --web``): on the stack's
PostgreSQL and Redis but in one process, the backlog's records submitted one after the other through
Django's WSGI handler (the request stack as gunicorn runs it: middleware, the token, the throttle, the
view, the Celery message; no worker), ms of CPU and statements a submission, cProfile with
``--profile``; ``--baseline [REV]`` runs it on REV's code, then on today's
(``bench/submissions_baseline.py``). Imported by its name: the bench folder is on the path of every bench.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from submissions_bench import WARM


def web_side(args: Any) -> int:
    """In a child with the stack's environment: the warm-up's and the backlog's records submitted
    one after the other through Django's WSGI handler; the backlog's CPU and statements a submission."""
    import io

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    data = json.loads(Path(args.web_jobs).read_text())
    handler = WSGIHandler()

    def submit(job: list[Any]) -> int:
        body = json.dumps({"pairing": job[0], "record": job[1]}).encode()
        environ = {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": "/api/games/submit/",
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "HTTP_HOST": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_AUTHORIZATION": f"Token {data['token']}",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        status: list[str] = []
        answer = handler(environ, lambda line, headers, exc_info=None: status.append(line))
        b"".join(answer)
        answer.close()  # type: ignore[attr-defined]
        return int(status[0].split()[0])

    jobs = data["jobs"]
    warm, jobs = jobs[:WARM], jobs[WARM : WARM + args.backlog]
    for job in warm:
        submit(job)
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)  # CPU time: the machine is shared
    statuses = []
    with CaptureQueriesContext(connection) as queries:
        started = time.process_time()
        if profiler is not None:
            profiler.enable()
        statuses = [submit(job) for job in jobs]
        if profiler is not None:
            profiler.disable()
        cpu = (time.process_time() - started) / len(jobs)
    if profiler is not None:
        import pstats

        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(45)
        print("   the last submission's statements:")
        for query in queries.captured_queries[-int(len(queries) / len(jobs)) :]:
            print(f"     {query['sql'][:300]}")
        if os.environ.get("BENCH_PROFILE_OUT"):
            stats.dump_stats(os.environ["BENCH_PROFILE_OUT"])
    refused = sum(1 for status in statuses if status != 202)
    print(
        f"   the web side alone ({connection.vendor}, Django's WSGI handler in one process): {len(jobs)}"
        f" submissions, {refused} not 202; {cpu * 1000:.2f} ms of CPU and"
        f" {len(queries) / len(jobs):.1f} statements a submission"
    )
    if args.figures_to:
        Path(args.figures_to).write_text(
            json.dumps({"cpu_ms": cpu * 1000, "queries": len(queries) / len(jobs)})
        )
    return 0 if refused == 0 else 1
