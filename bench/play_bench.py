"""Moves of games played on the service: ``.venv/bin/python bench/play_bench.py [--games 200]
[--moves 2000] [--streams 20] [--database-url postgres://...] [--redis-url redis://...]
[--baseline [REV]]``.

On a fresh database (a temporary SQLite file unless ``--database-url`` names a PostgreSQL server's
database, beside which the bench creates one of its own, ``<name>_play``, afresh), ``--games``
games are in progress at once (half GIPF standard, half DVONN, a 5+3 clock), each between two
players with API tokens. The bench plays ``--moves`` moves round the games, each a request
``POST /api/play/{id}/move/`` (token, the move, the ply it expects) through the whole web stack in
one process (Django's test client: every middleware, DRF, the game's lock, the arbiter's check, the
clock, the events published after commit), the move a random legal one. The arbiter's check of the
same moves alone (``arbiter.registry.play``) is measured in the same run.

Meanwhile uvicorn (the ASGI server of the scaled setup) serves the site in a thread, and the games'
opponents follow ``--streams`` of the games on ``GET /api/play/{id}/events/`` over real sockets:
for each move in those games, the delay from the move request being sent to its event read off the
opponent's stream. With ``--redis-url`` every event goes through Redis (``EVENTS_REDIS_URL``), as
between gunicorn and uvicorn in the scaled setup.

Printed: moves/s, a move's p50/p99 (ms), its queries and its server CPU (the CPU time of the
request's own thread, streams and uvicorn aside; of which the notices' listener of ``move_played``,
``personal.play_notices``), the arbiter's checks/s, the opponent's delay p50/p99/max (ms), against
issue 43's figures (a move in at most 10 queries and 3 ms of server CPU). ``--baseline REV`` (alone:
:data:`BASELINE_REVISION`) runs the same bench on the code of git revision ``REV`` (``git archive``
into a temporary folder, its own fresh database), in the same run, and prints both sides and their
ratios. Nothing is asserted about time.
The games' clocks start when the timed part does (:func:`start_clocks`), not when the games were
created before the baseline and the streams; still, on a loaded machine a player may run out of
time. Every move is one the service must accept: the first one refused stops the timed part, the
figures of what was played are printed marked as not valid, with the refusal, and the bench exits
with 1 (:func:`play_moves`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The code measured: this checkout's, or a baseline's (``--code``, given by the run of ``--baseline``).
CODE = Path(os.environ.get("PLAY_BENCH_CODE") or ROOT)
if str(CODE) not in sys.path:
    sys.path.insert(0, str(CODE))

# Issue 43's figures for a move, and the code that issue measured (``--baseline`` alone).
MOST_QUERIES, MOST_CPU_MS = 10, 3.0
BASELINE_REVISION = "10ebbb1"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument(
        "--database-url", default="", help="a PostgreSQL server's database (default: a temporary SQLite file)"
    )
    parser.add_argument("--redis-url", default="", help="EVENTS_REDIS_URL: the events go through Redis")
    parser.add_argument(
        "--baseline",
        nargs="?",
        const=BASELINE_REVISION,
        default="",
        help=f"a git revision whose code is measured too, as before (alone: {BASELINE_REVISION}, issue 43's)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON only (the baseline's run)"
    )
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    args = parser.parse_args(argv)
    if args.baseline:
        return compare(args)
    if "django.apps" in sys.modules and sys.modules["django.apps"].apps.ready:
        # Django already set up on another bench's database (bench/run.py): a fresh process
        return subprocess.run([sys.executable, __file__, *_passed(args)], check=False).returncode
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = (
            _database(args.database_url, "play") or f"sqlite:///{folder}/bench.sqlite3"
        )
        os.environ.pop("CELERY_BROKER_URL", None)
        os.environ["EVENTS_REDIS_URL"] = args.redis_url
        os.environ.setdefault("SECRET_KEY", "bench-only")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["ALLOWED_HOSTS"] = "127.0.0.1,localhost,testserver"
        os.environ["SECURE_SSL_REDIRECT"] = "0"
        import django

        django.setup()
        figures = run(args)
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures)
    return 0 if figures.get("valid") else 1


def _passed(args: Any) -> list[str]:
    """The arguments of a run of this bench in another process."""
    passed = ["--games", str(args.games), "--moves", str(args.moves), "--streams", str(args.streams)]
    passed += ["--database-url", args.database_url, "--redis-url", args.redis_url]
    return [*passed, "--json"] if args.json else passed


def _database(url: str, suffix: str) -> str:
    """A database of the bench's own beside the PostgreSQL one given (``<name>_<suffix>``), created
    afresh; "" without one."""
    if not url:
        return ""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/") + "_" + suffix
    maintenance = urlunsplit(parts._replace(path="/postgres")).replace("postgres://", "postgresql://", 1)
    with psycopg.connect(maintenance, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path="/" + name))


def compare(args: Any) -> int:
    """This code and the code of ``args.baseline`` (git), each in a process of its own on a database
    of its own, in turn; both printed, with their ratios."""
    import io
    import tarfile

    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline], check=True, capture_output=True
    ).stdout
    sides: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="play-bench-baseline-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        for side, code, suffix in (("now", ROOT, "play_now"), ("before", Path(folder), "play_before")):
            env = dict(os.environ, PLAY_BENCH_CODE=str(code), PYTHONPATH=str(code))
            passed = _passed(args)
            if args.database_url:
                passed[passed.index("--database-url") + 1] = _database(args.database_url, suffix)
            answer = subprocess.run(
                [sys.executable, __file__, *passed, "--json"],
                cwd=code,
                env=env,
                capture_output=True,
                text=True,
            )
            lines = [line for line in answer.stdout.splitlines() if line.startswith("{")]
            if not lines:
                print(answer.stdout[-2000:], answer.stderr[-4000:], sep="\n")
                return 1
            sides[side] = json.loads(lines[-1])
    print(f"   now: this checkout; before: {args.baseline}")
    for side in ("now", "before"):
        print(f"-- {side}")
        report(sides[side])
    now, before = sides["now"], sides["before"]
    print(
        f"   ratio now/before: queries {now['queries'] / before['queries']:.2f},"
        f" server CPU {now['cpu_ms'] / before['cpu_ms']:.2f},"
        f" p50 {now['p50_ms'] / before['p50_ms']:.2f}"
    )
    return 0 if now.get("valid") and before.get("valid") else 1


def report(figures: dict[str, Any]) -> None:
    print(
        f"   {figures['played']} of {figures['planned']} moves in {figures['games']} games in progress"
        f" (GIPF standard and DVONN, 5+3), {figures['database']}, one process; events {figures['broker']}"
    )
    if figures.get("refusal"):
        print(f"   NOT VALID: stopped, refused: {figures['refusal']}; the figures below are not the bench's")
    if not figures["played"]:
        return
    print(
        f"   the arbiter's check alone: {1000 / figures['check_ms']:8.1f} moves/s ({figures['check_ms']:.3f} ms CPU each)"
    )
    print(
        f"   move requests: {figures['per_second']:.1f} /s wall-clock, p50 {figures['p50_ms']:.1f} ms,"
        f" p99 {figures['p99_ms']:.1f} ms"
    )
    print(
        f"   a move: {figures['queries']:.1f} queries (issue 43: at most {MOST_QUERIES}),"
        f" {figures['cpu_ms']:.2f} ms of server CPU (at most {MOST_CPU_MS}), of which"
        f" {figures['notices_ms']:.2f} ms in the notices' listener and {figures['check_ms']:.3f} ms the arbiter's check"
    )
    if figures["seen"]:
        print(
            f"   the opponent's stream ({figures['followed']} games followed): {figures['seen']} of"
            f" {figures['sent']} moves seen, p50 {figures['delay_p50_ms']:.1f} ms,"
            f" p99 {figures['delay_p99_ms']:.1f} ms, max {figures['delay_max_ms']:.1f} ms after the request"
        )
    else:
        print(f"   the opponent's stream: none of {figures['sent']} moves seen")


class Streams:
    """The opponents' streams: one socket each, read in a thread; when each move's event arrived."""

    def __init__(self, port: int, game_ids: list[int]) -> None:
        self.port = port
        self.arrived: dict[tuple[int, int], float] = {}
        self.opened = threading.Semaphore(0)
        self.sockets: list[socket.socket] = []
        for game_id in game_ids:
            threading.Thread(target=self._follow, args=(game_id,), daemon=True).start()
        for _ in game_ids:
            if not self.opened.acquire(timeout=30):
                raise RuntimeError("a stream did not open")

    def _follow(self, game_id: int) -> None:
        sock = socket.create_connection(("127.0.0.1", self.port))
        self.sockets.append(sock)
        request = (
            f"GET /api/play/{game_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n"
        )
        sock.sendall(request.encode())
        buffer = b""
        kind = ""
        while True:
            try:
                data = sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                text = line.decode(errors="replace").strip()
                if text.startswith("event: "):
                    kind = text[7:]
                    if kind == "stream-open":
                        self.opened.release()
                elif text.startswith("data: ") and kind in ("move", "end"):
                    try:
                        event = json.loads(text[6:])
                    except ValueError:
                        continue
                    self.arrived.setdefault((event["game"], event["ply"]), time.perf_counter())

    def close(self) -> None:
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()


def serve() -> tuple[Any, threading.Thread, int]:
    import uvicorn
    from django.core.asgi import get_asgi_application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        get_asgi_application(), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return server, thread, port


def run(args: Any) -> dict[str, Any]:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from accounts.models import Player
    from arbiter import registry
    from games.play import state as play_state

    call_command("migrate", verbosity=0)
    rng = random.Random(19)
    games = []
    tokens: dict[int, str] = {}
    for n in range(args.games):
        pair = []
        for colour in ("w", "b"):
            user = User.objects.create_user(f"p{n:03d}{colour}")
            tokens[user.pk] = Token.objects.create(user=user).key
            pair.append(
                Player.objects.create(display_name=f"P{n:03d}{colour}", handle=f"p{n:03d}{colour}", user=user)
            )
        key = "gipf-standard" if n % 2 == 0 else "dvonn"
        games.append(play_state.create_service_game(pair[0], pair[1], key, "5+3"))
    state = {
        game.pk: {"position": game.position, "ply": 0, "users": (game.white.user_id, game.black.user_id)}
        for game in games
    }

    # the moves to play, chosen ahead (a random legal move each), and the baseline: the arbiter alone
    plan: list[tuple[int, int, str, int]] = []  # game, ply expected, move, mover's user
    positions = {pk: s["position"] for pk, s in state.items()}
    plies = dict.fromkeys(state, 0)
    order = [game.pk for game in games]
    while len(plan) < args.moves:
        progressed = False
        for pk in order:
            if len(plan) >= args.moves:
                break
            status = registry.status(positions[pk])
            if status.ended:
                continue
            move = rng.choice(registry.legal_moves(positions[pk])).notation
            plan.append((pk, plies[pk], move, state[pk]["users"][status.to_move]))
            positions[pk] = registry.play(positions[pk], move).position
            plies[pk] += 1
            progressed = True
        if not progressed:
            break
    started = time.thread_time()
    replay_positions = {pk: s["position"] for pk, s in state.items()}
    for pk, _ply, move, _user in plan:
        replay_positions[pk] = registry.play(replay_positions[pk], move).position
    check_cpu = (time.thread_time() - started) / len(plan)

    server, thread, port = serve()
    followed = [game.pk for game in games[: args.streams]]
    streams = Streams(port, followed)
    time.sleep(0.5)

    client = Client()
    sent: dict[tuple[int, int], float] = {}
    queries = [0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries[0] += 1
        return execute(sql, params, many, context)

    start_clocks([game.pk for game in games])
    with connection.execute_wrapper(count), timed_notices() as notices:
        started, wall = time.thread_time(), time.perf_counter()
        times, refusal = play_moves(client, plan, tokens, set(followed), sent)
        played = max(len(times), 1)
        move_cpu = (time.thread_time() - started) / played  # this thread's: the requests', streams aside
        move_wall = (time.perf_counter() - wall) / played
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len([k for k in sent if k in streams.arrived]) < len(sent):
        time.sleep(0.05)
    delays = [streams.arrived[key] - at for key, at in sent.items() if key in streams.arrived]
    streams.close()
    server.should_exit = True
    thread.join(5)
    return {
        "valid": refusal is None and bool(times),
        "refusal": refusal,
        "played": len(times),
        "planned": len(plan),
        "games": args.games,
        "database": connection.vendor,
        "broker": "through Redis" if args.redis_url else "in-process (no Redis)",
        "check_ms": check_cpu * 1000,
        "per_second": 1 / move_wall,
        "p50_ms": percentile(times, 0.5) * 1000 if times else 0.0,
        "p99_ms": percentile(times, 0.99) * 1000 if times else 0.0,
        "queries": queries[0] / played,
        "cpu_ms": move_cpu * 1000,
        "notices_ms": notices[0] * 1000 / played,
        "followed": len(followed),
        "sent": len(sent),
        "seen": len(delays),
        "delay_p50_ms": percentile(delays, 0.5) * 1000 if delays else 0.0,
        "delay_p99_ms": percentile(delays, 0.99) * 1000 if delays else 0.0,
        "delay_max_ms": max(delays) * 1000 if delays else 0.0,
    }


@contextlib.contextmanager
def timed_notices() -> Any:
    """The CPU time spent in the notices' listener of each stored move (``personal.play_notices``,
    connected to ``games.signals.move_played``), in a list of one, meanwhile."""
    from games.signals import move_played
    from personal import play_notices

    spent = [0.0]
    listener = play_notices.on_move_played

    def timed(*args: Any, **kwargs: Any) -> Any:
        begun = time.thread_time()
        try:
            return listener(*args, **kwargs)
        finally:
            spent[0] += time.thread_time() - begun

    uid = "personal.play_notices.move"
    if not move_played.disconnect(dispatch_uid=uid):
        yield spent  # no such listener here
        return
    move_played.connect(timed, dispatch_uid=uid, weak=False)
    try:
        yield spent
    finally:
        move_played.disconnect(dispatch_uid=uid)
        move_played.connect(listener, dispatch_uid=uid)


def start_clocks(game_ids: list[int]) -> None:
    """Start the games' clocks now, when the timed part begins: the player to move's time runs from
    here, not from the games' creation before the baseline, the server and the streams."""
    from django.utils import timezone

    from games.models import Game

    Game.objects.filter(pk__in=game_ids).update(turn_started=timezone.now(), first_move_by=None)


def play_moves(
    client: Any,
    plan: list[tuple[int, int, str, int]],
    tokens: dict[int, str],
    followed: set[int],
    sent: dict[tuple[int, int], float],
) -> tuple[list[float], str | None]:
    """Send the planned moves, each timed; stop at the first one refused. The times of the moves
    accepted, and the refusal (its status and the service's reason) or None."""
    times: list[float] = []
    for pk, ply, move, user_id in plan:
        begun = time.perf_counter()
        if pk in followed:
            sent[(pk, ply + 1)] = begun
        answer = client.post(
            f"/api/play/{pk}/move/",
            {"move": move, "expected_ply": ply},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {tokens[user_id]}",
        )
        if answer.status_code != 201:
            sent.pop((pk, ply + 1), None)
            detail = answer.content.decode(errors="replace")[:200]
            return times, f"{answer.status_code} for {move!r} at ply {ply} of game {pk}: {detail}"
        times.append(time.perf_counter() - begun)
    return times, None


if __name__ == "__main__":
    sys.exit(main())
