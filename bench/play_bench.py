"""Moves of games played on the service: ``.venv/bin/python bench/play_bench.py [--games 200]
[--moves 2000] [--streams 20] [--keys gipf-standard,dvonn] [--over-http] [--pages]
[--database-url postgres://...] [--redis-url redis://...]``.

On a fresh database (a temporary SQLite file unless ``--database-url`` names an empty one, which it
migrates), ``--games`` games are in progress at once (``--keys`` in turn: by default half GIPF
standard, half DVONN; a 5+3 clock), each between two players with API tokens. The bench plays ``--moves`` moves round the games, each a
request ``POST /api/play/{id}/move/`` (token, the move, the ply it expects) through the whole web
stack in one process (Django's WSGI handler called with each request prepared before the timed part,
:class:`Handler`: every middleware, DRF, the game's lock, the arbiter's check, the clock, the event
published after commit; no client's work is timed; one untimed request first), the move a random
legal one; a move that leaves
its player to move again (TZAAR's second move) is sent right after the one before. The baseline,
in the same run, is the arbiter's check of the same moves alone (``arbiter.registry.play``).

Meanwhile uvicorn (the ASGI server of the scaled setup) serves the site in a thread, and the games'
opponents follow ``--streams`` of the games on ``GET /api/play/{id}/events/`` over real sockets:
for each move in those games, the delay from the move request being sent to its event read off the
opponent's stream. With ``--redis-url`` the process is the scaled setup's: every event goes through
Redis (``EVENTS_REDIS_URL``), as between gunicorn and uvicorn, and the tasks a move queues (a game's
end: its rating, its record) go to the workers through Redis as the broker (``CELERY_BROKER_URL``; no
worker runs: they are purged at the end); without it, the embedded default's: events in the process,
tasks run eagerly, and now and then a request sweeps for lost work (``common.sweep``).

``--over-http`` sends the moves to uvicorn over real sockets too (as the players' pages do: every move
then passes through the ASGI server), rather than through the test client in the bench's thread.
``--pages`` follows each followed game as its page does (static/js/play.js): on each of its events
the opponent's page is fetched from uvicorn, one fetch at a time and once more when an event came
meanwhile; a move has reached the opponent when a page fetched shows its ply (``data-ply``). Half the
games followed are followed as the page did before (the baseline, in the same run): an event that
came while a fetch was on its way was dropped, the page caught up by its safety net's check every
20 s. The delays until then are printed beside the stream's. A move whose event or page has not come
25 s after the last move is counted as not seen.

Printed: moves/s, a move's p50/p99 (ms), queries per move, the arbiter's checks/s and the ratio, the
opponent's delay p50/p99/max (ms). Nothing is asserted about time. The games' clocks start when the
timed part does (:func:`start_clocks`), not when the games were created before the baseline and the
streams; still, on a loaded machine a player may run out of time. Every move is one the service
must accept: the first one refused stops the timed part, the figures of what was played are printed
marked as not valid, with the refusal, and the bench exits with 1 (:func:`play_moves`).

``--baseline [REV]`` (default :data:`BASELINE_REVISION`, the code issue 43 measured) runs this same
bench file twice in child processes, first on REV's code (its tree taken from git into a temporary
folder), then on today's, each on a fresh database of its own (beside ``--database-url``'s, or a
temporary SQLite file), and prints a move's CPU and queries on both sides, their ratios, and issue
43's targets (at most 10 queries and 3 ms of CPU a move).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


#: the code before issue 43's work, and that issue's targets for a move
BASELINE_REVISION = "10ebbb1"
TARGET_QUERIES, TARGET_CPU_MS = 10, 3.0


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument("--keys", default="gipf-standard,dvonn", help="the games' keys, in turn")
    parser.add_argument("--over-http", action="store_true", help="the moves sent to uvicorn over sockets")
    parser.add_argument("--pages", action="store_true", help="the opponents' pages fetched as play.js does")
    parser.add_argument(
        "--database-url", default="", help="an empty database (default: a temporary SQLite file)"
    )
    parser.add_argument("--redis-url", default="", help="EVENTS_REDIS_URL: the events go through Redis")
    parser.add_argument("--full", action="store_true", help="(bench/run.py's flag; nothing more here)")
    parser.add_argument("--baseline", nargs="?", const=BASELINE_REVISION, help="REV's code, then today's")
    parser.add_argument(
        "--profile", default="", help="a cProfile of the timed part to this file (pstats), its top printed"
    )
    parser.add_argument("--figures-to", default="", help=argparse.SUPPRESS)  # a child's figures, as JSON
    args = parser.parse_args(argv)
    if args.baseline:
        return against_baseline(args)
    if "django.apps" in sys.modules and sys.modules["django.apps"].apps.ready:
        # Django already set up on another bench's database (bench/run.py): a fresh process
        command = [sys.executable, __file__, "--games", str(args.games), "--moves", str(args.moves)]
        command += ["--streams", str(args.streams), "--database-url", args.database_url]
        command += ["--redis-url", args.redis_url, "--keys", args.keys]
        command += ["--over-http"] * args.over_http + ["--pages"] * args.pages
        return subprocess.run(command, check=False).returncode
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{folder}/bench.sqlite3"
        # with Redis, the scaled setup's web process: tasks queued there for workers (none runs here:
        # they are purged at the end), no sweep in requests; without it, the embedded default's eager tasks
        os.environ["CELERY_BROKER_URL"] = args.redis_url
        os.environ["EVENTS_REDIS_URL"] = args.redis_url
        os.environ.setdefault("SECRET_KEY", "bench-only")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["ALLOWED_HOSTS"] = "127.0.0.1,localhost,testserver"
        os.environ["SECURE_SSL_REDIRECT"] = "0"
        import django

        django.setup()
        return run(args)


class Streams:
    """The opponents' streams: one socket each, read in a thread; when each move's event arrived, and
    (``pages``) when the game's page, fetched on each event as play.js fetches it, first showed it."""

    def __init__(self, port: int, game_ids: list[int], pages: bool = False) -> None:
        self.port = port
        self.arrived: dict[tuple[int, int], float] = {}
        self.shown: dict[tuple[int, int], float] = {}
        self.opened = threading.Semaphore(0)
        self.sockets: list[socket.socket] = []
        self.wanted = {game_id: threading.Event() for game_id in game_ids}
        self.dropping = set(game_ids[len(game_ids) // 2 :]) if pages else set()  # as the page did before
        for game_id in game_ids:
            threading.Thread(target=self._follow, args=(game_id,), daemon=True).start()
            if pages:
                threading.Thread(target=self._page, args=(game_id,), daemon=True).start()
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
                    self.wanted[game_id].set()  # the page fetches (once more after a fetch on its way)

    def _page(self, game_id: int) -> None:
        """The game's page as play.js follows it: fetched on an event, one fetch at a time, once
        more when an event came while it was on its way; a game of ``dropping``: as the page did
        before, such an event dropped, a fetch every :data:`SAFETY` seconds all the same."""
        import urllib.request

        seen = 0
        while True:
            self.wanted[game_id].wait(SAFETY if game_id in self.dropping else None)
            self.wanted[game_id].clear()
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{self.port}/games/{game_id}/", timeout=30
                ) as page:
                    html = page.read().decode(errors="replace")
            except OSError:
                continue
            if game_id in self.dropping:
                self.wanted[game_id].clear()  # what came while the page was on its way: dropped
            found = re.search(r'id="play-area"[^>]*data-ply="(\d+)"', html)
            if found is None:
                continue
            now = time.perf_counter()
            for ply in range(seen + 1, int(found.group(1)) + 1):
                self.shown.setdefault((game_id, ply), now)
            seen = max(seen, int(found.group(1)))

    def close(self) -> None:
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()


#: seconds between two checks of the page's safety net (static/js/play.js, SAFETY_MS)
SAFETY = 20.0


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


def run(args: Any) -> int:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
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
        keys = args.keys.split(",")
        games.append(play_state.create_service_game(pair[0], pair[1], keys[n % len(keys)], "5+3"))
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
            mover = status.to_move
            # a player's turn at once: a move that leaves him to move again (TZAAR's second move, a
            # DVONN player whose opponent cannot move) is sent right after the one before
            while status.to_move == mover and len(plan) < args.moves:
                move = rng.choice(registry.legal_moves(positions[pk])).notation
                plan.append((pk, plies[pk], move, state[pk]["users"][mover]))
                positions[pk] = registry.play(positions[pk], move).position
                plies[pk] += 1
                status = registry.status(positions[pk])
            progressed = True
        if not progressed:
            break
    started = time.process_time()
    replay_positions = {pk: s["position"] for pk, s in state.items()}
    for pk, _ply, move, _user in plan:
        replay_positions[pk] = registry.play(replay_positions[pk], move).position
    check_cpu = (time.process_time() - started) / len(plan)

    server, thread, port = serve()
    followed = [game.pk for game in games[: args.streams]]
    streams = Streams(port, followed, pages=args.pages)
    time.sleep(0.5)

    client = HttpClient(port) if args.over_http else Handler(plan, tokens)
    with contextlib.nullcontext() if args.over_http else Handler.connection_kept():
        for path in (f"/api/play/{games[0].pk}/", f"/games/{games[0].pk}/"):  # a process's first requests
            client.warm_up(path)
    sent: dict[tuple[int, int], float] = {}
    queries = [0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries[0] += 1
        return execute(sql, params, many, context)

    kept = contextlib.nullcontext() if args.over_http else Handler.connection_kept()
    start_clocks([game.pk for game in games])
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # this thread's CPU (the client and the server)
    with kept, connection.execute_wrapper(count):
        started, wall, own = time.process_time(), time.perf_counter(), time.thread_time()
        if profiler is not None:
            profiler.enable()
        times, refusal = play_moves(client, plan, tokens, set(followed), sent)
        if profiler is not None:
            profiler.disable()
        played = max(len(times), 1)
        move_cpu = (time.process_time() - started) / played
        thread_cpu = (time.thread_time() - own) / played
        move_wall = (time.perf_counter() - wall) / played
    if profiler is not None:
        import pstats

        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)
    deadline = time.monotonic() + 25
    target = streams.shown if args.pages else streams.arrived
    while time.monotonic() < deadline and len([k for k in sent if k in target]) < len(sent):
        time.sleep(0.05)
    delays = [streams.arrived[key] - at for key, at in sent.items() if key in streams.arrived]
    shown = [
        streams.shown[k] - at for k, at in sent.items() if k in streams.shown and k[0] not in streams.dropping
    ]
    before = [
        streams.shown[k] - at for k, at in sent.items() if k in streams.shown and k[0] in streams.dropping
    ]
    paged = (
        len([k for k in sent if k[0] not in streams.dropping]),
        len([k for k in sent if k[0] in streams.dropping]),
    )
    streams.close()
    server.should_exit = True
    thread.join(5)
    if args.redis_url:  # the tasks the moves queued (the games' ends) are not for any worker
        from config.celery import app as celery_app

        celery_app.control.purge()

    database = connection.vendor
    broker = (
        "and tasks through Redis (the tasks queued for workers)"
        if args.redis_url
        else "in-process (no Redis), tasks eager (the embedded default)"
    )
    sender = "sent to uvicorn over sockets" if args.over_http else "sent to the WSGI handler, prepared ahead"
    print(
        f"   {len(times)} of {len(plan)} moves in {args.games} games in progress ({args.keys}, 5+3),"
        f" {database}, one process; moves {sender}; events {broker}"
    )
    if refusal is not None:
        print(
            f"   NOT VALID: stopped at move {len(times) + 1}, refused: {refusal}; the figures below are not the bench's"
        )
    if not times:
        return 1
    print(
        f"   the arbiter's check alone (baseline): {1 / check_cpu:8.1f} moves/s ({check_cpu * 1000:.2f} ms CPU each)"
    )
    print(
        f"   move requests: {1 / move_wall:8.1f} /s wall-clock ({1 / move_cpu:.1f} /s CPU, {check_cpu / move_cpu:.2f} x the"
        f" check rate), p50 {percentile(times, 0.5) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} ms"
        + ("" if args.over_http else f", {queries[0] / played:.0f} queries each")
    )
    print(
        f"   ms of CPU a move: {move_cpu * 1000:.2f} the process's, {thread_cpu * 1000:.2f} the moves' thread's"
    )
    if args.figures_to:
        figures = {"cpu_ms": move_cpu * 1000, "queries": queries[0] / played, "check_ms": check_cpu * 1000}
        figures |= {"p50_ms": percentile(times, 0.5) * 1000, "valid": refusal is None}
        Path(args.figures_to).write_text(json.dumps(figures))
    if delays:
        print(
            f"   the opponent's stream ({len(followed)} games followed): {len(delays)} of {len(sent)} moves seen,"
            f" p50 {percentile(delays, 0.5) * 1000:.1f} ms, p99 {percentile(delays, 0.99) * 1000:.1f} ms,"
            f" max {max(delays) * 1000:.1f} ms after the request was sent"
        )
    else:
        print(f"   the opponent's stream: none of {len(sent)} moves seen")
    if args.pages:
        for told, values, total in (
            ("the opponent's page (fetched on each event, once more after one on its way)", shown, paged[0]),
            ("the page as before (an event during a fetch dropped, 20 s safety net)", before, paged[1]),
        ):
            print(
                f"   {told}: {len(values)} of {total} moves shown, p50 {percentile(values, 0.5) * 1000:.1f} ms,"
                f" p99 {percentile(values, 0.99) * 1000:.1f} ms, max {max(values, default=float('nan')) * 1000:.1f} ms"
            )
    return 0 if refusal is None else 1


def against_baseline(args: Any) -> int:
    """This bench on ``args.baseline``'s code, then on today's, in turn: a move's CPU and queries."""
    from helpers import print_ratios, side_figures  # today's bench folder (the baseline's may lack them)

    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", args.baseline],
        capture_output=True,
        check=True,
    ).stdout
    results = {}
    with tempfile.TemporaryDirectory(prefix="play-baseline-") as folder:
        tree = Path(folder) / "tree"
        tree.mkdir()
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        (tree / "bench" / "play_bench.py").write_text(Path(__file__).read_text())
        for side, root in ((args.baseline, tree), ("today", ROOT)):
            print(f"-- {side}", flush=True)
            database = _fresh_database(args.database_url, side) if args.database_url else ""
            command = [sys.executable, str(root / "bench" / "play_bench.py"), "--games", str(args.games)]
            command += ["--moves", str(args.moves), "--streams", str(args.streams)]
            command += ["--database-url", database, "--redis-url", args.redis_url]
            command += ["--figures-to", f"{folder}/{side}.json"]
            try:
                subprocess.run(command, check=False, cwd=root)
            finally:
                if database:
                    _fresh_database(database, "", drop=True)
            figures = side_figures(folder, side)
            if figures is None:
                return 1
            results[side] = figures
    before, now = results[args.baseline], results["today"]
    print_ratios(
        before, now, args.baseline, (("cpu_ms", "ms of CPU a move"), ("queries", "queries a move")), 1
    )
    print(
        f"   the arbiter's check alone, ms: {args.baseline} {before['check_ms']:.3f}, today {now['check_ms']:.3f}"
    )
    met = now["queries"] <= TARGET_QUERIES and now["cpu_ms"] <= TARGET_CPU_MS
    print(
        f"   issue 43's target (<= {TARGET_QUERIES} queries, <= {TARGET_CPU_MS} ms of CPU a move):"
        f" {'met' if met else 'NOT met'}"
    )
    return 0 if before["valid"] and now["valid"] else 1


