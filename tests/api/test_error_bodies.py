"""Every error answer has the one error body the schema documents (issue 30): each 4xx below is
checked against the response schema that ``/api/schema/`` gives for its operation and status, so an
answer the schema does not describe fails here. The slow conformance test (schemathesis,
test_openapi_conformance.py) checks the generated requests' answers, errors included, the same way.

A missing ``expected_ply`` is answered in the shape of an illegal move (``ply``, ``move``, ``reason``).
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from accounts.models import Player
from games.play import state
from tests.conftest import make_swiss, start

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        return APIClient().get("/api/schema/", {"format": "json"}).json()


def operation(schema: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    """The schema's operation whose path template matches the concrete ``path`` (its own path first:
    ``/api/play/events/`` is not ``/api/play/{id}/``)."""
    if method in schema["paths"].get(path, {}):
        return schema["paths"][path][method]  # type: ignore[no-any-return]
    for template, operations in schema["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, path) and method in operations:
            return operations[method]  # type: ignore[no-any-return]
    raise AssertionError(f"{method} {path} is not in the schema")


def check(schema: dict[str, Any], method: str, path: str, answer: Any, status: int, code: str) -> dict:
    assert answer.status_code == status, (path, answer.status_code, answer.content[:300])
    documented = operation(schema, method, path)["responses"]
    assert str(status) in documented, (path, status)
    body = answer.json()
    jsonschema.validate(body, documented[str(status)]["content"]["application/json"]["schema"])
    assert body["code"] == code and body["detail"], body
    return body  # type: ignore[no-any-return]


def test_the_organisers_errors_have_the_one_body(schema, api_client, organiser, stranger):
    event = make_swiss(organiser)
    start(event, organiser)
    slug = event.slug
    handle = event.registrations.first().player.handle
    assert check(
        schema, "post", "/api/events/", api_client.post("/api/events/", {}), 401, "not_authenticated"
    )
    api_client.force_authenticate(organiser)
    body = check(
        schema, "post", "/api/events/", api_client.post("/api/events/", {}, format="json"), 400, "invalid"
    )
    assert "name" in body["fields"]
    url = f"/api/events/{slug}/registrations/{handle}/withdraw/"
    body = check(schema, "post", url, api_client.post(url, {}, format="json"), 400, "confirmation_required")
    assert body["would"]
    url = f"/api/events/{slug}/start/"
    check(schema, "post", url, api_client.post(url, {}, format="json"), 400, "refused")
    check(schema, "get", "/api/events/nope/", api_client.get("/api/events/nope/"), 404, "not_found")
    api_client.force_authenticate(stranger)
    check(schema, "post", url, api_client.post(url, {}, format="json"), 403, "permission_denied")


def test_a_move_without_its_ply_answers_as_an_illegal_move(schema, api_client):
    users = [User.objects.create_user(n, password=f"pw-{n}-12345") for n in ("ann", "bob")]
    ann, bob = (Player.objects.create(display_name=u.username, handle=u.username, user=u) for u in users)
    game = state.create_service_game(ann, bob, "dvonn", "5+3")
    url = f"/api/play/{game.pk}/move/"
    api_client.force_authenticate(users[0])
    illegal = check(
        schema, "post", url, api_client.post(url, {"move": "z9", "expected_ply": 0}), 400, "illegal_move"
    )
    missing = check(schema, "post", url, api_client.post(url, {"move": "z9"}), 400, "invalid")
    assert set(illegal) - {"fields"} <= set(missing)
    assert (missing["ply"], missing["move"]) == (illegal["ply"], illegal["move"]) == (1, "z9")
    assert "expected_ply" in missing["fields"]
    stale = check(
        schema, "post", url, api_client.post(url, {"move": "z9", "expected_ply": 3}), 409, "stale_ply"
    )
    assert stale["detail"]


def test_throttled_and_unknown_addresses_have_the_one_body(schema, api_client, organiser, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "tokens": "1/min"},
    }
    body = {"username": "olga", "password": "wrong", "name": "x"}
    check(
        schema,
        "post",
        "/api/tokens/",
        api_client.post("/api/tokens/", body, format="json"),
        401,
        "authentication_failed",
    )
    check(
        schema, "post", "/api/tokens/", api_client.post("/api/tokens/", body, format="json"), 429, "throttled"
    )
    answer = api_client.get("/api/no-such-thing/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_the_reads_that_need_an_account_document_their_401(schema, api_client):
    for url in ("/api/me/", "/api/me/bot/", "/api/tokens/", "/api/play/events/"):
        check(schema, "get", url, api_client.get(url), 401, "not_authenticated")


def test_a_streams_error_is_json_whatever_the_client_accepts(schema, api_client):
    for answer in (
        api_client.get("/api/play/0/events/", {"format": "sse"}),
        api_client.get("/api/play/0/events/", HTTP_ACCEPT="text/event-stream"),
    ):
        check(schema, "get", "/api/play/0/events/", answer, 404, "not_found")
        assert answer["Content-Type"] == "application/json"
    answer = api_client.get("/api/play/events/", HTTP_ACCEPT="text/event-stream")
    check(schema, "get", "/api/play/events/", answer, 401, "not_authenticated")
    assert answer["Content-Type"] == "application/json"


def test_a_refused_field_named_as_a_member_of_the_body_stays_in_fields(schema, api_client, organiser):
    api_client.force_authenticate(organiser)
    url = "/api/games/0/dispute/"
    body = check(schema, "post", url, api_client.post(url, {"reason": {}}, format="json"), 400, "invalid")
    assert "reason" in body["fields"] and "reason" not in body


def test_a_record_the_arbiter_cannot_read_is_refused_with_the_one_body(schema, api_client):
    answer = api_client.post("/api/replay/", {"record": "hello there"}, format="json")
    body = check(schema, "post", "/api/replay/", answer, 400, "unreadable")
    assert body["valid"] is False and body["error"]["kind"] == "unreadable"
    assert "ply" not in body and "not a record of any known game" in body["detail"]  # of no move
