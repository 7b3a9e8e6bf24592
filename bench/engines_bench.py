"""The engines' hot loops against a baseline: perft and replay of DVONN and GIPF, today's code and an
earlier revision's measured in the same process, and their ratios.

Usage: ``.venv/bin/python bench/engines_bench.py [--baseline REV] [--rounds N] [--full]``

The baseline's ``arbiter`` package is taken from git and imported beside today's, as
``bench/replay_bench.py`` does (:func:`replay_bench.load_baseline`). :data:`BASELINE` is the last
revision before the engines' hot loops were rewritten (issue 32 item 11). Each figure is CPU time of
this process (``time.process_time``: the machine is shared, wall time says more of the others' work
than of ours), the best of ``--rounds`` rounds, the two sides taking turns. Perft is DVONN from the
position after the Little Golem game's placements (``bench/dvonn_bench.py``) and each GIPF rule set
from its start, to depth 4 (``--full``: DVONN to depth 5 too, which the baseline takes about a minute
for); replay is the shared records and seeded random games of ``replay_bench.records``. Counts and
verdicts must be the same on both sides and the counts the references': the bench says so, and
exits with 1 when they are not.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from dvonn_bench import LG_START  # noqa: E402
from dvonn_bench import REFERENCE as DVONN_REFERENCE  # noqa: E402
from gipf_bench import REFERENCE as GIPF_REFERENCE  # noqa: E402
from replay_bench import load_baseline, records  # noqa: E402

from arbiter import registry  # noqa: E402

#: the last revision before the engines' hot loops were rewritten (issue 32 item 11)
BASELINE = "cb5aae5"

Work = Callable[[ModuleType], object]


def _gipf_perft(game: str) -> Work:
    def work(reg: ModuleType) -> object:
        return reg.perft(game, 4)

    return work


def perft_cases(full: bool) -> list[tuple[str, Work, list[int]]]:
    """(name, work on a registry, the reference counts)."""
    cases: list[tuple[str, Work, list[int]]] = [
        ("perft DVONN d4", lambda reg: reg.perft("dvonn", 4, LG_START), DVONN_REFERENCE[:4])
    ]
    if full:
        cases.append(("perft DVONN d5", lambda reg: reg.perft("dvonn", 5, LG_START), DVONN_REFERENCE[:5]))
    for game in ("gipf-basic", "gipf-standard", "gipf-tournament"):
        cases.append((f"perft {game} d4", _gipf_perft(game), GIPF_REFERENCE[game][:4]))
    return cases


def replay_cases() -> list[tuple[str, Work, None]]:
    cases: list[tuple[str, Work, None]] = []
    for name, texts in records().items():

        def work(reg: ModuleType, texts: list[str] = texts) -> object:
            outcomes = []
            for text in texts:
                verdict = reg.replay(text)
                outcomes.append(
                    tuple(
                        str(v)
                        for v in (verdict.valid, verdict.result, verdict.termination, verdict.final_position)
                    )
                )
            return outcomes

        plies = sum(registry.replay(text).plies for text in texts)
        cases.append((f"replay {name} ({len(texts)} records, {plies:,} plies)", work, None))
    return cases


def cpu(work: Work, reg: ModuleType) -> tuple[float, object]:
    started = time.process_time()
    result = work(reg)
    return time.process_time() - started, result


def measure(name: str, work: Work, expected: list[int] | None, baseline: ModuleType, rounds: int) -> bool:
    best_today = best_then = float("inf")
    same = True
    for _ in range(rounds):
        now, ours = cpu(work, registry)
        then, theirs = cpu(work, baseline)
        same = same and ours == theirs and (expected is None or ours == expected)
        best_today, best_then = min(best_today, now), min(best_then, then)
    verdict = "same counts" if expected is not None else "same verdicts"
    print(
        f"{name:48} baseline {best_then:7.3f} s, today {best_today:7.3f} s of CPU: "
        f"{best_then / best_today:5.2f} times faster ({verdict if same else 'RESULTS DIFFER'})",
        flush=True,
    )
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--baseline", default=BASELINE, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per side (the best counts)")
    parser.add_argument("--full", action="store_true", help="also DVONN perft depth 5")
    parser.add_argument("--only", choices=("perft", "replay"), help="one half of the figures")
    args = parser.parse_args(argv)
    try:
        baseline = load_baseline(args.baseline)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"engines vs baseline: skipped (revision {args.baseline} not readable: {exc})")
        return 0
    print(f"baseline {args.baseline}, best of {args.rounds} rounds each", flush=True)
    cases: list[tuple[str, Work, list[int] | None]] = []
    if args.only != "replay":
        cases += perft_cases(args.full)
    if args.only != "perft":
        cases += replay_cases()
    same = [measure(name, work, expected, baseline, args.rounds) for name, work, expected in cases]
    return 0 if all(same) else 1


if __name__ == "__main__":
    sys.exit(main())
