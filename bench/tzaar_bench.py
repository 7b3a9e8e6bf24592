"""TZAAR benchmark: perft leaves per second and replay plies per second, beside DVONN's measured in
the same process, and their ratios (TZAAR / DVONN), as the machine may be busy.

Usage: ``.venv/bin/python bench/tzaar_bench.py [--full]`` (``--full`` adds TZAAR perft depth 4, some
minutes). Perft counts the last ply without playing it. The records are seeded random games of
each game (TZAAR's from random starts), written and replayed by the registry. Rounds alternate
between the games; the better round of each counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from helpers import best_rate, checked_perft, replayed_plies  # noqa: E402

from arbiter import registry  # noqa: E402

#: the specification's counts from the fixed start (shared/rules/tzaar.md)
TZAAR_REFERENCE = [42, 1_797, 260_556]
#: DVONN's after the Little Golem game's placements (bench/dvonn_bench.py)
DVONN_START = (
    "dvonn w 49 b,b,d,b,b,b,b,w,w/w,w,b,w,b,w,d,w,w,w/w,b,b,w,w,b,b,b,w,b,w/"
    "b,w,b,w,b,b,b,b,w,w/w,w,b,d,b,w,w,b,w"
)
DVONN_REFERENCE = [43, 1765, 78940]


def perft_rates(rounds: int) -> tuple[float, float]:
    tzaar = best_rate(lambda: checked_perft("tzaar", 3, None, TZAAR_REFERENCE), rounds)
    return tzaar, best_rate(lambda: checked_perft("dvonn", 3, DVONN_START, DVONN_REFERENCE), rounds)


def replay_rates(rounds: int, games: int = 20) -> tuple[float, float]:
    records = {
        key: [registry.random_record(key, seed) for seed in range(games)] for key in ("tzaar", "dvonn")
    }

    tzaar = best_rate(lambda: replayed_plies(records["tzaar"]), rounds)
    return tzaar, best_rate(lambda: replayed_plies(records["dvonn"]), rounds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="also run TZAAR perft depth 4")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    tzaar, dvonn = perft_rates(args.rounds)
    print(f"perft d3: TZAAR {tzaar:,.0f} leaves/s, DVONN {dvonn:,.0f} leaves/s, ratio {tzaar / dvonn:.2f}")
    tzaar, dvonn = replay_rates(args.rounds)
    print(f"replay: TZAAR {tzaar:,.0f} plies/s, DVONN {dvonn:,.0f} plies/s, ratio {tzaar / dvonn:.2f}")
    if args.full:
        started = time.perf_counter()
        counts = registry.perft("tzaar", 4)
        print(
            f"perft d4 from the fixed start: {counts[-1]:,} leaves in {time.perf_counter() - started:.1f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
