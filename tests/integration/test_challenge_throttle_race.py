"""Challenges throttled exactly under concurrency on PostgreSQL (issue 41): 30 challenges of one
player to one opponent sent at once, where his limit for that opponent is 10 an hour, create 10 and
answer 20 with 429 (the throttles' counts are rows locked while a request is counted, not a cache's
read-then-write); 30 open challenges at once, where his own limit is 10 an hour, create 10 too."""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from games.models import Challenge
from tests.integration.test_concurrency import at_once

pytestmark = pytest.mark.integration


@pytest.fixture
def ten_an_hour(settings):  # type: ignore[no-untyped-def]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "challenges": "10/hour",
            "challenge_opponents": "10/hour",
        },
    }


def _clients(user: User, count: int) -> list[Client]:
    clients = []
    for _ in range(count):
        client = Client(raise_request_exception=False)
        client.force_login(user)
        clients.append(client)
    return clients


def test_thirty_challenges_at_once_to_one_opponent_create_ten(
    transactional_db: None, ten_an_hour: None
) -> None:
    ann, bob = (User.objects.create_user(name, password=f"pw-{name}-12345") for name in ("ann", "bob"))
    for user in (ann, bob):
        Player.objects.create(display_name=user.username.title(), handle=user.username, user=user)
    clients = _clients(ann, 30)

    def send(index: int) -> int:
        body = {"opponent": "bob", "game": "dvonn"}
        return clients[index].post("/api/play/challenges/", body, content_type="application/json").status_code

    codes = Counter(at_once(30, send))
    assert codes == {201: 10, 429: 20}, codes
    assert Challenge.objects.filter(challenged__handle="bob").count() == 10


def test_thirty_open_challenges_at_once_create_ten(transactional_db: None, ten_an_hour: None) -> None:
    ann = User.objects.create_user("ann", password="pw-ann-12345")
    Player.objects.create(display_name="Ann", handle="ann", user=ann)
    clients = _clients(ann, 30)

    def send(index: int) -> int:
        body = {"opponent": "", "game": "dvonn"}
        return clients[index].post("/api/play/challenges/", body, content_type="application/json").status_code

    codes = Counter(at_once(30, send))
    assert codes == {201: 10, 429: 20}, codes
    assert Challenge.objects.filter(open_to_all=True).count() == 10