def _fresh_database(url: str, side: str, drop: bool = False) -> str:
    """``<name>_play_<side>`` beside the database of ``url``, created afresh (or ``url`` dropped)."""
    import psycopg

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres")).replace("postgres://", "postgresql://", 1)
    name = parts.path.lstrip("/") if drop else parts.path.lstrip("/") + "_play_" + side.replace("-", "_")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop:
            connection.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path="/" + name))


class HttpClient:
    """The moves sent to uvicorn over a socket each (``--over-http``), with the test client's call."""

    def __init__(self, port: int) -> None:
        self.port = port

    def warm_up(self, path: str) -> None:
        """One request before the timed part (as :meth:`Handler.warm_up`)."""
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=60) as answer:
            answer.read()

    def post(self, path: str, data: dict[str, Any], content_type: str, HTTP_AUTHORIZATION: str) -> Any:  # noqa: N803
        import urllib.error
        import urllib.request

        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            json.dumps(data).encode(),
            {"Content-Type": content_type, "Authorization": HTTP_AUTHORIZATION},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return _Answer(answer.status, answer.read())
        except urllib.error.HTTPError as refused:
            return _Answer(refused.code, refused.read())


class Handler:
    """The moves as the server takes them (the bench's default): the WSGI application gunicorn
    serves (``config.wsgi``: Django's handler, every middleware, DRF, the view) called in this
    thread with each move's request prepared before the timed part (its WSGI environ: the address,
    the JSON body, the token), so that no client's work is timed. The connection stays open between requests, as under the test client
    (``close_old_connections`` is not called: SQLite's default of a connection a request is not
    counted)."""

    def __init__(self, plan: list[tuple[int, int, str, int]], tokens: dict[int, str]) -> None:
        from config.wsgi import application  # what gunicorn serves

        self.handler = application
        self.prepared: dict[tuple[str, str, int], dict[str, Any]] = {}
        for pk, ply, move, user_id in plan:
            body = json.dumps({"move": move, "expected_ply": ply}).encode()
            environ = self._environ("POST", f"/api/play/{pk}/move/", body, f"Token {tokens[user_id]}")
            self.prepared[(environ["PATH_INFO"], move, ply)] = environ

    @staticmethod
    def _environ(method: str, path: str, body: bytes, authorization: str) -> dict[str, Any]:
        import io

        return {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_AUTHORIZATION": authorization,
            "HTTP_HOST": "testserver",
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
        }

    def _call(self, environ: dict[str, Any]) -> _Answer:
        status: list[str] = []
        response = self.handler(environ, lambda given, headers, *rest: status.append(given))
        content = b"".join(response)
        response.close()
        return _Answer(int(status[0].split()[0]), content)

    @staticmethod
    @contextlib.contextmanager
    def connection_kept() -> Any:
        """Meanwhile requests keep the database connection (``close_old_connections`` is not called
        when they start and finish), as under the test client."""
        from django.core.signals import request_finished, request_started
        from django.db import close_old_connections

        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            yield
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)

    def warm_up(self, path: str) -> None:
        """A request before the timed part (a game's state, its page): what a process does once, on
        its first requests (its URL resolver's tables, lazy imports), is not counted in the moves."""
        self._call(self._environ("GET", path, b"", ""))

    def post(self, path: str, data: dict[str, Any], content_type: str, HTTP_AUTHORIZATION: str) -> Any:  # noqa: N803
        return self._call(self.prepared.pop((path, data["move"], data["expected_ply"])))


class _Answer:
    def __init__(self, status_code: int, content: bytes) -> None:
        self.status_code, self.content = status_code, content


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
