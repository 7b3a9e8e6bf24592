"""Seconds to check and register a pasted player list: ``.venv/bin/python bench/player_list_bench.py [LINES]``.

A temporary SQLite database is migrated, 2,000 players are stored (a tenth of the list names one of
them by handle), and an organiser pastes LINES lines (1,000 by default: the limit of one paste) into a new
event: timed are the preview (:func:`tournaments.registration.services.preview_list`) and the
registration (:func:`register_list`), with the number of queries each runs. Not timed: the data.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ratings_bench import make_players, setup_database  # noqa: E402  (the folder of this file is on the path)


def bench(lines: int) -> tuple[float, int, float, int]:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.events import services as event_services
    from tournaments.registration import services

    make_players(2000)
    organiser = User.objects.create_user("bench-organiser", password="bench-organiser")
    event = event_services.create_event(
        organiser, name="Bench open", game="dvonn", pairing_system="swiss-dutch"
    )
    text = "\n".join(
        f"player-{n:05d}" if n % 10 == 0 else f"New Player {n:05d}, {1200 + n % 900}"
        for n in range(1, lines + 1)
    )
    with CaptureQueriesContext(connection) as preview_queries:
        started = time.perf_counter()
        services.preview_list(event, organiser, text)
        preview = time.perf_counter() - started
    with CaptureQueriesContext(connection) as register_queries:
        started = time.perf_counter()
        added = services.register_list(event, organiser, text)
        register = time.perf_counter() - started
    assert len(added) == lines
    return preview, len(preview_queries), register, len(register_queries)


def main(argv: list[str] | None = None) -> int:
    args = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("--")]
    lines = int(args[0]) if args else 1000
    with tempfile.TemporaryDirectory() as folder:
        setup_database(folder)
        preview, preview_queries, register, register_queries = bench(lines)
    print(
        f"pasted list of {lines} lines: preview {preview:.2f} s ({preview_queries} queries), "
        f"registration {register:.2f} s ({register_queries} queries)",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
