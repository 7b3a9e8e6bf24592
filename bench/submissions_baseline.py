"""``bench/submissions_bench.py --baseline [REV]`` (default ``e2c26c5``, the code before issue 43's
work on verification and submissions): the stack bench, or with ``--web`` the web side alone, run on
REV's code (a ``git archive`` of REV extracted to a temporary folder, today's ``submissions_*.py``
copied into its bench folder), then on today's, each in a child process on a fresh database and its
Redis database flushed; the figures of both sides and their ratios, and for the stack issue 43's
targets. The child runs the stack from its own tree (``PYTHONPATH`` and the working folder of
gunicorn and Celery are the tree's), on the same .venv. Imported by its name: the bench folder is on
the path of every bench.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PER_PROCESS_TARGET = 200.0  # verifications a second per worker process, at least (issue 43)
WEB_CPU_TARGET_MS = 10.0  # ms of the web workers' CPU a submission, at most (issue 43)
STACK_FIGURES = (
    ("per_process", "verifications a second per worker process"),
    ("verify_cpu_ms", "the worker's CPU a verification, ms"),
    ("web_cpu_ms", "the web workers' CPU a submission, ms"),
)
WEB_FIGURES = (("cpu_ms", "ms of CPU a submission"), ("queries", "statements a submission"))


def target_line(per_process: float, web_cpu_ms: float) -> str:
    """Whether the stack's figures meet issue 43's targets, naming each one missed."""
    missed = []
    if per_process < PER_PROCESS_TARGET:
        missed.append(f"{per_process:.1f} verifications a second per worker process")
    if web_cpu_ms > WEB_CPU_TARGET_MS:
        missed.append(f"{web_cpu_ms:.1f} ms of web CPU a submission")
    verdict = "NOT met: " + ", ".join(missed) if missed else "met"
    return (
        f"issue 43's targets (>= {PER_PROCESS_TARGET:.0f} verifications a second per worker process,"
        f" <= {WEB_CPU_TARGET_MS:.0f} ms of web CPU a submission): {verdict}"
    )


def side_command(args: Any, root: Path, database: str, broker: str, figures: str) -> list[str]:
    """The child running the bench on the tree ``root``, its figures written to ``figures``."""
    command = [sys.executable, str(root / "bench" / "submissions_bench.py")]
    command += ["--web"] if args.web else ["--seconds", str(args.seconds), "--rate", str(args.rate)]
    command += ["--backlog", str(args.backlog), "--redis-db", str(args.redis_db)]
    command += ["--web-workers", str(args.web_workers), "--concurrency", str(args.concurrency)]
    command += ["--database-url", database, "--broker-url", broker, "--figures-to", figures]
    return command + (["--quick"] if args.quick else []) + (["--profile"] if args.profile else [])


def against_baseline(args: Any, database: str, broker: str) -> int:
    """The bench on ``args.baseline``'s code, then on today's; the ratios, and the targets (stack)."""
    from helpers import print_ratios, side_figures  # today's bench folder (the baseline's may lack them)

    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline], capture_output=True, check=False
    )
    if archive.returncode != 0:
        print(f"   no revision {args.baseline}: {archive.stderr.decode(errors='replace').strip()}")
        return 1
    results: dict[str, dict[str, Any] | None] = {}
    with tempfile.TemporaryDirectory(prefix="submissions-baseline-") as folder:
        tree = Path(folder) / "tree"
        tree.mkdir()
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
        for path in HERE.glob("submissions_*.py"):
            (tree / "bench" / path.name).write_text(path.read_text())
        lacking = sorted(
            path.parent.name for path in ROOT.glob("*/__init__.py") if not (tree / path.parent.name).is_dir()
        )
        if lacking:  # the .venv's editable install finds them in today's tree: a mix, not REV's code
            print(
                f"   {args.baseline} lacks today's packages {', '.join(lacking)}: its figures mix in today's code"
            )
        # the records, wherever the tree is
        shared = {"SHARED_DIR": os.environ.get("SHARED_DIR", str(ROOT.parent / "shared"))}
        for side, root in ((args.baseline, tree), ("today", ROOT)):
            print(f"-- {side} ({root})", flush=True)
            command = side_command(args, root, database, broker, f"{folder}/{side}.json")
            status = subprocess.run(command, check=False, cwd=root, env={**os.environ, **shared}).returncode
            results[side] = side_figures(folder, side)
            if results[side] is None:
                print(f"   {side}'s code did not run this bench (exit status {status}): no figures of it")
    before, now = results[args.baseline], results["today"]
    if before is not None and now is not None:
        print_ratios(before, now, args.baseline, WEB_FIGURES if args.web else STACK_FIGURES, 2)
    if now is not None and not args.web:
        print(f"   {target_line(now['per_process'], now['web_cpu_ms'])}")
    return 0 if before is not None and now is not None else 1
