"""Streams and flags of a league's evening: ``.venv/bin/python bench/streams_bench.py [--streams 1000]
[--games 200] [--rounds 4] --database-url postgres://user:pass@host:port/empty_db --redis-url redis://...``.

The scaled setup in processes of its own: one uvicorn process serving the whole site (with
``EVENTS_REDIS_URL``), one Celery worker of two processes (the flags' tasks), on the PostgreSQL given
(an empty database, migrated here; give one whose server has ``max_connections`` 100 to measure the
issue's case). ``--games`` games of DVONN with a ``1+0`` clock are created at once, each between two
players with API tokens; ``--streams`` streams are opened on ``GET /api/play/{id}/events/``, spread
over the games, over real sockets. Then ``--rounds`` times every game's player to move plays a legal
move through ``POST /api/play/{id}/move/``; after the last round nobody moves and every game's flag
falls (White's clock is cut to a few seconds at the start, Black's a minute).

Printed: a move's p50/p99 (ms) and the event's delay on the game's streams p50/p99 (ms, from the
move's request to the event read), the streams held, the most connections PostgreSQL counted
meanwhile (sampled every 0.2 s), the delay from each flag to its game's end p50/max (s), and the
answers 5xx. The baseline, in the same run, is the same move requests with no stream open. Nothing
is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _setup(args: argparse.Namespace) -> dict[str, str]:
    env = dict(
        os.environ,
        DATABASE_URL=args.database_url,
        CELERY_BROKER_URL=args.redis_url,
        EVENTS_REDIS_URL=args.redis_url.rsplit("/", 1)[0] + "/1",
        DEBUG="1",
        ALLOWED_HOSTS="127.0.0.1",
        EVENT_STREAMS_MAX=str(args.streams + 10),
        SWEEP_INTERVAL="60",
    )
    os.environ.update(env)
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
    from games import play
    from games.models import Game

    made = []
    for number in range(count):
        tokens, players = [], []
        for side in ("w", "b"):
            user = User.objects.create_user(f"bench-{number}-{side}")
            players.append(Player.objects.create(display_name=user.username, handle=user.username, user=user))
            tokens.append(Token.objects.create(user=user).key)
        fields = play.playable("dvonn", "1+0")
        fields["white_time"] = timedelta(seconds=60)
        fields["black_time"] = timedelta(seconds=60)
        # its clock running, as after both first moves (games.aborts)
        fields |= {"turn_started": timezone.now(), "first_move_by": None}
        game = Game.objects.create(origin=Game.Origin.SERVICE, white=players[0], black=players[1], **fields)
        made.append({"id": game.pk, "tokens": tokens})
    return made


class Counter:
    """PostgreSQL's connections to the database, sampled on a thread: the most seen."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.connection = psycopg.connect(url.replace("postgres://", "postgresql://"), autocommit=True)
        self.most = 0
        self.running = True
        threading.Thread(target=self._sample, daemon=True).start()

    def now(self) -> int:
        row = self.connection.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
        return int(row[0]) if row else 0

    def _sample(self) -> None:
        while self.running:
            self.most = max(self.most, self.now())
            time.sleep(0.2)


