"""YINSH benchmark beside GIPF's, in one run: perft leaves per second, replay plies per second and
random games per second, each YINSH figure also as a ratio to GIPF's measured in the same process.

Usage: ``.venv/bin/python bench/yinsh_bench.py [--full]`` (``--full`` adds YINSH perft depth 4 of
the specification's position after 40 decisions, 1,283,578 leaves). The records replayed are the
engines' own random games of fixed seeds (YINSH normal and GIPF standard), so both sides replay
what they wrote. Perft counts the last step without playing it in both engines.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from helpers import replayed_plies  # noqa: E402

from arbiter import registry  # noqa: E402
from arbiter.yinsh.engine import random_game  # noqa: E402

#: the specification's position after 40 decisions (shared/rules/yinsh.md) and its counts
AFTER_40 = "yinsh Wb2/b2b3/6b1/B1bw1bwB1/w1wBBwbb2/2B1bb2b/w4WbwWw/4wb1W1/w2b1wb1/1w2wwW/3w w turn 0-0"
REFERENCE_40 = [29, 1204, 33399, 1283578]
GIPF_REFERENCE = [42, 1764, 73800, 3066768]
SEEDS = range(40)


def _timed(action: Callable[[], int]) -> tuple[int, float]:
    started = time.perf_counter()
    count = action()
    return count, time.perf_counter() - started


def _perft(game: str, depth: int, position: str | None, reference: list[int]) -> tuple[float, str]:
    counts: list[int] = []

    def run() -> int:
        counts.extend(registry.perft(game, depth, position))
        return counts[-1]

    leaves, elapsed = _timed(run)
    status = "ok" if counts == reference[:depth] else f"MISMATCH (expected {reference[:depth]})"
    return (
        leaves / elapsed,
        f"{leaves:,} leaves in {elapsed:.2f}s = {leaves / elapsed:,.0f} leaves/s [{status}]",
    )


def _replay(game: str) -> float:
    texts = [registry.random_record(game, seed) for seed in SEEDS]

    plies, elapsed = _timed(lambda: replayed_plies(texts))
    print(
        f"replay {game:14} {len(texts)} random records: {plies:,} plies in {elapsed:.2f}s = {plies / elapsed:,.0f} plies/s"
    )
    return plies / elapsed


def _random_games(game: str, count: int) -> float:
    def run() -> int:
        for seed in range(count):
            if game.startswith("yinsh"):
                random_game(game, seed)
            else:
                registry.random_record(game, seed)
        return count

    games, elapsed = _timed(run)
    print(f"random games {game:14} {games} in {elapsed:.2f}s = {games / elapsed:,.1f} games/s")
    return games / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--full", action="store_true", help="also run YINSH perft depth 4 of the position of play"
    )
    args = parser.parse_args(argv)
    gipf_rate, gipf_line = _perft("gipf-standard", 3, None, GIPF_REFERENCE)
    print(f"perft gipf-standard d3 from the start: {gipf_line}")
    empty_rate, line = _perft("yinsh", 3, None, [85, 7140, 592620])
    print(f"perft yinsh d3 from the empty board: {line}")
    play_rate, line = _perft("yinsh", 4 if args.full else 3, AFTER_40, REFERENCE_40)
    print(f"perft yinsh after 40 decisions: {line}")
    yinsh_replay, gipf_replay = _replay("yinsh"), _replay("gipf-standard")
    yinsh_games, gipf_games = _random_games("yinsh", 100), _random_games("gipf-standard", 100)
    print("ratios YINSH / GIPF standard (same process):")
    print(
        f"  perft leaves/s: empty board {empty_rate / gipf_rate:.2f}, position of play {play_rate / gipf_rate:.2f}"
    )
    print(f"  replay plies/s: {yinsh_replay / gipf_replay:.2f}")
    print(f"  random games/s: {yinsh_games / gipf_games:.2f}")
    print(f"  10,000 YINSH random games would take about {10_000 / yinsh_games:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
