"""Command line for arbiters and scripts: ``python -m arbiter replay|perft|moves|svg``.

Exit codes: 0 success (a valid record), 1 an invalid record or bad position, 2 unreadable input
(for ``svg`` also a ply the record does not reach or a size out of range).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence

from arbiter import registry
from arbiter.errors import ArbiterError, PlyOutOfRangeError, UnknownGameError, UnreadableRecordError
from arbiter.verdict import Verdict


def _print_verdict(verdict: Verdict) -> None:
    name = registry.game_names().get(verdict.game, verdict.game)
    if verdict.valid:
        print(f"valid {name} record: {verdict.plies} plies")
        print(f"result: {verdict.result or 'none'} ({verdict.termination})")
        if verdict.score is not None:
            print(f"score: {verdict.score[0]}-{verdict.score[1]}")
    else:
        assert verdict.error is not None
        print(f"invalid {name} record: {verdict.error.describe()}")
        if verdict.error.position:
            print("position before the move:")
            print(verdict.error.position)


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _unreadable(args, f"cannot read {args.file}: {exc}")
    try:
        verdict = registry.replay(text, args.game)
    except UnreadableRecordError as exc:
        return _unreadable(args, exc.describe())
    except ArbiterError as exc:  # an unknown --game
        return _unreadable(args, exc.describe())
    if args.json:
        print(json.dumps(verdict.to_json()))
    else:
        _print_verdict(verdict)
    return 0 if verdict.valid else 1


def _unreadable(args: argparse.Namespace, message: str) -> int:
    if getattr(args, "json", False):
        error = {"ply": None, "move": None, "reason": message, "kind": "unreadable"}
        print(
            json.dumps(
                {
                    "valid": False,
                    "game": args.game,
                    "result": None,
                    "termination": None,
                    "plies": 0,
                    "error": error,
                }
            )
        )
    else:
        print(f"error: {message}", file=sys.stderr)
    return 2


def _perft(args: argparse.Namespace) -> int:
    if args.depth < 1:
        print("error: --depth must be at least 1", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        counts = registry.perft(args.game, args.depth, args.position)
    except ArbiterError as exc:
        print(f"error: {exc.describe()}", file=sys.stderr)
        return 1
    for depth, count in enumerate(counts, start=1):
        print(f"{depth} {count}")
    if args.timing:
        print(f"# {time.perf_counter() - started:.2f}s", file=sys.stderr)
    return 0


def _svg(args: argparse.Namespace) -> int:
    """The board after ply ``--ply`` (the last when absent) of a valid record, as SVG on stdout."""
    if not 120 <= args.size <= 2000:
        print("error: --size must be 120 to 2000 pixels", file=sys.stderr)
        return 2
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        view = registry.ply_view(text, args.ply, args.game)
    except (UnreadableRecordError, UnknownGameError, PlyOutOfRangeError) as exc:
        print(f"error: {exc.describe()}", file=sys.stderr)
        return 2
    except ArbiterError as exc:
        print(f"invalid record: {exc.describe()}", file=sys.stderr)
        return 1
    name = registry.game_names().get(view.game, view.game)
    options = registry.SvgOptions(size=args.size, flip=args.flip, title=f"{name}, after ply {view.ply}")
    sys.stdout.write(registry.render_svg(view.position, options, view.last))
    return 0


def _moves(args: argparse.Namespace) -> int:
    picked = [point for point in (args.picked or "").split(",") if point] if args.picked is not None else None
    try:
        moves = registry.legal_moves(args.position, picked)
    except ArbiterError as exc:
        print(f"error: {exc.describe()}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([{"move": m.notation, "position": m.position} for m in moves]))
    else:
        for move in moves:
            print(f"{move.notation}\t{move.position}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    games = sorted(registry.game_keys())
    names = " and ".join(spec.name for spec in registry.specs())
    parser = argparse.ArgumentParser(prog="python -m arbiter", description=f"{names} arbiter")
    sub = parser.add_subparsers(dest="command", required=True)

    replay = sub.add_parser("replay", help="replay a game record and print the verdict")
    replay.add_argument("file", help="; ".join(spec.notation for spec in registry.specs()))
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.add_argument("--game", choices=games, help="force the game")
    replay.set_defaults(run=_replay)

    perft = sub.add_parser("perft", help="count the move tree to a depth")
    perft.add_argument("--game", required=True, choices=games)
    perft.add_argument("--depth", required=True, type=int)
    perft.add_argument("--position", help="position text (default: the game's start)")
    perft.add_argument("--timing", action="store_true", help="print the time taken to stderr")
    perft.set_defaults(run=_perft)

    moves = sub.add_parser("moves", help="list every legal move in a position")
    moves.add_argument("--position", required=True)
    moves.add_argument("--json", action="store_true")
    moves.add_argument(
        "--picked", help="only the moves whose board points start with these (comma-separated: E,e5)"
    )
    moves.set_defaults(run=_moves)

    svg = sub.add_parser("svg", help="draw the board after a ply of a valid record as SVG")
    svg.add_argument("file")
    svg.add_argument("--ply", type=int, help="plies played (0: the start; default: the last)")
    svg.add_argument("--flip", action="store_true", help="Black's side at the bottom")
    svg.add_argument("--size", type=int, default=480, help="width in pixels (120 to 2000)")
    svg.add_argument("--game", choices=games, help="force the game")
    svg.set_defaults(run=_svg)
    return parser


def register_environment_packages() -> None:
    """Register the game packages the ``GAME_PACKAGES`` variable names, as the service does."""
    for path in registry.packages_from(os.environ.get(registry.GAME_PACKAGES_VARIABLE)):
        registry.register_package(path)


def main(argv: Sequence[str] | None = None) -> int:
    register_environment_packages()
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code
