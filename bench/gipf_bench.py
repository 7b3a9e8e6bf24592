"""GIPF engine benchmark: perft nodes per second per rule set and replay plies per second.

Usage: ``.venv/bin/python bench/gipf_bench.py [--full] [--repeat N] [--baseline REV [--rounds N]]``
(perft to depth 4, or 5 with ``--full``; the 30 shared records replayed N times).

GF1, the reference engine of issue 43's figure (GIPF perft within 1.5 times GF1), is not on this
machine: the issue measured it on a quiet machine beside the whole command of revision
:data:`GF1_REVISION` (GF1 0.27-0.32 s of CPU for depth 4 basic, the command 0.48-0.51 s: 1.6 to 1.9
times GF1). ``--baseline REV`` (default :data:`GF1_REVISION`) measures that same whole command,
``python -m arbiter perft --game gipf-basic --depth 4``, for REV's ``arbiter`` (taken from git into a
temporary folder) and for today's, in turn, ``--rounds`` times each, as CPU time of the child
processes (the machine is shared); it prints the ratio and today's command in times GF1 (the ratio
times the issue's 1.6 to 1.9). Counts must be the same and the references'.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arbiter.gipf import ENGINE  # noqa: E402

RECORDS = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared")) / "records" / "gipf"
REFERENCE = {
    "gipf-basic": [42, 1764, 73800, 3066768, 126307872],
    "gipf-standard": [42, 1764, 73800, 3066768, 127371363],
    "gipf-tournament": [42, 1764, 148176, 12446784, 784009152],
}


#: the revision beside which issue 43 measured GF1, and what GF1 was in times of its command
GF1_REVISION = "10ebbb1"
GF1_TIMES_BEFORE = (1.6, 1.9)
COMMAND = ["-m", "arbiter", "perft", "--game", "gipf-basic", "--depth", "4"]


def _command_cpu(folder: Path) -> tuple[float, list[int]]:
    """CPU seconds (user + system) of the whole perft command run with ``folder``'s ``arbiter``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, PYTHONPATH=str(folder))
    out = subprocess.run(
        [sys.executable, *COMMAND], cwd=folder, env=env, check=True, capture_output=True, text=True
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu, [int(line.split()[1]) for line in out.splitlines()]


def against_baseline(revision: str, rounds: int) -> bool:
    """The whole command of ``revision`` and of today's code in turn: medians and their ratio."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "arbiter"],
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryDirectory(prefix="arbiter-baseline-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        then: list[float] = []
        today: list[float] = []
        same = True
        for _ in range(rounds):
            cpu, counts = _command_cpu(Path(folder))
            then.append(cpu)
            same = same and counts == REFERENCE["gipf-basic"][:4]
            cpu, counts = _command_cpu(ROOT)
            today.append(cpu)
            same = same and counts == REFERENCE["gipf-basic"][:4]
    then.sort()
    today.sort()
    ratio = today[len(today) // 2] / then[len(then) // 2]
    low, high = (ratio * times for times in GF1_TIMES_BEFORE)
    print(
        f"`python {' '.join(COMMAND)}`, CPU s, median of {rounds}: {revision} {then[len(then) // 2]:.3f} "
        f"({', '.join(f'{t:.3f}' for t in then)}), today {today[len(today) // 2]:.3f} "
        f"({', '.join(f'{t:.3f}' for t in today)}): ratio {ratio:.2f}"
    )
    if revision == GF1_REVISION:
        print(f"today's command {low:.2f} to {high:.2f} times GF1 (the issue's 1.6 to 1.9 times the ratio)")
    print("counts: " + ("the references'" if same else "DIFFER FROM THE REFERENCES"), flush=True)
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--full", action="store_true", help="perft to depth 5 instead of 4")
    parser.add_argument("--repeat", type=int, default=5, help="times to replay the shared records")
    parser.add_argument("--baseline", nargs="?", const=GF1_REVISION, help="the whole command against REV's")
    parser.add_argument("--rounds", type=int, default=5, help="(--baseline) runs of each command")
    args = parser.parse_args(argv)
    if args.baseline:
        return 0 if against_baseline(args.baseline, args.rounds) else 1
    depth = 5 if args.full else 4
    ok = True
    for game in ENGINE.games:
        started = time.perf_counter()
        counts = ENGINE.perft(game, depth)
        elapsed = time.perf_counter() - started
        nodes = counts[-1]
        match = counts == REFERENCE[game][:depth]
        ok = ok and match
        print(
            f"perft {game:16} depth {depth}: {nodes:>12,} leaves in {elapsed:7.2f}s "
            f"= {nodes / elapsed:>14,.0f} nodes/s ({'matches' if match else 'DIFFERS FROM'} the reference)"
        )
    texts = [
        path.read_text(encoding="utf-8") for path in sorted(RECORDS.glob("*.txt")) if path.stem != "README"
    ]
    if texts:
        plies = 0
        started = time.perf_counter()
        for _ in range(args.repeat):
            for text in texts:
                verdict = ENGINE.replay(text)
                ok = ok and verdict.valid
                plies += verdict.plies
        elapsed = time.perf_counter() - started
        print(
            f"replay {len(texts)} records x {args.repeat}: {plies:,} plies in {elapsed:.2f}s "
            f"= {plies / elapsed:,.0f} plies/s"
        )
    else:
        print(f"replay: no records found in {RECORDS}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
