"""CPU seconds to pair one Dutch round: ``.venv/bin/python bench/pairing_bench.py [SIZES...] [--round R]``.

For each event size a synthetic history of R-1 rounds is made up quickly -- players paired inside
their score group, no rematches, colours alternating, results drawn with a fixed seed -- and then
round R (default 5) is paired by the Dutch engine exactly as a stored event is
(``tournaments.pairing.systems.pair_round`` over an ``EventState``). Only that last call is timed,
in CPU seconds of the process that pairs (one core). Pure engine path: no database.

Each size is paired on the compiled matcher and on the pure-Python fallback (networkx), each in
its own child process with a time limit, and the ratio printed. By default the compiled matcher
pairs 100, 250 and 500 players and the fallback 100; ``--full`` adds 1,000 compiled and 250 on the
fallback (about two minutes there). Explicit SIZES pair both ways.

``--baseline FILE`` also pairs every compiled size with an earlier build of the compiled matcher
(a copy of ``tournaments/pairing/_blossom*.so`` kept before a change), in the same run, and prints
the speed-up and whether the pairings are the same.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tournaments.core.errors import PairingError  # noqa: E402
from tournaments.pairing.matching import compiled_available  # noqa: E402
from tournaments.pairing.state import EventState, PlayerState, RoundEntry  # noqa: E402
from tournaments.pairing.systems import pair_round  # noqa: E402

COMPILED_SIZES = [100, 250, 500]
FALLBACK_SIZES = [100]
FULL_COMPILED_SIZES = [100, 250, 500, 1000]
FULL_FALLBACK_SIZES = [100, 250]


def colour_need(player: PlayerState) -> tuple[int, int]:
    """Lower sorts first and gets white: fewer whites than blacks, then black last time."""
    colours = [e.colour for e in player.history if e.colour]
    return (colours.count("w") - colours.count("b"), 0 if colours and colours[-1] == "b" else 1)


def synthetic_state(players: int, round_to_pair: int, seed: int = 2026) -> EventState:
    """An event of ``players`` players after ``round_to_pair - 1`` made-up Swiss rounds."""
    rng = random.Random(seed * 1000 + players)
    field = [
        PlayerState(number=n, name=f"Player {n:04d}", rating=2400 - 3 * n + rng.randint(0, 2))
        for n in range(1, players + 1)
    ]
    met: set[tuple[int, int]] = set()
    had_bye: set[int] = set()
    for _ in range(1, round_to_pair):
        order = sorted(field, key=lambda p: (-p.points, p.number))
        if len(order) % 2:
            bye = next(p for p in reversed(order) if p.number not in had_bye)
            order.remove(bye)
            had_bye.add(bye.number)
            bye.history.append(RoundEntry(None, None, "U"))
            bye.points += 2
        waiting = list(order)
        while waiting:
            first = waiting.pop(0)
            partner = next(
                (p for p in waiting if (min(first.number, p.number), max(first.number, p.number)) not in met),
                waiting[0],
            )
            waiting.remove(partner)
            met.add((min(first.number, partner.number), max(first.number, partner.number)))
            white, black = sorted((first, partner), key=colour_need)
            outcome = rng.random()
            codes = ("1", "0") if outcome < 0.45 else ("0", "1") if outcome < 0.9 else ("=", "=")
            white.history.append(RoundEntry(black.number, "w", codes[0]))
            black.history.append(RoundEntry(white.number, "b", codes[1]))
            white.points += {"1": 2, "=": 1, "0": 0}[codes[0]]
            black.points += {"1": 2, "=": 1, "0": 0}[codes[1]]
    return EventState(
        system="swiss-dutch", players=field, round_to_pair=round_to_pair, total_rounds=max(9, round_to_pair)
    )


def use_compiled_build(path: str) -> None:
    """Pair with the compiled matcher built in ``path`` (an earlier build) instead of the installed one."""
    from tournaments.pairing import matching

    spec = importlib.util.spec_from_file_location("tournaments.pairing._blossom", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path} is not a build of the compiled matcher")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    matching._compiled_matching = module.max_weight_matching
    matching._clear_compiled_cache = getattr(module, "clear_cache", lambda: None)


def time_round(
    players: int, round_to_pair: int, matcher: str, build: str | None = None
) -> tuple[float, str, str]:
    """CPU seconds to pair the round with ``matcher`` (``compiled`` or ``networkx``; ``build``: the
    compiled matcher of that file), a note, and a fingerprint of the pairings."""
    os.environ["PAIRING_MATCHER"] = matcher
    if build:
        use_compiled_build(build)
    state = synthetic_state(players, round_to_pair)
    started = time.process_time()
    try:
        paired = pair_round(state)
        note = f"{len(paired.pairs)} boards"
        answer = paired.as_reference_text()
    except PairingError as exc:
        note = answer = f"refused: {exc}"
    elapsed = time.process_time() - started
    return elapsed, note, hashlib.sha256(answer.encode()).hexdigest()


def _child(players: int, round_to_pair: int, matcher: str, build: str | None, results: Any) -> None:
    results.put(time_round(players, round_to_pair, matcher, build))


def time_round_limited(
    players: int, round_to_pair: int, matcher: str, limit: float, build: str | None = None
) -> tuple[float | None, str, str]:
    """``time_round`` in a child process, stopped after ``limit`` seconds (None: did not finish)."""
    results: Any = multiprocessing.Queue()
    child = multiprocessing.Process(
        target=_child, args=(players, round_to_pair, matcher, build, results), daemon=True
    )
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, f"not finished after {limit:.0f} s", ""
    elapsed, note, fingerprint = results.get()
    return elapsed, note, fingerprint


def _shown(elapsed: float | None) -> str:
    return f"{elapsed:8.2f} s" if elapsed is not None else "       – "


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sizes", nargs="*", type=int, help="event sizes (paired both ways)")
    parser.add_argument("--round", type=int, default=5, help="the round to pair (default 5)")
    parser.add_argument(
        "--limit", type=float, default=1800, help="seconds allowed per event size and matcher (default 1800)"
    )
    parser.add_argument(
        "--full", action="store_true", help="add 1,000 players compiled and 250 on the fallback"
    )
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="also pair the compiled sizes with this earlier build of the matcher",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.round < 1:
        parser.error("--round must be at least 1")
    if any(size < 2 for size in args.sizes):
        parser.error("an event needs at least 2 players")
    compiled_sizes = args.sizes or (FULL_COMPILED_SIZES if args.full else COMPILED_SIZES)
    fallback_sizes = args.sizes or (FULL_FALLBACK_SIZES if args.full else FALLBACK_SIZES)
    if not compiled_available():
        print("the compiled matcher is not built: fallback only (scripts/install)", flush=True)
        compiled_sizes = []
    for size in sorted(set(compiled_sizes) | set(fallback_sizes)):
        compiled = fallback = None
        parts = []
        if size in compiled_sizes:
            compiled, note, answer = time_round_limited(size, args.round, "compiled", args.limit)
            parts.append(f"compiled {_shown(compiled)} ({note})")
            if args.baseline:
                before, _, earlier = time_round_limited(
                    size, args.round, "compiled", args.limit, args.baseline
                )
                same = "same pairings" if answer == earlier else "DIFFERENT PAIRINGS"
                speedup = f", {before / compiled:4.2f}x faster" if before and compiled else ""
                parts.append(f"baseline build {_shown(before)}{speedup}, {same}")
        if size in fallback_sizes:
            fallback, note, _ = time_round_limited(size, args.round, "networkx", args.limit)
            parts.append(f"networkx {_shown(fallback)} ({note})")
        if compiled and fallback:
            parts.append(f"ratio {fallback / compiled:5.1f}x")
        print(f"dutch round {args.round}, {size:4d} players CPU: " + ", ".join(parts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
