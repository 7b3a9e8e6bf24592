"""The streams' own rules (``games.live.streams``), in process under Django's ASGI test client: a process
refuses a stream beyond ``EVENT_STREAMS_MAX`` with a 503 naming why and gives the place back when a
stream closes; ``Last-Event-ID`` is read per channel; live events that skip an id are read from the
storage instead; the request's database connection is closed before the stream waits."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.test import AsyncClient, RequestFactory, override_settings

from accounts.models import Player
from games.live import fanout, streams
from games.play import service, state


def _game() -> Any:
    players = []
    for name in ("ann", "bob"):
        user = User.objects.create_user(name, password=f"pw-{name}-12345")
        players.append(Player.objects.create(display_name=name.title(), handle=name, user=user))
    return state.create_service_game(players[0], players[1], "dvonn", "5+3")


@pytest.mark.django_db(transaction=True)
@override_settings(EVENT_STREAMS_MAX=2)
def test_a_stream_beyond_the_limit_is_a_503_and_a_closed_one_gives_its_place_back() -> None:
    game = _game()
    url = f"/api/play/{game.pk}/events/"

    async def scenario() -> list[Any]:
        client = AsyncClient()
        first = await client.get(url, headers={"Accept": "text/event-stream"})
        second = await client.get(f"/games/{game.pk}/events/")
        opened = [await asyncio.wait_for(r.streaming_content.__anext__(), 10) for r in (first, second)]
        refused = await client.get(url, headers={"Accept": "text/event-stream"})
        page_refused = await client.get(f"/games/{game.pk}/events/")
        await first.streaming_content.aclose()
        await sync_to_async(first.close)()  # as Django's ASGI handler does once a response ends
        again = await client.get(url, headers={"Accept": "text/event-stream"})
        for response in (second, again):
            await response.streaming_content.aclose()
            await sync_to_async(response.close)()
        return [first, second, opened, refused, page_refused, again]

    first, second, opened, refused, page_refused, again = asyncio.run(scenario())
    assert (first.status_code, second.status_code) == (200, 200)
    assert all(b"event: stream-open" in chunk for chunk in opened)
    assert refused.status_code == 503 and refused["Retry-After"] == "30"
    assert "as many live streams" in refused.json()["detail"]
    assert page_refused.status_code == 503 and page_refused["Content-Type"].startswith("text/plain")
    assert again.status_code == 200
    assert fanout.hub.open == 0


def test_the_last_event_id_is_read_per_channel() -> None:
    assert streams.parse_last_ids("game-7:3", ["game-7"]) == {"game-7": 3}
    assert streams.parse_last_ids("game-7:3,player-ann:12", ["player-ann", "game-8"]) == {
        "player-ann": 12,
        "game-8": None,
    }
    assert streams.parse_last_ids("game-7:x", ["game-7"]) == {"game-7": -1}  # unreadable: a reset
    assert streams.parse_last_ids("", ["game-7"]) == {"game-7": None}
    assert streams.make_id({"game-7": 3, "player-ann": 12}) == "game-7:3,player-ann:12"


def test_live_events_that_skip_an_id_send_the_stream_to_the_storage() -> None:
    last = {"game-7": 3}
    assert streams._in_order([fanout.Item("game-7", 4), fanout.Item("game-7", 5)], last)
    assert streams._in_order([fanout.Item("game-7", 3), fanout.Item("game-7", 4)], last)  # 3 seen
    assert not streams._in_order([fanout.Item("game-7", 5)], last)  # 4 missed
    assert not streams._in_order([fanout.Item("game-7", None)], last)  # told to read
    body = streams._written(
        [fanout.Item("game-7", 3, "move", "{}"), fanout.Item("game-7", 4, "move", "{}")], last
    )
    assert body == "event: move\nid: game-7:4\ndata: {}\n\n" and last == {"game-7": 4}


def test_a_redis_message_of_django_eventstream_is_read() -> None:
    raw = '{"channel": "game-7", "event_type": "move", "data": "{\\"ply\\": 1}", "pub_id": "4"}'
    assert fanout.redis_item(raw) == fanout.Item("game-7", 4, "move", '{"ply": 1}')
    assert fanout.redis_item("not json") is None


def _in_a_new_process(script: str) -> subprocess.CompletedProcess[str]:
    """``script`` run by a new Python process on the project's settings (no database, no broker)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1")
    env.pop("DATABASE_URL", None)
    env.pop("CELERY_BROKER_URL", None)
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(__file__).resolve().parents[3],
        env=env,
        capture_output=True,
        text=True,
    )


