"""Replay against a baseline: plies per second of today's replay and of an earlier revision's,
measured in the same process on the same records, and their ratio.

Usage: ``.venv/bin/python bench/replay_bench.py [--baseline REV] [--rounds N]``

The baseline's ``arbiter`` package is taken from git (``git archive REV arbiter``) into a temporary
folder and imported under the same name with the current one set aside, so both run side by side.
:data:`BASELINE` is the last revision before the play API, whose replay was not a loop over
``play``. The records are the shared ones (``../shared/records``) and seeded random games of every
rule set. Rounds alternate between the two (the better round of each counts), as the machine may
be busy.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arbiter import registry  # noqa: E402

SHARED = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))
#: the last revision before the play API (replay as its own loop)
BASELINE = "3f907a0"
GAMES = ("gipf-basic", "gipf-standard", "gipf-tournament", "dvonn")

Replay = Callable[[str], Any]


def records() -> dict[str, list[str]]:
    """Per game, the shared records (when present) and 10 seeded random games per game key."""
    found: dict[str, list[str]] = {"GIPF": [], "DVONN": []}
    for name, folder in (("GIPF", SHARED / "records" / "gipf"), ("DVONN", SHARED / "records" / "dvonn")):
        for path in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
            text = path.read_text(encoding="utf-8")
            if "# game" not in text:
                found[name].append(text)
                continue
            games = text.split("# game")[1:]  # a CodeCup file of several games: one record each
            found[name] += ["# game" + game for game in games]
    for game in GAMES:
        found["DVONN" if game == "dvonn" else "GIPF"] += [
            registry.random_record(game, seed) for seed in range(10)
        ]
    return found


def load_baseline(revision: str) -> ModuleType:
    """The ``arbiter.registry`` of ``revision``, imported beside the current ``arbiter``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "arbiter"],
        check=True,
        capture_output=True,
    ).stdout
    folder = tempfile.mkdtemp(prefix="arbiter-baseline-")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    current = {name: module for name, module in sys.modules.items() if name.split(".")[0] == "arbiter"}
    for name in current:
        del sys.modules[name]
    sys.path.insert(0, folder)
    try:
        import arbiter.registry as baseline  # the revision's, from the temporary folder

        assert Path(baseline.__file__ or "").is_relative_to(folder)
        # every module of the revision imported now, while its folder comes first: the registry
        # loads its engines on first use, which must not find today's modules then
        for path in sorted((Path(folder) / "arbiter").rglob("*.py")):
            if path.name == "__main__.py":
                continue
            parts = path.relative_to(folder).with_suffix("").parts
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        if hasattr(baseline, "engines"):
            baseline.engines()
    finally:
        sys.path.remove(folder)
        for name in [name for name in sys.modules if name.split(".")[0] == "arbiter"]:
            del sys.modules[name]
        sys.modules.update(current)
    return baseline


def timed(replay: Replay, texts: list[str]) -> tuple[float, int, list[tuple[object, ...]]]:
    plies = 0
    outcomes: list[tuple[object, ...]] = []
    started = time.perf_counter()
    for text in texts:
        verdict = replay(text)
        plies += verdict.plies
        outcomes.append((verdict.valid, verdict.result, verdict.termination, verdict.final_position))
    return time.perf_counter() - started, plies, outcomes


def _outcomes(outcomes: list[tuple[object, ...]]) -> list[tuple[str, ...]]:
    return [tuple(str(value) for value in outcome) for outcome in outcomes]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--baseline", default=BASELINE, help="the git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per side (the best counts)")
    parser.add_argument("--full", action="store_true", help="ignored (run.py passes it to every bench)")
    args = parser.parse_args(argv)
    try:
        baseline = load_baseline(args.baseline)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"replay vs baseline: skipped (revision {args.baseline} not readable: {exc})")
        return 0
    same = True
    for name, texts in records().items():
        best = {"today": float("inf"), "baseline": float("inf")}
        plies = 0
        for _ in range(args.rounds):
            now, plies, ours = timed(registry.replay, texts)
            then, _, theirs = timed(baseline.replay, texts)
            same = same and _outcomes(ours) == _outcomes(theirs)
            best["today"] = min(best["today"], now)
            best["baseline"] = min(best["baseline"], then)
        print(
            f"replay {name:5} {len(texts)} records, {plies:,} plies, best of {args.rounds}: "
            f"baseline {args.baseline} {plies / best['baseline']:,.0f} plies/s, "
            f"today {plies / best['today']:,.0f} plies/s, ratio today/baseline {best['baseline'] / best['today']:.3f}"
        )
    print(f"replay today and baseline: {'the same verdicts' if same else 'VERDICTS DIFFER'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
