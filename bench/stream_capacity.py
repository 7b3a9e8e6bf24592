"""How many streams one uvicorn process holds: ``bench/streams_bench.py --hold [--streams 10000]
[--watchers 1000] [--events 20]`` (the rest of that bench's options as there).

One uvicorn process serves the whole site with ``EVENTS_REDIS_URL`` and its own defaults for the
streams (``EVENT_STREAMS_MAX`` and the gate's places as the settings give them), started with the
soft limit of open files at 1,024 (a service manager's usual default; the process raises it to its
hard limit at start, ``config.limits``); one Celery worker of two processes; the PostgreSQL and Redis
given. ``--games`` games of DVONN: the first is watched by ``--watchers`` streams, the last by none,
the others share the rest of ``--streams``. The streams are opened from a process of their own
(at most 64 waiting for their ``stream-open`` at a time: a client's reconnections, not a SYN flood).
Figures, for the uvicorn process:

- *holding*: streams open of those asked, their statuses; its memory (``VmRSS``) and open files
  before and with the streams open, per stream; its CPU per stream opened;
- *idle*: its CPU a second with every stream open and no event (keep-alives every 20 s included);
- *events*: ``--events`` moves of the unwatched game, then as many of the watched one, one at a
  time (each read, then played through ``POST /api/play/{id}/move/``); its CPU per move of each, and
  the difference: the CPU of one event fanned out to the watchers; the events heard of those due
  (every watcher must hear every move), the delay from the move request to each watcher's reading
  it, p50/p99/max.

Load averages are printed with the figures; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import resource
import subprocess
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from helpers import events, open_events, stop_processes

OPENING_AT_ONCE = 64  # the client's streams waiting for their stream-open at one time
SOFT_FILES = 1024  # uvicorn's soft limit of open files at its start


def _raise_own_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _low_limit() -> None:
    """(In uvicorn's child, before it runs) the soft limit of open files a service usually starts with."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(SOFT_FILES, hard), hard))


def _rss(pid: int) -> int:
    """The process's resident memory, bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _files(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def _soft_files(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return line.split()[3]
    return "?"


async def _stream(port: int, game_id: int, state: dict[str, Any], opening: asyncio.Semaphore) -> None:
    await opening.acquire()
    opened = False
    try:
        reader, writer, status = await open_events(port, game_id)
        state["writers"].append(writer)
        state["statuses"].append(status)
        async for kind, data in events(reader):
            if data is None and kind == "stream-open" and not opened:
                opened = True
                state["open"] += 1
                opening.release()
            elif data is not None and kind == "move":
                state["heard"].append((game_id, json.loads(data)["ply"], time.monotonic()))
    except OSError as error:
        state["errors"].append(type(error).__name__)
    finally:
        if not opened:
            opening.release()


def _client(port: int, ids: list[int], pipe: Connection) -> None:
    """Open every stream, say when all are open (or given up), and on each ``report`` send what was
    heard; on ``close`` close them all."""
    _raise_own_limit()
    state: dict[str, Any] = {"writers": [], "statuses": [], "open": 0, "heard": [], "errors": []}

    async def run() -> None:
        opening = asyncio.Semaphore(OPENING_AT_ONCE)
        tasks = [asyncio.ensure_future(_stream(port, game_id, state, opening)) for game_id in ids]
        deadline = time.monotonic() + 900
        while state["open"] < len(ids) and time.monotonic() < deadline:
            if all(task.done() for task in tasks):
                break
            await asyncio.sleep(0.1)
        pipe.send(
            {"open": state["open"], "statuses": sorted(set(state["statuses"])), "errors": state["errors"]}
        )
        while True:
            while not pipe.poll():
                await asyncio.sleep(0.05)
            order = pipe.recv()
            if order == "close":
                break
            pipe.send({"heard": list(state["heard"]), "held": sum(1 for task in tasks if not task.done())})
        for writer in state["writers"]:
            writer.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())


def run(args: argparse.Namespace, env: dict[str, str]) -> int:
    import streams_bench as sb

    try:
        from config.limits import open_files_wanted
    except ImportError:  # a revision before the limit was lifted (a baseline's run)

        def open_files_wanted() -> int:
            return 0

    env = dict(env)
    env.pop("EVENT_STREAMS_MAX", None)  # the setting's default: what a process holds as installed
    env.pop("EVENT_STREAMS_OPENING", None)
    games = sb._games(args.games)
    watched, unwatched = games[0], games[-1]
    others = games[1:-1] or [watched]
    ids = [watched["id"]] * min(args.watchers, args.streams)
    ids += [others[i % len(others)]["id"] for i in range(args.streams - len(ids))]
    port = sb._free_port()
    uvicorn = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    uvicorn += [
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--lifespan",
        "off",
        "--timeout-graceful-shutdown",
        "2",
    ]
    worker = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2"]
    worker += ["--loglevel", "WARNING", "--without-gossip", "--without-mingle"]
    web = subprocess.Popen(uvicorn, cwd=sb.ROOT, env=env, preexec_fn=_low_limit)  # noqa: PLW1509
    processes = [web, subprocess.Popen(worker, cwd=sb.ROOT, env=env)]
    tally = sb.Tally()
    print(f"load average at the start {sb._load()}", flush=True)
    try:
        sb._wait_listening(port)
        time.sleep(3)
        sb._start_clocks([g["id"] for g in games], 3600)
        for game in games[1:4]:  # the process warmed up: its first requests load what they need
            sb._move(port, game, tally)
        rss, files = _rss(web.pid), _files(web.pid)
        print(
            f"uvicorn: soft limit of open files {_soft_files(web.pid)} (started with {SOFT_FILES}); "
            f"the settings want {open_files_wanted()} for their streams",
            flush=True,
        )
        parent, child = multiprocessing.Pipe()
        started, cpu = time.monotonic(), sb._cpu(web.pid)
        client = multiprocessing.Process(target=_client, args=(port, ids, child), daemon=True)
        client.start()
        opened = parent.recv()
        took, cpu = time.monotonic() - started, sb._cpu(web.pid) - cpu
        time.sleep(2)
        rss_open, files_open = _rss(web.pid), _files(web.pid)
        count = max(opened["open"], 1)
        print(
            f"holding: {opened['open']} of {args.streams} streams open after {took:.0f} s, statuses "
            f"{opened['statuses']}, client errors {len(opened['errors'])}; uvicorn {rss / 2**20:.0f} MB and "
            f"{files} files before, {rss_open / 2**20:.0f} MB and {files_open} files with them: "
            f"{(rss_open - rss) / count / 1024:.1f} KB and {(files_open - files) / count:.2f} files a stream; "
            f"CPU {cpu / count * 1000:.1f} ms a stream opened; load {sb._load()}",
            flush=True,
        )
        cpu = sb._cpu(web.pid)
        time.sleep(args.idle)
        idle = (sb._cpu(web.pid) - cpu) / args.idle
        print(f"idle: uvicorn's CPU {idle * 1000:.0f} ms a second with the streams open; load {sb._load()}")
        parent.send("report")
        before = len(parent.recv()["heard"])
        per_move = {}
        for name, game in (("unwatched", unwatched), ("watched", watched)):
            tally.sent = {}
            cpu = sb._cpu(web.pid)
            for _ in range(args.events):
                sb._move(port, game, tally)
                time.sleep(args.pause)
            per_move[name] = (sb._cpu(web.pid) - cpu) / args.events
            sent = dict(tally.sent)
        time.sleep(3)
        parent.send("report")
        report = parent.recv()
        heard = [(g, ply, at) for g, ply, at in report["heard"][before:] if (g, ply) in sent]
        delays = [at - sent[(g, ply)] for g, ply, at in heard]
        due = len(sent) * min(args.watchers, args.streams)
        fanned = per_move["watched"] - per_move["unwatched"]
        print(
            f"events: uvicorn's CPU a move {per_move['unwatched'] * 1000:.1f} ms unwatched, "
            f"{per_move['watched'] * 1000:.1f} ms watched by {min(args.watchers, args.streams)}: one event to them "
            f"{fanned * 1000:.1f} ms ({fanned / max(args.watchers, 1) * 1e6:.0f} us a watcher); heard {len(heard)} "
            f"of {due}; delay p50 {sb._ms(delays, 0.5)} ms, p99 {sb._ms(delays, 0.99)} ms, max "
            f"{max(delays or [float('nan')]) * 1000:.0f} ms; streams held {report['held']}; load {sb._load()}",
            flush=True,
        )
        parent.send("close")
        client.join(60)
        errors = sum(1 for status in tally.statuses if status >= 500)
        print(f"closed: 5xx {errors} of {len(tally.statuses)} requests; load {sb._load()}", flush=True)
    finally:
        stop_processes(processes)
    return 0
