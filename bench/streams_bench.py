"""Streams and flags of a league's evening: ``.venv/bin/python bench/streams_bench.py [--streams 1000]
[--games 200] --database-url postgres://user:pass@host:port/db --redis-url redis://host:port/11``.

The scaled setup in processes of its own: one uvicorn process serving the whole site (with
``EVENTS_REDIS_URL``), one Celery worker of two processes and beat (its process runs the clocks'
ticker, ``common.ticker``: the flags), on the PostgreSQL given
(a database of its own, ``<database>_streams``, created afresh, migrated and dropped at the end;
give a server with ``max_connections`` 100 to measure the issue's case). ``--games`` games of DVONN with a Fischer clock, each between two
players with API tokens. The phases, in one run:

1. *baseline*: a quarter of the games play one move each (8 clients), no stream open; an ordinary
   request (``GET /api/play/{id}/``) is timed 20 times;
2. *burst*: ``--streams`` streams of ``GET /api/play/{id}/events/`` (spread over the games, real
   sockets, read by a process of their own) are opened all at once; meanwhile the ordinary request is
   timed every 0.25 s. Printed: how long until all had their ``stream-open``, each one's wait p50/p99,
   the ordinary request's p50/max meanwhile (ratio to the baseline), the most connections;
3. *play*: every game is played ``--plies`` plies at a realistic pace (each player thinks
   ``--think`` seconds, drawn between half and one and a half times that, then reads the game and
   plays its first legal move; each player has ``--clock`` seconds, 180 by default), the streams open: a move's p50/p99 (ratio to the baseline's), the
   event's delay on every stream of its game p50/p99 (from the move request to the event read), the
   events heard of those due, the most connections;
4. *flags*: every game's player to move is left 3 s; the delay from each flag to its game's end
   p50/max (beat's clocks' ticker, ``games.play.flags``);
5. *close*: the streams are closed; the connections 5 s later.

Connections are PostgreSQL's own count for the database (``pg_stat_activity``, sampled every 0.05 s,
the bench's own sampling connection left out), the most seen in each phase; every answer 5xx
(moves, reads, streams) is counted. ``--opening 0`` serves without the streams' opening gate
(``EVENT_STREAMS_OPENING``, ``games.live.stream_gate``), for the comparison. Nothing is asserted.

``--hold`` measures instead how many streams one uvicorn process holds (``bench/stream_capacity.py``:
memory and descriptors a stream, the CPU of an event fanned out to ``--watchers`` of them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
for _folder in (ROOT, ROOT / "bench"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from helpers import events, open_events, stop_processes  # noqa: E402


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _ms(values: list[float], share: float) -> str:
    return f"{_percentile(values, share) * 1000:.0f}"


def _own_database(url: str) -> str:
    """A database of the bench's own beside the one given (``<name>_streams``), created afresh."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/") + "_streams"
    with psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path="/" + name))


def _drop_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    admin_url = urlunsplit(parts._replace(path="/postgres")).replace("postgres://", "postgresql://", 1)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


def _setup(args: argparse.Namespace) -> dict[str, str]:
    env = dict(
        os.environ,
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.redis_url,
        EVENTS_REDIS_URL=args.redis_url,
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1",
        EVENT_STREAMS_MAX=str(args.streams + 10),
        EVENT_STREAMS_OPENING=str(args.opening),
        SWEEP_INTERVAL="60",
    )
    os.environ.update(env)
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    return env


def _games(count: int) -> list[dict[str, Any]]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth.models import User
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from accounts.models import Player
    from games.models import Game
    from games.play import state as play_state

    made = []
    for number in range(count):
        tokens, players = [], []
        for side in ("w", "b"):
            user = User.objects.create_user(f"bench-{number}-{side}")
            players.append(Player.objects.create(display_name=user.username, handle=user.username, user=user))
            tokens.append(Token.objects.create(user=user).key)
        fields = play_state.playable("dvonn", "1+0")
        # its clock running, as after both first moves (games.play.aborts)
        fields |= {"turn_started": timezone.now(), "first_move_by": None}
        game = Game.objects.create(origin=Game.Origin.SERVICE, white=players[0], black=players[1], **fields)
        made.append({"id": game.pk, "tokens": tokens})
    _close()
    return made


def _close() -> None:
    """The bench's own Django connection closed: the counts are the servers'."""
    from django.db import connections

    connections.close_all()


