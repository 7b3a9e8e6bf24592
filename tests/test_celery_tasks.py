"""A worker registers every task the code defines (issue 32 item 5): ``config.celery`` discovers
the task module of every package, so no task is refused by a real worker as "unregistered" while
the eager default runs it. The worker's own list is compared in tests/integration/test_worker_tasks.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_app_as_a_worker_starts_knows_every_task_the_code_defines() -> None:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.test_settings", PYTHONPATH=str(ROOT))
    env.pop("CELERY_BROKER_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "tests.celery_tasks"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    # the casual game's rating, in tournaments.ratings.tasks, was the one forgotten
    assert "tournaments.rate_casual_game" in found["defined"]
    assert found["registered"] == found["defined"]
