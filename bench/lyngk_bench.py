"""LYNGK benchmark: perft leaves per second and replay plies per second, beside DVONN's and TZAAR's
measured in the same process, and their ratios (LYNGK / DVONN, LYNGK / TZAAR), as the machine may be
busy.

Usage: ``.venv/bin/python bench/lyngk_bench.py [--rounds N] [--full]`` (``--full`` adds the
10,000 random games of the slow test, timed, and the specification's depth 3 from S2 and S3).
Perft counts the last step without playing it: LYNGK from the specification's S1 to depth 3 (its
3,535,607 leaves, checked), DVONN from the Little Golem game's stacking phase and TZAAR from its
fixed start, both to depth 3 (bench/tzaar_bench.py). Replay: 20 seeded random games of each game
(LYNGK's and TZAAR's from random starts), written and replayed by the registry. Rounds alternate
between the games; the best round of each counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from helpers import best_rate, checked_perft, replayed_plies  # noqa: E402
from tzaar_bench import DVONN_REFERENCE, DVONN_START, TZAAR_REFERENCE  # noqa: E402

from arbiter import registry  # noqa: E402

#: the specification's start S1 and its counts (shared/rules/lyngk.md)
S1 = (
    "a1:J b1:I b2:B b3:G b4:R c1:I c2:R c3:B c4:I c5:I c6:R c7:B d1:B d2:G d3:K d4:J d5:K d6:K e1:I e2:B "
    "e3:B e4:G e5:R e6:G e7:I f1:I f2:B f3:I f4:G f5:G f6:R g1:K g2:G g3:J g4:R g5:R g6:K g7:K h1:G h2:K "
    "h3:B h4:R i1:K"
)
LYNGK_REFERENCE = [161, 24_620, 3_535_607]


def perft_rates(rounds: int) -> dict[str, float]:
    work = {
        "LYNGK": lambda: checked_perft("lyngk", 3, S1, LYNGK_REFERENCE),
        "DVONN": lambda: checked_perft("dvonn", 3, DVONN_START, DVONN_REFERENCE),
        "TZAAR": lambda: checked_perft("tzaar", 3, None, TZAAR_REFERENCE),
    }
    best = dict.fromkeys(work, 0.0)
    for _ in range(rounds):  # the games take turns, so that a busy moment hurts each alike
        for name, run in work.items():
            best[name] = max(best[name], best_rate(run, 1))
    return best


def replay_rates(rounds: int, games: int = 20) -> dict[str, float]:
    records = {
        key: [registry.random_record(key, seed) for seed in range(games)]
        for key in ("lyngk", "dvonn", "tzaar")
    }

    best = dict.fromkeys(records, 0.0)
    for _ in range(rounds):
        for key in records:
            best[key] = max(best[key], best_rate(partial(replayed_plies, records[key]), 1))
    return {"LYNGK": best["lyngk"], "DVONN": best["dvonn"], "TZAAR": best["tzaar"]}


def _ratios(label: str, unit: str, rates: dict[str, float]) -> None:
    lyngk = rates["LYNGK"]
    print(
        f"{label}: LYNGK {lyngk:,.0f} {unit}, DVONN {rates['DVONN']:,.0f}, TZAAR {rates['TZAAR']:,.0f}; "
        f"ratio to DVONN {lyngk / rates['DVONN']:.2f}, to TZAAR {lyngk / rates['TZAAR']:.2f}"
    )


def random_games(count: int) -> None:
    from arbiter.lyngk.engine import random_game

    started = time.perf_counter()
    results: Counter[str] = Counter()
    plies = passes = claims = 0
    for seed in range(count):
        _first, moves, end = random_game(seed)
        results[str(registry.status(end.text()).result)] += 1
        plies += len(moves)
        passes += moves.count("pass")
        claims += sum(1 for move in moves if len(move) == 1)
    seconds = time.perf_counter() - started
    print(
        f"{count:,} random games from random starts in {seconds:.1f} s: {dict(results)}, "
        f"{plies / count:.1f} plies a game, {claims / count:.2f} claims, {passes / count:.3f} passes"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--full", action="store_true", help="also the 10,000 random games and S2, S3 to depth 3"
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    _ratios("perft d3", "leaves/s", perft_rates(args.rounds))
    _ratios("replay", "plies/s", replay_rates(args.rounds))
    if args.full:
        random_games(10_000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