def _start_clocks(ids: list[int], seconds: float) -> None:
    """Both players' ``seconds`` from now: an hour for the baseline and the burst, ``--clock`` for
    the play."""
    from django.utils import timezone

    from games.models import Game

    Game.objects.filter(pk__in=ids).update(
        turn_started=timezone.now(),
        white_time=timedelta(seconds=seconds),
        black_time=timedelta(seconds=seconds),
    )
    _close()


class Counter:
    """PostgreSQL's connections to the database, sampled on a thread: the most seen per phase."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.connection = psycopg.connect(url.replace("postgres://", "postgresql://"), autocommit=True)
        self.phase = "start"
        self.most: dict[str, int] = {}
        self.running = True
        threading.Thread(target=self._sample, daemon=True).start()

    def now(self) -> int:
        row = self.connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
        return int(row[0]) if row else 0

    def _sample(self) -> None:
        while self.running:
            seen = self.now()
            self.most[self.phase] = max(self.most.get(self.phase, 0), seen)
            time.sleep(0.05)


# --------------------------------------------------------------------------- the streams' process


async def _stream(port: int, game_id: int, state: dict[str, Any]) -> None:
    started = time.monotonic()
    reader, writer, status = await open_events(port, game_id)
    state["writers"].append(writer)
    state["statuses"].append(status)
    async for kind, data in events(reader):
        if data is None and kind == "stream-open":
            state["waits"].append(time.monotonic() - started)
        elif data is not None and kind == "move":
            state["heard"].append((game_id, json.loads(data)["ply"], time.monotonic()))


def _streams_process(port: int, ids: list[int], pipe: Connection) -> None:
    """Open every stream at once, say when all are open, and on ``report`` send what was heard and
    close them all."""
    state: dict[str, Any] = {"writers": [], "statuses": [], "waits": [], "heard": []}

    async def run() -> None:
        tasks = [asyncio.ensure_future(_stream(port, game_id, state)) for game_id in ids]
        deadline = time.monotonic() + 300
        while len(state["waits"]) < len(ids) and time.monotonic() < deadline:
            if all(task.done() for task in tasks):
                break
            await asyncio.sleep(0.05)
        pipe.send({"statuses": state["statuses"], "waits": state["waits"]})
        while not pipe.poll():
            await asyncio.sleep(0.1)
        pipe.recv()
        heard = -1
        while heard != len(state["heard"]):  # the events still on their way: until 3 s bring none
            heard = len(state["heard"])
            await asyncio.sleep(3)
        pipe.send({"heard": state["heard"], "held": sum(1 for task in tasks if not task.done())})
        for writer in state["writers"]:
            writer.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())


# --------------------------------------------------------------------------- requests


def _request(port: int, path: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return int(answer.status), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return int(refused.code), None


class Tally:
    """Every answer's status, and the moves' timings and sending times."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statuses: list[int] = []
        self.moves: list[float] = []
        self.sent: dict[tuple[int, int], float] = {}

    def status(self, code: int) -> None:
        with self.lock:
            self.statuses.append(code)


def _move(port: int, game: dict[str, Any], tally: Tally) -> bool:
    """The player to move reads the game and plays its first legal move; False when he cannot."""
    status, seen = _request(port, f"/api/play/{game['id']}/", game["tokens"][0])
    tally.status(status)
    if status != 200 or not seen["legal_moves"] or seen["result"]:
        return False
    token = game["tokens"][0 if seen["to_move"] == seen["white"] else 1]
    ply = seen["ply"]
    started = time.monotonic()
    tally.sent[(game["id"], ply + 1)] = started
    status, _ = _request(
        port, f"/api/play/{game['id']}/move/", token, {"move": seen["legal_moves"][0], "expected_ply": ply}
    )
    tally.status(status)
    with tally.lock:
        if status == 201:
            tally.moves.append(time.monotonic() - started)
        else:  # refused (the mover's time ran out): no event is due
            tally.sent.pop((game["id"], ply + 1), None)
    return status == 201


def _timed_read(port: int, game: dict[str, Any], tally: Tally) -> float:
    """The ordinary request (a game's state): its seconds."""
    started = time.monotonic()
    status, _ = _request(port, f"/api/play/{game['id']}/", game["tokens"][0])
    tally.status(status)
    return time.monotonic() - started


def _read_times(
    port: int, game: dict[str, Any], tally: Tally, stop: threading.Event, every: float
) -> list[float]:
    """The ordinary request timed every ``every`` seconds until ``stop``."""
    took = []
    while not stop.is_set():
        took.append(_timed_read(port, game, tally))
        stop.wait(every)
    return took


