"""Live games in the scaled setup: a move stored by one process reaches a game's stream served by
another, uvicorn, through Redis (``EVENTS_REDIS_URL``); a stream that reconnects with its
``Last-Event-ID`` gets the events stored in PostgreSQL meanwhile; a Redis that cannot be reached
sends nothing and refuses nothing.

The uvicorn process runs here on the test database with ``EVENTS_REDIS_URL`` on the integration
Redis (its database 3). The test process publishes as gunicorn would: django-eventstream's Redis
client, pointed at the same Redis, carries the event after the move commits.
"""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import override_settings

from accounts.models import Player
from games.models import Move
from games.play import service, state
from tests.integration.conftest import ROOT, _process_env
from tests.integration.event_streams import open_stream, stream_events

pytestmark = pytest.mark.django_db(transaction=True)


def _events_url() -> str:
    broker = urlsplit(settings.CELERY_BROKER_URL)
    return f"redis://{broker.hostname or '127.0.0.1'}:{broker.port or 6379}/3"


@pytest.fixture
def uvicorn_server() -> Iterator[int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(_process_env(), EVENTS_REDIS_URL=_events_url(), ALLOWED_HOSTS="127.0.0.1")
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
        + ["--log-level", "warning", "--lifespan", "off", "--timeout-graceful-shutdown", "1"],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def _players() -> tuple[User, Player, Player]:
    users = [User.objects.create_user(name, password=f"pw-{name}-12345") for name in ("ann", "bob")]
    ann, bob = (
        Player.objects.create(display_name=u.username.title(), handle=u.username, user=u) for u in users
    )
    return users[0], ann, bob


def test_a_move_reaches_the_stream_of_another_process_through_redis(uvicorn_server: int) -> None:
    ann_user, ann, bob = _players()
    game = state.create_service_game(ann, bob, "dvonn", "5+3")
    seen: list[tuple[str, dict[str, Any]]] = []
    with _listening(uvicorn_server, game.pk, seen) as reader:
        service.make_move(game, ann_user, "c3", 0)
    reader.join(15)
    assert seen and tuple(seen[0][1][key] for key in ("game", "ply", "move", "to_move")) == (
        game.pk,
        1,
        "c3",
        1,
    )


def test_a_redis_that_cannot_be_reached_refuses_no_move() -> None:
    import redis
    from django_eventstream import eventstream

    ann_user, ann, bob = _players()
    game = state.create_service_game(ann, bob, "dvonn", "5+3")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    unreachable = redis.Redis(host="127.0.0.1", port=closed, socket_connect_timeout=1)
    with (
        override_settings(EVENTS_REDIS_URL=f"redis://127.0.0.1:{closed}/0"),
        mock.patch.object(eventstream, "redis_client", unreachable),
    ):
        service.make_move(game, ann_user, "c3", 0)
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["c3"]


def _moves(
    port: int,
    game_id: int,
    count: int,
    found: list[tuple[str, dict[str, Any]]],
    opened: threading.Event,
    last_event_id: str = "",
) -> None:
    """Read the game's stream (from ``last_event_id`` when given) until ``count`` moves: (id, data)."""
    resume = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id else ""
    with open_stream(port, f"/api/play/{game_id}/events/", 30, resume) as sock:
        for kind, event_id, data in stream_events(sock, opened.set):
            if kind == "move":
                found.append((event_id, json.loads(data)))
                if len(found) == count:
                    return


@contextlib.contextmanager
def _listening(
    port: int, game_id: int, found: list[tuple[str, dict[str, Any]]]
) -> Iterator[threading.Thread]:
    """A reader of the game's stream on a thread, open and waiting for its first move (into ``found``),
    and the publishing process configured as the scaled setup's are (EVENTS_REDIS_URL), its client the
    test's."""
    import redis
    from django_eventstream import eventstream

    opened = threading.Event()
    reader = threading.Thread(target=_moves, args=(port, game_id, 1, found, opened), daemon=True)
    reader.start()
    assert opened.wait(30), "the stream did not open"
    time.sleep(0.5)  # the stream waits for its next event
    with (
        override_settings(EVENTS_REDIS_URL=_events_url()),
        mock.patch.object(eventstream, "redis_client", redis.Redis.from_url(_events_url())),
    ):
        yield reader


def test_a_stream_that_reconnects_gets_the_moves_stored_meanwhile(uvicorn_server: int) -> None:
    """The stream hears c3 live (the channel's event 1) and drops; d3 and e3 are played meanwhile,
    stored in PostgreSQL and sent through Redis to no one. Reconnecting to uvicorn with
    ``Last-Event-ID`` it gets both, in order (events 2 and 3)."""
    ann_user, ann, bob = _players()
    game = state.create_service_game(ann, bob, "dvonn", "5+3")
    channel = f"game-{game.pk}"
    first: list[tuple[str, dict[str, Any]]] = []
    with _listening(uvicorn_server, game.pk, first) as reader:
        service.make_move(game, ann_user, "c3", 0)
        reader.join(15)
        assert [(i, d["ply"], d["move"]) for i, d in first] == [(f"{channel}:1", 1, "c3")]
        service.make_move(game, bob.user, "d3", 1)
        service.make_move(game, ann_user, "e3", 2)
    missed: list[tuple[str, dict[str, Any]]] = []
    _moves(uvicorn_server, game.pk, 2, missed, threading.Event(), last_event_id=first[0][0])
    assert [(i, d["ply"], d["move"], d["to_move"]) for i, d in missed] == [
        (f"{channel}:2", 2, "d3", 0),
        (f"{channel}:3", 3, "e3", 1),
    ]