async def _stream(port: int, game_id: int, heard: dict[tuple[int, int], float], opened: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /api/play/{game_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    kind = ""
    while True:
        line = await reader.readline()
        if not line:
            return
        text = line.decode(errors="replace").strip()
        if text.startswith("event: "):
            kind = text[7:]
            if kind == "stream-open":
                opened.append(game_id)
        elif text.startswith("data: ") and kind == "move":
            ply = json.loads(text[6:])["ply"]
            heard.setdefault((game_id, ply), time.monotonic())


def _streams_loop(port: int, ids: list[int], heard: dict[tuple[int, int], float], opened: list[int]) -> None:
    async def run() -> None:
        await asyncio.gather(
            *(_stream(port, game_id, heard, opened) for game_id in ids), return_exceptions=True
        )

    asyncio.run(run())


def _request(port: int, path: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return int(answer.status), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return int(refused.code), None


def _move(port: int, game: dict[str, Any], sent: dict[tuple[int, int], float]) -> tuple[int, float]:
    """The player to move plays the first legal move: (status, seconds of the move's request)."""
    status, seen = _request(port, f"/api/play/{game['id']}/", game["tokens"][0])
    if status != 200 or not seen["legal_moves"]:
        return status, 0.0
    token = game["tokens"][0 if seen["to_move"] == seen["white"] else 1]
    ply = seen["ply"]
    started = time.monotonic()
    sent[(game["id"], ply + 1)] = started
    status, _ = _request(
        port, f"/api/play/{game['id']}/move/", token, {"move": seen["legal_moves"][0], "expected_ply": ply}
    )
    return status, time.monotonic() - started


def _rounds(
    port: int, games: list[dict[str, Any]], rounds: int, sent: dict[tuple[int, int], float]
) -> tuple[list[float], list[int]]:
    timings, statuses = [], []
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _round in range(rounds):
            for status, took in pool.map(lambda g: _move(port, g, sent), games):
                statuses.append(status)
                if status == 201:
                    timings.append(took)
    return timings, statuses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    args = parser.parse_args(argv)
    env = _setup(args)
    games = _games(args.games)
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        + ["--log-level", "warning", "--lifespan", "off", "--timeout-graceful-shutdown", "2"],
        cwd=ROOT,
        env=env,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--concurrency",
            "2",
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
    )
    counter = Counter(args.database_url)
    try:
        time.sleep(8)  # uvicorn and the worker start
        sent: dict[tuple[int, int], float] = {}
        baseline, base_statuses = _rounds(port, games[: max(1, args.games // 4)], 1, sent)
        heard: dict[tuple[int, int], float] = {}
        opened: list[int] = []
        ids = [games[i % len(games)]["id"] for i in range(args.streams)]
        threading.Thread(target=_streams_loop, args=(port, ids, heard, opened), daemon=True).start()
        deadline = time.monotonic() + 120
        while len(opened) < args.streams and time.monotonic() < deadline:
            time.sleep(0.5)
        idle = counter.now()
        timings, statuses = _rounds(port, games, args.rounds, sent)
        delays = [heard[key] - sent[key] for key in sent if key in heard]
        flags = _flag_delays([g["id"] for g in games])
        errors = sum(1 for status in statuses + base_statuses if status >= 500)
        print(
            f"streams held {len(opened)} of {args.streams}; connections with streams idle {idle}, most {counter.most}"
        )
        print(
            f"move p50 {_percentile(timings, 0.5) * 1000:.0f} ms, p99 {_percentile(timings, 0.99) * 1000:.0f} ms "
            f"({len(timings)} moves; with no stream open p50 {_percentile(baseline, 0.5) * 1000:.0f} ms: "
            f"ratio {_percentile(timings, 0.5) / max(_percentile(baseline, 0.5), 1e-9):.2f})"
        )
        print(
            f"event delay p50 {_percentile(delays, 0.5) * 1000:.0f} ms, p99 {_percentile(delays, 0.99) * 1000:.0f} ms ({len(delays)} events)"
        )
        print(
            f"flag to end p50 {_percentile(flags, 0.5):.2f} s, max {max(flags or [float('nan')]):.2f} s ({len(flags)} games)"
        )
        print(f"5xx {errors} of {len(statuses) + len(base_statuses)} move requests")
    finally:
        counter.running = False
        for process in (server, worker):
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
    return 0


def _flag_delays(ids: list[int]) -> list[float]:
    """Cut each game's clock of the player to move to 3 s from now, then wait for every game to end."""
    from django.utils import timezone

    from games import flags, play
    from games.models import Game

    now = timezone.now()
    due = {}
    for game in Game.objects.filter(pk__in=ids, finished_at__isnull=True).select_related("white", "black"):
        side = play.to_move(game)
        if side is None:
            continue
        left = (now - game.turn_started) + timedelta(seconds=3)
        Game.objects.filter(pk=game.pk).update(**{"white_time" if side == 0 else "black_time": left})
        game.refresh_from_db()
        due[game.pk] = game.turn_started + left
        flags.schedule(game, side)
    deadline = time.monotonic() + 120
    while (
        time.monotonic() < deadline
        and Game.objects.filter(pk__in=list(due), finished_at__isnull=True).exists()
    ):
        time.sleep(0.5)
    ended = Game.objects.filter(pk__in=list(due), finished_at__isnull=False).values_list("pk", "finished_at")
    return [(finished - due[pk]).total_seconds() for pk, finished in ended]


if __name__ == "__main__":
    raise SystemExit(main())
