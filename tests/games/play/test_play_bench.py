"""``bench/play_bench.py`` measures only moves the service accepts (issue 32 item 9): the games'
clocks start when the timed part does, and the first move refused stops the timed part and is
reported, the figures marked as not valid and the exit status 1 (no figures over refused moves)."""

from __future__ import annotations

import importlib.util
from datetime import timedelta
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Player
from games.models import Game
from games.play import state

ROOT = Path(__file__).resolve().parents[3]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("play_bench", ROOT / "bench" / "play_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Answers:
    """A client whose answers are given: 201 until ``refuse_at`` (0-based), then a 409."""

    def __init__(self, refuse_at: int) -> None:
        self.refuse_at = refuse_at
        self.posted: list[str] = []

    def post(self, url: str, data: dict[str, Any], **kwargs: Any) -> Any:
        self.posted.append(data["move"])
        if len(self.posted) - 1 == self.refuse_at:
            return SimpleNamespace(status_code=409, content=b'{"detail": "Black has run out of time."}')
        return SimpleNamespace(status_code=201, content=b"{}")


PLAN = [(1, 0, "c3", 10), (2, 0, "a1", 20), (1, 1, "e3", 11), (2, 1, "b1", 21), (1, 2, "d4", 10)]
TOKENS = {10: "t10", 11: "t11", 20: "t20", 21: "t21"}


def test_the_first_refused_move_stops_the_timed_part_and_is_reported() -> None:
    client, sent = Answers(refuse_at=2), dict[tuple[int, int], float]()
    times, refusal = bench().play_moves(client, PLAN, TOKENS, {1}, sent)
    assert client.posted == ["c3", "a1", "e3"]  # nothing sent after the refusal
    assert len(times) == 2
    assert refusal is not None and refusal.startswith("409 for 'e3' at ply 1 of game 1")
    assert "run out of time" in refusal
    assert set(sent) == {(1, 1)}  # the refused move is not waited for on the stream


def test_every_move_accepted_gives_no_refusal() -> None:
    times, refusal = bench().play_moves(Answers(refuse_at=-1), PLAN, TOKENS, set(), {})
    assert (len(times), refusal) == (5, None)


@pytest.mark.django_db
def test_the_clocks_start_with_the_timed_part() -> None:
    users = [User.objects.create_user(name) for name in ("ann", "bob")]
    white, black = (Player.objects.create(display_name=u.username, handle=u.username, user=u) for u in users)
    game = state.create_service_game(white, black, "dvonn", "5+3")
    # created six minutes before the timed part (the baseline, the server, the streams): White's
    # five minutes ran out before his first move
    Game.objects.filter(pk=game.pk).update(turn_started=timezone.now() - timedelta(minutes=6))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=users[0]).key}")
    assert api.post(f"/api/play/{game.pk}/move/", {"move": "c3", "expected_ply": 0}).status_code == 409
    other = state.create_service_game(white, black, "dvonn", "5+3")
    Game.objects.filter(pk=other.pk).update(turn_started=timezone.now() - timedelta(minutes=6))
    bench().start_clocks([other.pk])
    assert api.post(f"/api/play/{other.pk}/move/", {"move": "c3", "expected_ply": 0}).status_code == 201
