"""CPU seconds of ``manage.py pair_trf`` pairing a 99-player round, start-up included:
``.venv/bin/python bench/startup_bench.py [--repeat N]``.

The file is the corpus tournament ``t20-p99-r9-d3`` (``../shared/pairing/dutch``) cut before its
last round, as the corpus tests cut it. Each run is a fresh process; its CPU seconds (user + system,
from the operating system's accounting of finished children) are printed as the median of N runs
(with the fastest), and as a ratio against a baseline measured in the same run:
``python -c "import django"``, the interpreter and Django alone. Nothing is asserted: the figures go
to docs/pairing.md and docs/performance.md.

``manage.py`` runs ``pair_trf`` on the settings alone (``config.standalone``); the same command run
through Django's ``execute_from_command_line`` (the apps loaded first, as any other command and as
before issue 32 item 10) is measured beside it, so that the two paths' difference is the apps'
loading.

Two conditions, since Python's compiled bytecode changes the figure by a fifth:

- compiled: bytecode cached (in a temporary ``PYTHONPYCACHEPREFIX``, written by one run not
  counted), as an installed command runs from its second run on;
- from source: ``PYTHONDONTWRITEBYTECODE=1`` with no cache of the project's modules, so that each
  run compiles every module of the project it imports (the installed packages keep the bytecode
  their installation wrote), as on a machine that sets that variable.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# the command as Django runs any command: django.setup() (every app's models, ready()) first
WITH_APPS = (
    "import gc, os, sys; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings'); "
    "from django.core.management import execute_from_command_line; "
    "execute_from_command_line(['manage.py', 'pair_trf', sys.argv[1]]); gc.freeze()"
)
CORPUS = ROOT.parent / "shared" / "pairing" / "dutch" / "t20-p99-r9-d3.trf"


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child process running ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def conditions(cache: Path) -> dict[str, dict[str, str]]:
    """Each condition's environment: compiled (a bytecode cache of its own), from source."""
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only"}
    env.pop("PYTHONPYCACHEPREFIX", None)
    compiled = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    compiled["PYTHONPYCACHEPREFIX"] = str(cache)
    return {"compiled": compiled, "from source": {**env, "PYTHONDONTWRITEBYTECODE": "1"}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    args = parser.parse_args(argv)
    if not CORPUS.exists():
        print(f"   skipped: {CORPUS} not found")
        return 0
    from tournaments.trf.format import cut_before_round, parse_trf, write_trf

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t20-r9.trf"
        path.write_text(write_trf(cut_before_round(parse_trf(CORPUS.read_text()), 9)))
        baseline_command = [sys.executable, "-c", "import django"]
        command = [sys.executable, "manage.py", "pair_trf", str(path)]
        with_apps = [sys.executable, "-c", WITH_APPS, str(path)]
        for name, env in conditions(Path(folder) / "pycache").items():
            if name == "compiled":  # the run that writes the cache
                child_cpu(baseline_command, env)
                child_cpu(command, env)
                child_cpu(with_apps, env)
            # the baseline and the commands in turn, so that a busier moment weighs on all
            baselines, runs, apps_runs = [], [], []
            for _ in range(args.repeat):
                baselines.append(child_cpu(baseline_command, env))
                runs.append(child_cpu(command, env))
                apps_runs.append(child_cpu(with_apps, env))
            baseline = statistics.median(baselines)
            print(
                f"   {name}: baseline (python -c 'import django'): {baseline:.3f} s CPU (median of {args.repeat})"
            )
            for label, times in (("manage.py pair_trf", runs), ("with the apps loaded", apps_runs)):
                median = statistics.median(times)
                print(
                    f"   {name}: {label}, 99 players, round 9: {median:.3f} s CPU median, "
                    f"{min(times):.3f} fastest ({median / baseline:.1f} x baseline)"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
