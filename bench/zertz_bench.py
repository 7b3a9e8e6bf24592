"""ZÈRTZ benchmark beside every other game's, in one run: perft leaves per second and replay plies per
second of each game, the better of ``--rounds`` rounds (the games taking turns), and ZÈRTZ's figures
as ratios to each other game's measured in the same process (the shared machine's load moves the
absolute figures; the ratios hold).

Usage: ``.venv/bin/python bench/zertz_bench.py [--rounds N] [--full]`` (``--full`` adds the time of
10,000 random games of each ZÈRTZ variant, as tests/arbiter/zertz/test_properties.py plays them).

Perft: each game from a position with reference counts, checked on every run (a mismatch is
printed and the bench exits 1): ZÈRTZ from the standard start to depth 2 (3,277,260 leaves, the last
turn counted by the free rings without being played) and from the specification's positions of play
P1 and P2 to depth 3 (every turn but the last played); GIPF standard, DVONN, YINSH and TZAAR as their
own benches count them. Replay: 20 seeded random games of each game, written and replayed by the
registry.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from dvonn_bench import LG_START  # noqa: E402
from dvonn_bench import REFERENCE as DVONN_REFERENCE  # noqa: E402
from gipf_bench import REFERENCE as GIPF_REFERENCE  # noqa: E402
from helpers import best_rate, replayed_plies  # noqa: E402
from tzaar_bench import TZAAR_REFERENCE  # noqa: E402
from yinsh_bench import AFTER_40, REFERENCE_40  # noqa: E402

from arbiter import registry  # noqa: E402

#: shared/rules/zertz.md: the positions of play, by the turns that lead to them, and their counts
P1 = (
    "Be6,d1 Gc1,a1 Be1,d7 We3,b5 Wb2,f1 Wa4,g4 Bf4,g3 Bc5,c6 Bg1,d6 Ba3,a2 Gg2,f5 Wc4,b1 xc5Wc3 "
    "xb2Bd4Wf2 xg1We3 Wc3,c5"
)
P2 = (
    "Bg2,b6 Ga4,a1 Gd6,a3 We4,e7 Bc3,f1 Be2,c1 Wf5,c7 Wd8,g1 Ba2,h3 Wh4,h2 Bd1,c6 Wa5,b1 Gb3,h1 "
    "xb3Bd3 xe2Gc3 We2,g5 Bb3,g3 xa2Bc4Bc2 Bb3,b5 Bd4,f2 xd4Wf4Wf6 Ge4,g4 Gf5,f4 Ga2,e1 xa2Bc4 "
    "Gc3,c5 Ba2,b2 Be6,d7 Gd5,b4 xc4Ge5Ge3 xc2Gc4 xe2Ge4 Wd3,f3 Wc2,e3 We5,e2 xf5Wd5Bb3 xa2Gc4 We5,b3"
)


def _reached(game: str, turns: str) -> str:
    position = registry.start(game)
    for turn in turns.split():
        position = registry.play(position, turn).position
    return position


#: (name, game key, depth, position or None for the start, reference counts)
PERFT = [
    ("ZÈRTZ standard start d2", "zertz-standard", 2, None, [1_944, 3_277_260]),
    ("ZÈRTZ P1 d3", "zertz-standard", 3, "P1", [168, 2_325, 24_612]),
    ("ZÈRTZ P2 d3 (48 rings)", "zertz-tournament", 3, "P2", [60, 393, 1_238]),
    ("GIPF standard start d3", "gipf-standard", 3, None, GIPF_REFERENCE["gipf-standard"][:3]),
    ("DVONN Little Golem d3", "dvonn", 3, LG_START, DVONN_REFERENCE[:3]),
    ("YINSH after 40 d3", "yinsh", 3, AFTER_40, REFERENCE_40[:3]),
    ("TZAAR fixed start d3", "tzaar", 3, None, TZAAR_REFERENCE),
]
REPLAYED = ["zertz-standard", "zertz-tournament", "gipf-standard", "dvonn", "yinsh", "tzaar"]


def perft_rates(rounds: int) -> tuple[dict[str, float], bool]:
    positions = {"P1": _reached("zertz-standard", P1), "P2": _reached("zertz-tournament", P2)}
    rates: dict[str, float] = {}
    good = True
    for name, game, depth, where, reference in PERFT:
        position = positions.get(where or "", where)
        counts = registry.perft(game, depth, position)
        if counts != reference:
            print(f"MISMATCH {name}: {counts} (expected {reference})")
            good = False

        def run(game: str = game, depth: int = depth, position: str | None = position) -> int:
            return registry.perft(game, depth, position)[-1]

        rates[name] = best_rate(run, rounds)
    return rates, good


def replay_rates(rounds: int, games: int = 20) -> dict[str, float]:
    records = {key: [registry.random_record(key, seed) for seed in range(games)] for key in REPLAYED}
    rates: dict[str, float] = {}
    for key, texts in records.items():
        rates[key] = best_rate(partial(replayed_plies, texts), rounds)
    return rates


def random_games_time(game: str, count: int = 10_000) -> float:
    from arbiter.zertz.engine import random_game

    started = time.perf_counter()
    for seed in range(count):
        random_game(game, seed)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="also time 10,000 random games a variant")
    args = parser.parse_args(argv)
    perft, good = perft_rates(args.rounds)
    zertz = perft["ZÈRTZ P1 d3"]
    print("perft leaves/s (ratio: ZÈRTZ P1 d3 / this)")
    for name, rate in perft.items():
        print(f"  {name:26} {rate:>12,.0f}   {zertz / rate:.3g}")
    replay = replay_rates(args.rounds)
    zertz = replay["zertz-standard"]
    print("replay plies/s of 20 random games (ratio: ZÈRTZ standard / this)")
    for key, rate in replay.items():
        print(f"  {key:26} {rate:>12,.0f}   {zertz / rate:.3g}")
    if args.full:
        for game in ("zertz-standard", "zertz-blitz", "zertz-tournament"):
            print(f"10,000 random games {game}: {random_games_time(game):.1f} s")
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
