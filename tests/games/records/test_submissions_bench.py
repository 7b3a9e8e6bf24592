"""``bench/submissions_bench.py`` runs in its quick in-process mode (issue 20 item 17): a fresh
process on a temporary SQLite file, five records submitted and verified. It prints figures and
asserts none; this checks only that the command runs and verifies what it submits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_the_submissions_bench_runs_in_its_quick_mode() -> None:
    shared_path("records", "gipf")
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL"}}
    answer = subprocess.run(
        [sys.executable, "bench/submissions_bench.py", "--in-process", "--quick"],
        cwd=ROOT,
        env={**env, "SECRET_KEY": "test-only"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert answer.returncode == 0, answer.stderr[-2000:]
    assert "5 records of gipf-standard, 5 verified valid" in answer.stdout
    assert "replay alone (baseline)" in answer.stdout and "verifications:" in answer.stdout
