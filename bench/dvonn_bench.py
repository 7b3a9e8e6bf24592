"""DVONN benchmark: perft leaves per second and replay plies per second.

Usage: ``.venv/bin/python bench/dvonn_bench.py [--full]`` (``--full`` adds perft depth 5,
about half a minute). Perft memoizes transpositions and counts the last ply without playing it,
so "leaves/s" is the reference leaf count divided by the wall time, not raw move generation.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arbiter.dvonn import ENGINE  # noqa: E402

SHARED = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))

# The Little Golem game (shared/records/dvonn) after its 49 placements, White to move.
LG_START = (
    "dvonn w 49 b,b,d,b,b,b,b,w,w/w,w,b,w,b,w,d,w,w,w/w,b,b,w,w,b,b,b,w,b,w/"
    "b,w,b,w,b,b,b,b,w,w/w,w,b,d,b,w,w,b,w"
)
REFERENCE = [43, 1765, 78940, 3502964, 161656182]


def _records() -> list[str]:
    folder = SHARED / "records" / "dvonn"
    if not folder.is_dir():
        return []
    texts = [(folder / "littlegolem-dvonn.mc.2014.may.1.1.txt").read_text(encoding="utf-8")]
    games: list[list[str]] = []
    for line in (folder / "random-games-codecup-format.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# game"):
            games.append([])
        if games:
            games[-1].append(line)
    texts.extend("\n".join(lines) + "\n" for lines in games)
    return texts


def bench_perft(depth: int) -> None:
    started = time.perf_counter()
    counts = ENGINE.perft("dvonn", depth, LG_START)
    elapsed = time.perf_counter() - started
    status = "ok" if counts == REFERENCE[:depth] else f"MISMATCH (expected {REFERENCE[:depth]})"
    leaves = counts[-1]
    print(f"perft d{depth}: {leaves} leaves in {elapsed:.2f}s = {leaves / elapsed:,.0f} leaves/s [{status}]")


def bench_replay(rounds: int = 20) -> None:
    texts = _records()
    if not texts:
        print("replay: skipped (../shared/records/dvonn not found)")
        return
    plies = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            verdict = ENGINE.replay(text)
            if not verdict.valid:
                print(f"replay: INVALID record: {verdict.error}")
                return
            plies += verdict.plies
    elapsed = time.perf_counter() - started
    print(
        f"replay: {rounds} x {len(texts)} records, {plies} plies in {elapsed:.2f}s = {plies / elapsed:,.0f} plies/s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="also run perft depth 5")
    args = parser.parse_args(argv)
    bench_perft(4)
    if args.full:
        bench_perft(5)
    bench_replay()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
