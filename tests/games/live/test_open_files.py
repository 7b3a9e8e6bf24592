"""An ASGI process lifts its limit of open files for its streams (``config.limits``), as a real start
of one: a child Python started with a low soft limit loads ``config.asgi`` (what uvicorn imports) and
says what its limits and ``EVENT_STREAMS_MAX`` then are.

Hand-worked: a process may hold ``EVENT_STREAMS_MAX`` streams plus 256 other descriptors; with a hard
limit of 600 it serves 600 - 256 = 344 streams, whatever the setting asks."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import json, resource, sys
import config.asgi  # what uvicorn loads
from django.conf import settings
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
print(json.dumps({"soft": soft, "hard": hard, "streams": settings.EVENT_STREAMS_MAX}))
"""


def _start(soft: int, hard: int, streams: str) -> tuple[dict[str, int], str]:
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    env = dict(os.environ, EVENT_STREAMS_MAX=streams)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        preexec_fn=limits,  # noqa: PLW1509 - the child's limits, set before it runs
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def _hard() -> int:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 1 << 20 if hard == resource.RLIM_INFINITY else hard


@pytest.mark.skipif(_hard() < 2000, reason="the hard limit of open files here is under 2,000")
def test_the_soft_limit_is_lifted_to_the_hard_one_at_start() -> None:
    hard = min(_hard(), 1 << 20)
    seen, _ = _start(1024, hard, "1500")
    assert seen == {"soft": hard, "hard": hard, "streams": 1500}


def test_a_hard_limit_short_of_the_streams_lowers_what_the_process_serves() -> None:
    seen, said = _start(600, 600, "10000")
    assert seen == {"soft": 600, "hard": 600, "streams": 344}
    assert "serves 344 live streams, not EVENT_STREAMS_MAX=10000" in said
