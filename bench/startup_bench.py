"""CPU seconds of ``manage.py pair_trf`` pairing a 99-player round, start-up included:
``.venv/bin/python bench/startup_bench.py [--repeat N]``.

The file is the corpus tournament ``t20-p99-r9-d3`` (``../shared/pairing/dutch``) cut before its
last round, as the corpus tests cut it. Each run is a fresh process; its CPU seconds (user + system,
from the operating system's accounting of finished children) are printed with the best of N runs,
and as a ratio against a baseline measured in the same run: ``python -c "import django"``, the
interpreter and Django alone. Nothing is asserted: the figures go to docs/pairing.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "pairing" / "dutch" / "t20-p99-r9-d3.trf"


def child_cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of one child process running ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-only"}
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    args = parser.parse_args(argv)
    if not CORPUS.exists():
        print(f"   skipped: {CORPUS} not found")
        return 0
    from tournaments.trf.format import cut_before_round, parse_trf, write_trf

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t20-r9.trf"
        path.write_text(write_trf(cut_before_round(parse_trf(CORPUS.read_text()), 9)))
        baseline = min(child_cpu([sys.executable, "-c", "import django"]) for _ in range(args.repeat))
        command = min(
            child_cpu([sys.executable, "manage.py", "pair_trf", str(path)]) for _ in range(args.repeat)
        )
    print(f"   baseline (python -c 'import django'): {baseline:.3f} s CPU")
    print(
        f"   manage.py pair_trf, 99 players, round 9: {command:.3f} s CPU ({command / baseline:.1f} x baseline)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
