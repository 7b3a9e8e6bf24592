"""GIPF engine benchmark: perft nodes per second per rule set and replay plies per second.

Usage: ``.venv/bin/python bench/gipf_bench.py [--full] [--repeat N]``
(perft to depth 4, or 5 with ``--full``; the 30 shared records replayed N times).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arbiter.gipf import ENGINE  # noqa: E402

RECORDS = ROOT.parent / "shared" / "records" / "gipf"
REFERENCE = {
    "gipf-basic": [42, 1764, 73800, 3066768, 126307872],
    "gipf-standard": [42, 1764, 73800, 3066768, 127371363],
    "gipf-tournament": [42, 1764, 148176, 12446784, 784009152],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="perft to depth 5 instead of 4")
    parser.add_argument("--repeat", type=int, default=5, help="times to replay the shared records")
    args = parser.parse_args(argv)
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
