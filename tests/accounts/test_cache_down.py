"""The cache down (Redis stopped) is never a 500: sign-in, record submission and result entry go on
without the lockout and the throttles, and the fault is logged (common.cache_faults)."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache.backends.base import BaseCache
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import SubmittedRecord
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board

pytestmark = pytest.mark.django_db


class RefusingCache(BaseCache):
    """A cache whose server refuses every connection, as a stopped Redis does."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise ConnectionRefusedError(111, "Connection refused")

    add = get = set = touch = delete = has_key = incr = decr = clear = _refuse
    get_many = set_many = delete_many = _refuse


def closed_port() -> int:
    """A loopback port nothing listens on: a Redis server stopped there."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def backends() -> list[dict[str, Any]]:
    return [
        {"BACKEND": f"{__name__}.RefusingCache"},
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/1",
        },
    ]


@pytest.fixture(params=backends(), ids=["refusing-backend", "redis-stopped"])
def cache_down(request: pytest.FixtureRequest) -> Iterator[None]:
    with override_settings(CACHES={"default": request.param}):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:  # the suite's fixture clears the cache: not this one
    yield


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def test_sign_in_submission_and_result_entry_work_with_the_cache_down(
    cache_down: None,
    board: Board,
    caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    capture = django_capture_on_commit_callbacks
    caplog.set_level(logging.WARNING, logger="common.cache")
    client = Client(raise_request_exception=True)
    # sign-in: a failure, then a success
    assert client.post(reverse("login"), {"username": "ann", "password": "wrong"}).status_code == 200
    assert client.post(reverse("login"), {"username": "ann", "password": "pw-ann-12345"}).status_code == 302
    # a record submitted from the page
    with capture(execute=True):
        page = client.post(
            reverse("games:submit", args=[board.pairing.pk]), {"game_number": 1, "record": BLACK_WINS}
        )
    assert page.status_code == 302
    assert (
        SubmittedRecord.objects.filter(
            game__pairing_game__pairing=board.pairing, submitted_by=board.ann
        ).count()
        == 1
    )
    # and through the API, with HTTP Basic (the lockout is checked there too)
    api = APIClient(raise_request_exception=True)
    api.credentials(HTTP_AUTHORIZATION="Basic Ym9iOnB3LWJvYi0xMjM0NQ==")  # bob:pw-bob-12345
    with capture(execute=True):
        answer = api.post(
            "/api/games/submit/", {"pairing": board.pairing.pk, "record": BLACK_WINS}, format="json"
        )
    assert answer.status_code in (200, 202), answer.content
    # result entry by the organiser, page and API
    organiser = Client(raise_request_exception=True)
    organiser.force_login(board.olga)
    with capture(execute=True):
        entered = organiser.post(
            reverse("tournaments:pairing-result", args=[board.event.slug, 1, board.pairing.board]),
            {"result": "1-0"},
        )
    assert entered.status_code in (200, 302), entered.status_code
    olga = APIClient(raise_request_exception=True)
    olga.force_authenticate(board.olga)
    with capture(execute=True):
        api_entry = olga.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"}, format="json")
    assert api_entry.status_code < 500, api_entry.content
    assert api_entry.status_code != 429
    assert any("cache unavailable" in r.getMessage() for r in caplog.records)
