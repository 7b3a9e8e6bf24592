"""A move never waits on Redis (issue 41 item 2): gunicorn serves the play API with every Redis of the
scaled setup configured (the cache, ``CACHE_URL``; the live events' publisher, ``EVENTS_REDIS_URL``;
the broker, ``CELERY_BROKER_URL``) and uvicorn serves a game's stream. Two moves are played with Redis
up (the worker's first requests load what a move needs: the first is left out of the figures); then
Redis is stopped: 20 moves in a row through the HTTP play API are each answered 201 within 0.5 s
(7 s each before ``common.redis_faults``: redis-py's retries with back-off; on a machine so loaded
that a move with Redis up took longer, within that), the median at most 0.3 s above the moves with
Redis up, and stored; Redis started again, the stream opened before the outage gets all 30, from the
stored events.
"""

from __future__ import annotations

import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token

from accounts.models import Player
from games.models import Move
from games.play import state
from tests.integration.conftest import ROOT, Redis, _process_env, wait_for
from tests.integration.test_streams import Stream, _uvicorn

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MOVES, WARM = 20, 10
# A move's answer while Redis is down, at most (the bound: 0.3 s more than a move's 0.2 s);
# on a machine so loaded that a move with Redis up took longer, that move's time (the same run's).
BOUND = 0.5
# What Redis being down may add to the median move (the 0.3 s).
ADDED = 0.3


def _redis(db: int) -> str:
    broker = urlsplit(settings.CELERY_BROKER_URL)
    return f"redis://{broker.hostname or '127.0.0.1'}:{broker.port or 6379}/{db}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def site() -> Iterator[dict[str, Any]]:
    """gunicorn (a sync worker, every Redis configured) and uvicorn (the streams) on the test database."""
    redis_env = {"CACHE_URL": _redis(1), "EVENTS_REDIS_URL": _redis(3)}
    port = _free_port()
    env = dict(_process_env(), ALLOWED_HOSTS="127.0.0.1", **redis_env)
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"]
        + ["--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    stream_port = _free_port()
    uvicorn = _uvicorn(stream_port, redis_env["EVENTS_REDIS_URL"])
    try:
        yield {"base": f"http://127.0.0.1:{port}", "streams": stream_port}
    finally:
        for server in (gunicorn, uvicorn):
            server.terminate()
        for server in (gunicorn, uvicorn):
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()


def _call(url: str, token: str, data: dict[str, object] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=None if data is None else json.dumps(data).encode())
    request.add_header("Authorization", f"Token {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()[:500]
    except OSError:
        return 0, None


def test_moves_while_redis_is_down_answer_at_once_and_reach_the_stream_when_it_is_back(
    site: dict[str, Any], redis_server: Redis
) -> None:
    users = [User.objects.create_user(name, password=f"pw-{name}-12345") for name in ("ann", "bob")]
    white, black = (Player.objects.create(display_name=u.username, handle=u.username, user=u) for u in users)
    game = state.create_service_game(white, black, "dvonn", "15+10")
    tokens = [Token.objects.create(user=user).key for user in users]
    base, play_url = site["base"], f"{site['base']}/api/play/{game.pk}/"
    wait_for(lambda: _call(play_url, tokens[0])[0] == 200, timeout=60, what="gunicorn")
    stream = Stream(site["streams"], game.pk)
    assert stream.opened.wait(30), stream.status
    time.sleep(0.5)  # the stream waits for its next event

    def moves(plies: range) -> list[float]:
        times = []
        for ply in plies:
            token = tokens[ply % 2]
            status, seen = _call(play_url, token)
            assert status == 200 and seen["ply"] == ply, seen
            move = seen["legal_moves"][0]
            began = time.monotonic()
            status, answer = _call(
                f"{base}/api/play/{game.pk}/move/", token, {"move": move, "expected_ply": ply}
            )
            times.append(time.monotonic() - began)
            assert status == 201, answer
            played.append(move)
        return times

    played: list[str] = []
    up = moves(range(WARM))
    wait_for(lambda: len(stream.moves) == WARM, timeout=10, what="the moves played with Redis up, live")
    redis_server.stop()
    down = moves(range(WARM, WARM + MOVES))
    print(
        f"\nmoves with Redis up: {' '.join(f'{t:.3f}' for t in up)} s; stopped: {' '.join(f'{t:.3f}' for t in down)} s"
    )  # noqa: T201
    warm = up[1:]  # the worker's first move loads what a move needs
    assert max(down) <= max(BOUND, max(warm)), ([round(t, 3) for t in up], [round(t, 3) for t in down])
    assert statistics.median(down) - statistics.median(warm) <= ADDED
    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == played

    redis_server.start()  # the streams' listener subscribes again (back-off at most 5 s) and reads
    wait_for(
        lambda: stream.moves == list(enumerate(played, start=1)),
        timeout=30,
        what=f"the stream to get the {MOVES} moves: {stream.moves}",
    )
    stream.close()
