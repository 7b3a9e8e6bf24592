"""PÜNCT benchmark: perft leaves per second, replay plies per second and the play API's listing of a
position's moves, beside the other games' measured in the same process, as ratios (PÜNCT / each), as
the shared machine may be busy.

Usage: ``.venv/bin/python bench/punct_bench.py [--rounds N]``. Perft is depth 2 from PÜNCT's start and
from the specification's Q1 and Q3 (their counts checked on every run; the last step is counted, not
played), beside TZAAR's, YINSH's and GIPF standard's depth 3 from their starts and DVONN's from the
Little Golem game's stacking phase. Replay is 20 seeded random games of each, written and replayed
by the registry. Listing is the legal moves of a start through the registry (a move's position is
built when read: none is read here), and PÜNCT's first picks (``registry.picking``, nothing picked,
then a kind). CPU time of this process, the best of ``--rounds`` rounds, the games taking turns.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import helpers  # noqa: E402
from dvonn_bench import LG_START  # noqa: E402
from helpers import checked_perft, replayed_plies  # noqa: E402

from arbiter import registry  # noqa: E402
from tests.arbiter.punct.test_perft import Q1, Q3  # noqa: E402

#: (name, game, depth, position, the reference counts)
PERFT = [
    ("PÜNCT start", "punct", 2, None, [4_986, 23_841_810]),
    ("PÜNCT Q1", "punct", 2, Q1, [3_066, 9_389_269]),
    ("PÜNCT Q3", "punct", 2, Q3, [1_266, 1_008_303]),
    ("TZAAR", "tzaar", 3, "fixed", [42, 1_797, 260_556]),
    ("DVONN", "dvonn", 3, LG_START, [43, 1_765, 78_940]),
    ("YINSH", "yinsh", 3, None, [85, 7_140, 592_620]),
    ("GIPF", "gipf-standard", 3, None, [42, 1_764, 73_800]),
]
REPLAYED = ["punct", "tzaar", "dvonn", "yinsh", "gipf-standard"]


def best_rate(work: Callable[[], int], rounds: int) -> float:
    """The best of ``rounds`` runs of ``work`` (which returns the units it did), units per CPU second."""
    return helpers.best_rate(work, rounds, time.process_time)


def _perft(game: str, depth: int, position: str | None, reference: list[int]) -> Callable[[], int]:
    if position == "fixed":
        position = registry.start("tzaar", {"start": "fixed"})

    return partial(checked_perft, game, depth, position, reference)


def _replay(game: str, games: int = 20) -> Callable[[], int]:
    texts = [registry.random_record(game, seed) for seed in range(games)]

    return partial(replayed_plies, texts)


def _listing(position: str) -> Callable[[], int]:
    def work() -> int:
        return sum(len(registry.legal_moves(position)) for _ in range(5))

    return work


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    perft = {name: best_rate(_perft(*case), args.rounds) for name, *case in PERFT}  # type: ignore[arg-type]
    punct = perft["PÜNCT Q1"]  # a position of play: its last step counts moves as well as additions
    for name, rate in perft.items():
        print(f"perft {name}: {rate:,.0f} leaves/s (PÜNCT Q1 / it {punct / rate:.2f})")
    replay = {game: best_rate(_replay(game), args.rounds) for game in REPLAYED}
    for game, rate in replay.items():
        print(f"replay {game}: {rate:,.0f} plies/s (PÜNCT / it {replay['punct'] / rate:.2f})")
    starts = {"punct": registry.start("punct"), "tzaar": registry.start("tzaar", {"start": "fixed"})}
    starts["dvonn"] = registry.start("dvonn")
    listing = {game: best_rate(_listing(position), args.rounds) for game, position in starts.items()}
    for game, rate in listing.items():
        print(f"legal moves {game}: {rate:,.0f} moves listed/s (PÜNCT / it {listing['punct'] / rate:.2f})")
    start = starts["punct"]
    for picked in ((), ("T",)):
        started = time.process_time()
        for _ in range(20):
            found = registry.picking(start, picked, 2000)
        took = (time.process_time() - started) / 20
        print(f"PÜNCT picking {','.join(picked) or '(nothing)'}: {found.count} moves, {took * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