def _paced(port: int, games: list[dict[str, Any]], plies: int, think: float, tally: Tally) -> None:
    """Each game on a thread of its own: think, then move, ``plies`` times."""

    def play(game: dict[str, Any]) -> None:
        rng = random.Random(game["id"])
        for _ in range(plies):
            time.sleep(rng.uniform(think / 2, think * 1.5))
            if not _move(port, game, tally):
                return

    threads = [threading.Thread(target=play, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _flag_delays(ids: list[int]) -> list[float]:
    """Cut each game's clock of the player to move to 3 s from now, then wait for every game to end."""
    from django.utils import timezone

    from games.models import Game
    from games.play import state as play_state

    now = timezone.now()
    due = {}
    for game in Game.objects.filter(pk__in=ids, finished_at__isnull=True).select_related("white", "black"):
        side = play_state.to_move(game)
        if side is None:
            continue
        left = (now - game.turn_started) + timedelta(seconds=3)
        # the clock cut, with its flag's moment for the clocks' ticker (beat's), as a move writes it
        fields = {"white_time" if side == 0 else "black_time": left, "flag_at": game.turn_started + left}
        Game.objects.filter(pk=game.pk).update(**fields)
        due[game.pk] = game.turn_started + left
    deadline = time.monotonic() + 120
    while (
        time.monotonic() < deadline
        and Game.objects.filter(pk__in=list(due), finished_at__isnull=True).exists()
    ):
        time.sleep(0.5)
    ended = Game.objects.filter(pk__in=list(due), finished_at__isnull=False).values_list("pk", "finished_at")
    delays = [(finished - due[pk]).total_seconds() for pk, finished in ended]
    _close()
    return delays


def _servers(port: int, env: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    uvicorn = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    uvicorn += ["--port", str(port), "--log-level", "warning", "--lifespan", "off"]
    uvicorn += ["--timeout-graceful-shutdown", "2"]
    worker = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2"]
    worker += ["--loglevel", "WARNING", "--without-gossip", "--without-mingle"]
    # beat: its process runs the clocks' ticker (the flags); its schedule file a temporary one
    beat = [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "WARNING"]
    beat += ["-s", str(Path(tempfile.gettempdir()) / f"streams-bench-beat-{os.getpid()}")]
    return [subprocess.Popen(command, cwd=ROOT, env=env) for command in (uvicorn, worker, beat)]


def _wait_listening(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)


def _cpu(pid: int) -> float:
    """Seconds of CPU a process has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=4, help="plies each game plays in the play phase")
    parser.add_argument("--think", type=float, default=10.0, help="a player's mean seconds before a move")
    parser.add_argument("--clock", type=float, default=180, help="each player's seconds in the play phase")
    parser.add_argument("--opening", type=int, default=8, help="EVENT_STREAMS_OPENING (0: no gate)")
    parser.add_argument("--burst-only", action="store_true", help="stop after the burst")
    parser.add_argument("--hold", action="store_true", help="streams one process holds (stream_capacity)")
    parser.add_argument("--watchers", type=int, default=1000, help="(--hold) streams of the watched game")
    parser.add_argument("--events", type=int, default=20, help="(--hold) moves of each measured game")
    parser.add_argument("--pause", type=float, default=0.5, help="(--hold) seconds between two moves")
    parser.add_argument("--idle", type=float, default=30.0, help="(--hold) seconds of idle streams timed")
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: its servers are stopped too
    args.database_url = _own_database(args.database_url)
    try:
        return _run(args)
    finally:
        if "django.db" in sys.modules:  # the bench's own connection, if it opened one
            sys.modules["django.db"].connections.close_all()
        _drop_database(args.database_url)


def _run(args: argparse.Namespace) -> int:
    env = _setup(args)
    if args.hold:
        import stream_capacity

        return stream_capacity.run(args, env)
    games = _games(args.games)
    port = _free_port()
    processes = _servers(port, env)
    counter = Counter(args.database_url)
    tally = Tally()
    print(f"load average at the start {_load()}; opening gate {args.opening or 'off'}", flush=True)
    try:
        _wait_listening(port)
        time.sleep(3)  # the worker starts
        counter.phase = "baseline"
        _start_clocks([g["id"] for g in games], 3600)
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(lambda g: _move(port, g, tally), games[: max(1, args.games // 4)]))
        baseline_moves, tally.moves = tally.moves, []
        quiet = [_timed_read(port, games[0], tally) for _ in range(20)]

        floor = counter.now()
        counter.phase = "burst"
        stop = threading.Event()
        with ThreadPoolExecutor(max_workers=1) as pool:
            during = pool.submit(_read_times, port, games[0], tally, stop, 0.25)
            parent, child = multiprocessing.Pipe()
            ids = [games[i % len(games)]["id"] for i in range(args.streams)]
            started, cpu = time.monotonic(), _cpu(processes[0].pid)
            reader = multiprocessing.Process(target=_streams_process, args=(port, ids, child), daemon=True)
            reader.start()
            opened = parent.recv()
            all_open = time.monotonic() - started
            cpu = _cpu(processes[0].pid) - cpu
            stop.set()
            busy = during.result()
        time.sleep(1)
        idle = counter.now()
        print(
            f"burst: {len(opened['waits'])} of {args.streams} streams open after {all_open:.1f} s; "
            f"a stream's wait p50 {_ms(opened['waits'], 0.5)} ms, p99 {_ms(opened['waits'], 0.99)} ms; "
            f"statuses {sorted(set(opened['statuses']))}; uvicorn's CPU {cpu:.1f} s "
            f"({cpu / max(len(opened['waits']), 1) * 1000:.0f} ms a stream, the ordinary requests included)",
            flush=True,
        )
        print(
            f"burst: the ordinary request meanwhile p50 {_ms(busy, 0.5)} ms, max {max(busy) * 1000:.0f} ms "
            f"({len(busy)} requests; quiet p50 {_ms(quiet, 0.5)} ms: ratio "
            f"{_percentile(busy, 0.5) / _percentile(quiet, 0.5):.1f}); connections most {counter.most.get('burst', 0)}, "
            f"before the burst {floor}, with the streams open and idle {idle}; load {_load()}",
            flush=True,
        )

        if args.burst_only:
            parent.send("report")
            parent.recv()
            reader.join(30)
            print(f"5xx {sum(1 for s in tally.statuses + opened['statuses'] if s >= 500)}", flush=True)
            return 0
        counter.phase = "play"
        tally.sent = {}  # the events due are the play's
        _start_clocks([g["id"] for g in games], args.clock)
        played_from, cpu = time.monotonic(), _cpu(processes[0].pid)
        _paced(port, games, args.plies, args.think, tally)
        play_seconds, cpu = time.monotonic() - played_from, _cpu(processes[0].pid) - cpu
        parent.send("report")
        report = parent.recv()
        per_game: dict[int, int] = {}
        for game_id in ids:
            per_game[game_id] = per_game.get(game_id, 0) + 1
        delays = [at - tally.sent[(g, ply)] for g, ply, at in report["heard"] if (g, ply) in tally.sent]
        due = sum(per_game.get(g, 0) for g, _ply in tally.sent)
        moves = tally.moves
        print(
            f"play: {len(moves)} moves in {play_seconds:.0f} s ({len(moves) / play_seconds:.1f}/s; uvicorn's CPU "
            f"{cpu / max(len(moves), 1) * 1000:.0f} ms a move with its read); move p50 "
            f"{_ms(moves, 0.5)} ms, p99 {_ms(moves, 0.99)} ms (no stream open, 8 clients: p50 "
            f"{_ms(baseline_moves, 0.5)} ms, p99 {_ms(baseline_moves, 0.99)} ms; ratio of p50 "
            f"{_percentile(moves, 0.5) / _percentile(baseline_moves, 0.5):.2f})",
            flush=True,
        )
        print(
            f"play: event delay p50 {_ms(delays, 0.5)} ms, p99 {_ms(delays, 0.99)} ms, max "
            f"{max(delays or [float('nan')]) * 1000:.0f} ms ({len(delays)} events heard of {due} due); streams held "
            f"{report['held']}; connections most {counter.most.get('play', 0)}; load {_load()}",
            flush=True,
        )
        counter.phase = "flags"
        flags = _flag_delays([g["id"] for g in games])
        print(
            f"flags: flag to end p50 {_percentile(flags, 0.5):.2f} s, max {max(flags or [float('nan')]):.2f} s "
            f"({len(flags)} games); connections most {counter.most.get('flags', 0)}",
            flush=True,
        )
        reader.join(30)
        counter.phase = "closed"
        time.sleep(5)
        errors = sum(1 for status in tally.statuses + opened["statuses"] if status >= 500)
        print(
            f"closed: connections 5 s after the streams closed {counter.now()}; "
            f"most of all {max(counter.most.values())}; 5xx {errors} of "
            f"{len(tally.statuses) + len(opened['statuses'])} answers; load {_load()}",
            flush=True,
        )
    finally:
        counter.running = False
        stop_processes(processes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
