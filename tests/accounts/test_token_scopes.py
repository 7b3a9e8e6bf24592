"""Scopes that hold (issue 41 item 3): every operation of the API's schema declares the scope a token
needs in the one table (``accounts.policy.SCOPES``), the schema shows it (``x-token-scope``), and a
walk of every operation with a token of each scope, held by a superuser (whom nothing else refuses),
finds a ``play`` token refused exactly where the table says ``all`` and never elsewhere.

Then the issue's cases: an arbiter's ``play`` token gives no time, adjudicates, annuls and decides
nothing (each 200 or 201 with an ``all`` token), reads no claim codes; and a request made with a
``play`` token has no official role in the policy itself.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts import policy, tokens
from accounts.models import ApiToken
from accounts.policy import Action
from config.openapi import route_of
from games.models import Game
from games.play import state
from tests.conftest import make_event, make_swiss, start
from tests.games.play.timing import person

pytestmark = pytest.mark.django_db

REFUSAL = "scope is play"


@pytest.fixture(scope="module")
def operations(django_db_blocker: Any) -> list[tuple[str, str, dict[str, Any]]]:
    with django_db_blocker.unblock():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method.upper(), path, operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]


def _client(user: User, scope: str) -> APIClient:
    _token, key = tokens.create(user, f"{scope}-token", scope)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_the_scopes_are_the_tokens_scopes() -> None:
    assert {str(scope) for scope in policy.Scope} == set(ApiToken.Scope.values)


def test_every_operation_declares_its_scope_in_the_table_and_the_schema_shows_it(
    operations: list[tuple[str, str, dict[str, Any]]],
) -> None:
    undeclared = [
        f"{method} {path}" for method, path, _ in operations if (route_of(path), method) not in policy.SCOPES
    ]
    assert not undeclared, f"operations without a scope in accounts.policy.SCOPES: {undeclared}"
    for method, path, operation in operations:
        declared = policy.SCOPES[(route_of(path), method)]
        assert operation["x-token-scope"] == declared, (method, path)
        assert f"Token scope: `{declared}`" in operation["description"], (method, path)
    # nothing in the table that is no operation (a route renamed, its line left behind)
    named = {(route_of(path), method) for method, path, _ in operations} | {("api:docs", "GET")}
    assert set(policy.SCOPES) - named == set()


def test_a_walk_of_every_operation_with_each_scope(operations: list[tuple[str, str, dict[str, Any]]]) -> None:
    root = User.objects.create_superuser("root", password="pw-root-12345")
    clients = {scope: _client(root, scope) for scope in ("play", "all")}
    refused: dict[str, list[str]] = {"play": [], "all": []}
    for method, path, _ in operations:
        url = re.sub(r"\{[^}/]+\}", "1", path)
        for scope, client in clients.items():
            answer = client.generic(method, url, "{}", content_type="application/json")
            assert answer.status_code < 500, (scope, method, path, answer.status_code)
            body = answer.content.decode(errors="replace")
            if answer.status_code == 403 and REFUSAL in body:
                refused[scope].append(f"{method} {path}")
    needing_all = sorted(
        f"{method} {path}"
        for method, path, _ in operations
        if policy.SCOPES[(route_of(path), method)] == policy.ALL
    )
    assert sorted(refused["play"]) == needing_all
    assert refused["all"] == []
    # what a play token is refused: organising, arbitrating, the claim codes; never playing or reading
    assert (
        "POST /api/play/{id}/give-time/" in needing_all
        and "GET /api/events/{slug}/claim-codes/" in needing_all
    )
    assert "POST /api/play/{id}/move/" not in needing_all and "GET /api/events/{slug}/" not in needing_all


@pytest.fixture
def arbitrated(organiser: User) -> dict[str, Any]:
    """A casual game on the service (its officials: superusers) and a superuser's two tokens."""
    _ann_user, ann = person("Ann")
    _bob_user, bob = person("Bob")
    game = state.create_service_game(ann, bob, "dvonn", "1d/2d")
    root = User.objects.create_superuser("root", password="pw-root-12345")
    return {"game": game, "play": _client(root, "play"), "all": _client(root, "all")}


def test_an_arbiters_play_token_uses_no_arbiters_power(arbitrated: dict[str, Any]) -> None:
    game: Game = arbitrated["game"]
    base = f"/api/play/{game.pk}"
    powers = [
        (f"{base}/give-time/", {"player": "white", "seconds": 60, "reason": "outage"}),
        (f"/api/games/{game.pk}/decide/", {"kind": "result", "result": "1-0", "reason": "by the rules"}),
        (f"{base}/adjudicate/", {"result": "1-0", "reason": "by the rules"}),
        (f"{base}/annul/", {"reason": "by the rules"}),
    ]
    for url, body in powers:
        answer = arbitrated["play"].post(url, body, format="json")
        assert answer.status_code == 403 and REFUSAL in answer.json()["detail"], (url, answer.json())
    assert Game.objects.get(pk=game.pk).finished_at is None and not game.time_given.exists()
    # the same account's all token may (the first power each time: the game stays in play)
    assert arbitrated["all"].post(*powers[0], format="json").status_code == 200


def test_a_play_token_reads_no_claim_codes(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800")
    url = f"/api/events/{event.slug}/claim-codes/"
    refused = _client(organiser, "play").get(url)
    assert refused.status_code == 403 and REFUSAL in refused.json()["detail"]
    assert _client(organiser, "all").get(url).status_code == 200


def test_a_request_with_a_play_token_has_no_official_role(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800")
    assert policy.can(organiser, Action.MANAGE_EVENT, event)
    organiser.api_scope = "play"  # type: ignore[attr-defined]  # as accounts.api marks it
    assert not policy.can(organiser, Action.MANAGE_EVENT, event)
    assert not policy.can(organiser, Action.MANAGE_CLAIM_CODES, event)
    root = User.objects.create_superuser("root2", password="pw-root-12345")
    root.api_scope = "play"  # type: ignore[attr-defined]
    assert not policy.can(root, Action.MANAGE_EVENT, event)
    assert policy.can(root, Action.CHALLENGE_PLAYER)  # playing stays


def test_an_organisers_play_token_reads_a_draft_round_as_a_player_does(organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3, game="dvonn")
    round_1 = start(event, organiser)
    assert round_1.is_draft
    address = f"/api/pairings/{round_1.pairings.first().pk}/"
    assert _client(organiser, "all").get(address).status_code == 200
    assert _client(organiser, "play").get(address).status_code == 404  # as for any player
