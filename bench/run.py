"""Run every benchmark and print its figures: ``.venv/bin/python bench/run.py [--full]``.

Benchmarks measure; they assert nothing about time (tests never do). ``--full`` adds the deep
perft runs (depth 5), which take minutes.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = [
    "gipf_bench",
    "dvonn_bench",
    "yinsh_bench",
    "tzaar_bench",
    "zertz_bench",
    "lyngk_bench",
    "replay_bench",
    "engines_bench",
    "pairing_bench",
    "ratings_bench",
    "player_list_bench",
    "startup_bench",
    "submissions_bench",
    "play_bench",
]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    status = 0
    for name in BENCHMARKS:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        module = importlib.import_module(name)
        code = module.main(["--full"] if "--full" in args else [])
        print(f"   ({time.perf_counter() - started:.1f} s in all)", flush=True)
        status = status or code
    return status


if __name__ == "__main__":
    sys.exit(main())
