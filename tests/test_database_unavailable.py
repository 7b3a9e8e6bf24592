"""The database out of reach for a moment (PostgreSQL restarting, a connection broken): every answer
is a 503 with ``Retry-After`` (pages and API, ``config.errors``), nothing is stored half-way, and
the move sent again once the database is back is stored once (issue 32 item 7).

The outage is simulated on the test's own connection: every query, or every write, raises what
Django raises when PostgreSQL cannot be reached (``OperationalError``: "server closed the
connection unexpectedly"; ``InterfaceError``: "connection already closed").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Player
from games.models import Game
from games.play import state

pytestmark = pytest.mark.django_db

FAULTS = [
    OperationalError("server closed the connection unexpectedly"),
    InterfaceError("connection already closed"),
]
WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def database_down(fault: Exception, only: tuple[str, ...] = ()) -> Iterator[None]:
    """Every query (or those starting with ``only``) raises ``fault``; savepoints still roll back."""

    def refuse(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        statement = sql.lstrip().upper()
        if ("SAVEPOINT" not in statement) and (not only or statement.startswith(only)):
            raise fault
        return execute(sql, params, many, context)

    with connection.execute_wrapper(refuse):
        yield


@pytest.fixture
def game(db: None) -> tuple[Game, User]:
    user = User.objects.create_user("ann", password="pw-ann-12345")
    ann = Player.objects.create(display_name="Ann", handle="ann", user=user)
    bob = Player.objects.create(
        display_name="Bob", handle="bob", user=User.objects.create_user("bob", password="pw-bob-12345")
    )
    return state.create_service_game(ann, bob, "dvonn", "5+3"), user


def api(user: User) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def page_client(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def assert_unavailable(answer: Any) -> None:
    assert answer.status_code == 503, answer.content[:300]
    assert answer["Retry-After"] == "5"
    assert b"cannot reach its database" in answer.content


@pytest.mark.parametrize("fault", FAULTS, ids=["operational", "interface"])
def test_a_move_sent_while_the_database_is_down_is_a_503_and_is_stored_once_sent_again(
    game: tuple[Game, User], fault: Exception
) -> None:
    played, ann = game
    client = api(ann)
    url = f"/api/play/{played.pk}/move/"
    with database_down(fault):  # down before the request: the token cannot even be read
        assert_unavailable(client.post(url, {"move": "c3", "expected_ply": 0}))
    with database_down(fault, only=WRITES):  # lost while the move is stored
        answer = client.post(url, {"move": "c3", "expected_ply": 0})
    assert_unavailable(answer)
    assert answer.json()["detail"].startswith("The service cannot reach its database")
    assert played.moves.count() == 0  # nothing stored half-way
    again = client.post(url, {"move": "c3", "expected_ply": 0})
    assert again.status_code == 201, again.json()
    assert played.moves.count() == 1


@pytest.mark.parametrize("fault", FAULTS, ids=["operational", "interface"])
def test_pages_answer_503_while_the_database_is_down(game: tuple[Game, User], fault: Exception) -> None:
    played, ann = game
    client = page_client(ann)
    with database_down(fault):
        # a page's session and user are read from the database by the middleware, before any view
        assert_unavailable(client.get("/"))
        assert_unavailable(client.get(f"/games/{played.pk}/"))
    with database_down(fault, only=WRITES):
        answer = client.post(f"/games/{played.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert_unavailable(answer)
    assert answer["Content-Type"].startswith("text/html")
    assert played.moves.count() == 0
    again = client.post(f"/games/{played.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert again.status_code in (200, 302)
    assert played.moves.count() == 1


def test_api_outside_any_view_answers_json_503(db: None) -> None:
    with database_down(FAULTS[0]):
        answer = Client(raise_request_exception=False).get("/api/play/", HTTP_AUTHORIZATION="Token abc")
    assert_unavailable(answer)
    assert answer["Content-Type"] == "application/json"
