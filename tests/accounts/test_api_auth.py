"""API authentication: tokens from the account page, 401 for anonymous writes, 403 for refusals,
throttled submissions (429) and the sign-in lockout (429) on the login form, the admin's and HTTP Basic."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board

pytestmark = pytest.mark.django_db

THROTTLED = {
    **settings.REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"submissions": "3/min", "claims": "10/hour"},
}


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def write_endpoints() -> list[tuple[str, str]]:
    """Every (method, path) of the OpenAPI schema that writes, with ids filled in as 1."""
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    found = []
    for path, operations in schema["paths"].items():
        for method in operations:
            if method in ("post", "put", "patch", "delete"):
                concrete = "/".join("1" if part.startswith("{") else part for part in path.split("/"))
                found.append((method, concrete))
    return found


def test_anonymous_writes_are_401_with_www_authenticate_everywhere(board: Board) -> None:
    endpoints = write_endpoints()
    assert ("post", "/api/games/submit/") in endpoints and ("post", "/api/pairings/1/result/") in endpoints
    # checking a record stores nothing; tokens are created and revoked with the password in the body
    # and an account is created by someone who has none yet
    open_to_all = {("post", "/api/replay/"), ("post", "/api/tokens/"), ("post", "/api/tokens/revoke/")}
    open_to_all.add(("post", "/api/signup/"))
    for method, path in endpoints:
        if (method, path) in open_to_all:
            continue
        response = getattr(APIClient(), method)(path, {}, format="json")
        assert response.status_code == 401, (method, path, response.status_code)
        assert response.get("WWW-Authenticate"), (method, path)


def test_signed_in_but_not_allowed_is_403(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    sam = APIClient()
    sam.force_authenticate(board.sam)
    response = sam.post(
        "/api/games/submit/", {"pairing": board.pairing.pk, "record": BLACK_WINS}, format="json"
    )
    assert response.status_code == 403
    assert sam.post(f"/api/games/{game.pk}/confirm/").status_code == 403
    assert sam.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"}).status_code == 403
    # a wrong token is refused as such, not taken for anonymous
    wrong = APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40)
    refused = wrong.post(f"/api/games/{game.pk}/confirm/")
    assert refused.status_code == 401 and "token" in refused.json()["detail"].lower()


def test_a_token_is_created_used_and_revoked_from_the_account_page(board: Board) -> None:
    page = signed_in(board.bob)
    url = reverse("accounts:account")
    assert Client().get(url).status_code == 302  # anonymous: sign in first
    assert "Create a token" in page.get(url).content.decode()
    assert page.post(url, {"action": "create-token"}).status_code == 302
    token = Token.objects.get(user=board.bob)
    assert token.key in page.get(url).content.decode()
    assert token.key not in signed_in(board.sam).get(url).content.decode()

    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    confirmed = api.post(f"/api/games/{game.pk}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["state"] == "confirmed"

    # revoking asks first, then the token no longer works
    asked = page.post(url, {"action": "revoke-token"})
    assert asked.status_code == 200 and "Please confirm" in asked.content.decode()
    assert Token.objects.filter(user=board.bob).exists()
    assert page.post(url, {"action": "revoke-token", "confirmed": "yes"}).status_code == 302
    assert not Token.objects.filter(user=board.bob).exists()
    assert api.post(f"/api/games/{game.pk}/confirm/").status_code == 401


def test_replacing_a_token_invalidates_the_old_one(board: Board) -> None:
    page = signed_in(board.bob)
    url = reverse("accounts:account")
    page.post(url, {"action": "create-token"})
    old = Token.objects.get(user=board.bob).key
    page.post(url, {"action": "create-token", "confirmed": "yes"})
    new = Token.objects.get(user=board.bob).key
    assert new != old
    assert APIClient(HTTP_AUTHORIZATION=f"Token {old}").post("/api/games/1/confirm/").status_code == 401


def test_the_schema_documents_token_authentication_and_throttling() -> None:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    schemes = schema["components"]["securitySchemes"]
    assert any(s.get("scheme") == "basic" for s in schemes.values())
    token = [s for s in schemes.values() if s.get("type") == "apiKey" and s.get("name") == "Authorization"]
    assert token and "Token" in token[0].get("description", "")
    description = schema["info"]["description"]
    assert "401" in description and "429" in description and "Token" in description
    for path in ("/api/games/submit/", "/api/pairings/{id}/result/"):
        responses = schema["paths"][path]["post"]["responses"]
        assert "401" in responses and "429" in responses and "Retry-After" in responses["429"]["description"]


def test_submissions_over_the_rate_are_429_with_a_message(board: Board) -> None:
    with override_settings(REST_FRAMEWORK=THROTTLED):
        api = APIClient()
        api.force_authenticate(board.ann)
        answers = [
            api.post("/api/games/submit/", {"pairing": board.pairing.pk, "record": f"1. x{n}"}, format="json")
            for n in range(4)
        ]
        assert [a.status_code for a in answers[:3]] == [202, 202, 202]
        assert answers[3].status_code == 429
        assert "throttled" in answers[3].json()["detail"] and int(answers[3]["Retry-After"]) > 0
        # another user has his own allowance
        bob = APIClient()
        bob.force_authenticate(board.bob)
        assert (
            bob.post(
                "/api/games/submit/", {"pairing": board.pairing.pk, "record": "1. y"}, format="json"
            ).status_code
            == 202
        )
        # the page's form counts against the same rate
        page = signed_in(board.ann)
        refused = page.post(
            reverse("games:submit", args=[board.pairing.pk]), {"game_number": 1, "record": "1. z"}
        )
        assert refused.status_code == 429 and "wait" in refused.content.decode()


def basic(username: str, password: str) -> dict[str, str]:
    raw = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {raw}"}


@override_settings(SIGN_IN_FAILURE_LIMIT=3, SIGN_IN_LOCKOUT_MINUTES=10)
def test_the_login_form_locks_out_after_failures(board: Board) -> None:
    client = Client()
    url = reverse("login")
    for _ in range(3):
        response = client.post(url, {"username": "bob", "password": "wrong"})
        assert response.status_code == 200 and "correct username and password" in response.content.decode()
    locked = client.post(url, {"username": "bob", "password": "pw-bob-12345"})  # even the right password
    assert locked.status_code == 429
    assert "Too many failed sign-in attempts: try again in 10 minutes." in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # another user name from the same address is not locked by Bob's failures
    assert client.post(url, {"username": "ann", "password": "pw-ann-12345"}).status_code == 302
    # HTTP Basic and the admin's sign-in share the count
    api = APIClient(**basic("bob", "pw-bob-12345"))
    answer = api.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"})
    assert answer.status_code == 429 and "Too many failed sign-in attempts" in answer.json()["detail"]
    admin = Client().post("/admin/login/", {"username": "bob", "password": "pw-bob-12345"})
    # 429 with the time to wait, as docs/api.md promises (it answered 200 with the message)
    assert admin.status_code == 429 and 0 < int(admin["Retry-After"]) <= 600
    assert "Too many failed sign-in attempts" in admin.content.decode()


@override_settings(SIGN_IN_FAILURE_LIMIT=3, SIGN_IN_LOCKOUT_MINUTES=10)
def test_the_admin_sign_in_locks_out_with_429(board: Board) -> None:
    admin = Client()
    for _ in range(3):
        refused = admin.post("/admin/login/", {"username": "root", "password": "wrong"})
        assert refused.status_code == 200 and "Retry-After" not in refused
    locked = admin.post("/admin/login/", {"username": "root", "password": "wrong"})
    assert locked.status_code == 429
    assert 0 < int(locked["Retry-After"]) <= 600
    assert "Too many failed sign-in attempts: try again in 10 minutes." in locked.content.decode()
    assert admin.get("/admin/login/").status_code == 200  # the form itself is still shown


@override_settings(SIGN_IN_FAILURE_LIMIT=3)
def test_basic_auth_failures_count_and_success_clears(board: Board) -> None:
    api = APIClient(**basic("olga", "wrong"))
    for _ in range(2):
        assert api.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"}).status_code == 401
    good = Client()
    assert good.post(reverse("login"), {"username": "olga", "password": "pw-olga-12345"}).status_code == 302
    # the success cleared the count: two more failures do not lock
    for _ in range(2):
        assert api.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"}).status_code == 401
    ok = APIClient(**basic("olga", "pw-olga-12345")).post(
        f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"}
    )
    assert ok.status_code == 200
    for _ in range(3):
        api.post(f"/api/pairings/{board.pairing.pk}/result/", {"result": "1-0"})
    assert (
        APIClient(**basic("olga", "pw-olga-12345"))
        .get(
            "/api/events/",
        )
        .status_code
        == 429
    )