def test_django_starts_without_django_eventstream_s_http_stack() -> None:
    """Issue 32 item 10: a command's start-up imports no gripcontrol, pubcontrol or requests; the
    package's names are there the first time they are asked for."""
    script = (
        "import django, sys; django.setup();"
        "print(sorted(m for m in ('gripcontrol', 'pubcontrol', 'requests') if m in sys.modules));"
        "import django_eventstream; print(callable(django_eventstream.send_event), 'gripcontrol' in sys.modules)"
    )
    done = _in_a_new_process(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["[]", "True True"]


def test_threads_asking_django_eventstream_at_once_all_get_its_names() -> None:
    """A uvicorn process's first requests run each in its thread: every thread that asks for
    ``send_event`` while another runs the package's deferred ``__init__`` gets it (before, all but
    the first got an ImportError, and their moves' events were neither stored nor sent)."""
    script = (
        "import django, threading; django.setup(); errors = []\n"
        "def ask():\n"
        "    try:\n"
        "        from django_eventstream import send_event\n"
        "    except ImportError as refused:\n"
        "        errors.append(refused)\n"
        "threads = [threading.Thread(target=ask) for _ in range(16)]\n"
        "[thread.start() for thread in threads]; [thread.join() for thread in threads]\n"
        "print(len(errors))\n"
    )
    done = _in_a_new_process(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"


@override_settings(EVENT_STREAMS_MAX=2)
def test_a_stream_dropped_unsent_gives_its_place_back_once() -> None:
    """A client gone while the stream's view ran: Django's ASGI handler drops the response unsent
    and unclosed. Its place comes back when it is collected, and only once (a stream closed and
    then collected gives back its own place, not another's)."""
    request = RequestFactory().get("/games/7/events/")
    dropped = streams.serve(request, ["game-7"])
    closed = streams.serve(request, ["game-7"])
    assert fanout.hub.open == 2
    assert streams.serve(request, ["game-7"]).status_code == 503  # the process is full
    del dropped
    gc.collect()
    assert fanout.hub.open == 1  # the dropped one's place is back; the other still holds its own
    closed.release()  # what its close does first (the rest is Django's request_finished)
    assert fanout.hub.open == 0
    del closed
    gc.collect()
    assert fanout.hub.open == 0 and fanout.hub.reserve() and fanout.hub.open == 1
    fanout.hub.release()


@pytest.mark.django_db(transaction=True)
def test_a_stream_whose_storage_read_fails_reads_again_and_misses_nothing(monkeypatch: Any) -> None:
    """The database does not answer one read (down a moment; SQLite's table locked by a writer):
    the stream stays open, reads again after ``READ_AGAIN`` and sends what it missed meanwhile."""
    from django.db import OperationalError

    game = _game()
    ann = game.white
    reads: list[int] = []
    real = streams._read

    def failing_once(last_ids: dict[str, int | None]) -> streams.Read:
        reads.append(len(reads))
        if len(reads) == 2:  # the opening's read passes; the next one fails
            raise OperationalError("database table is locked")
        return real(last_ids)

    monkeypatch.setattr(streams, "_read", failing_once)
    monkeypatch.setattr(streams, "READ_AGAIN", 0.2)

    async def scenario() -> str:
        response = await AsyncClient().get(f"/games/{game.pk}/events/")
        stream = response.streaming_content
        try:
            assert b"event: stream-open" in await asyncio.wait_for(stream.__anext__(), 10)
            fanout.hub.resync_all()  # the stream must read: this read fails
            await asyncio.sleep(0.05)
            await sync_to_async(service.make_move)(game, ann.user, "c3", 0)  # while it waits to read again
            chunk = await asyncio.wait_for(stream.__anext__(), 10)
            return chunk.decode()
        finally:
            await stream.aclose()

    chunk = asyncio.run(scenario())
    assert len(reads) >= 3  # the opening's, the failed one, and the one after it
    assert "event: move\n" in chunk and '"ply": 1, "move": "c3"' in chunk
