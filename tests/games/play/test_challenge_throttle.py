"""Challenges are throttled (issue 30): per user and opponent, then per user, through the API and the
challenges page alike, with the ``Retry-After`` the other throttles give; nothing stored once refused."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Challenge

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "challenges": "5/hour",
            "challenge_opponents": "2/hour",
        },
    }


@pytest.fixture
def people(db):
    users = {
        name: User.objects.create_user(name, password=f"pw-{name}-12345")
        for name in ("ann", "bob", "cid", "dan")
    }
    for name, user in users.items():
        Player.objects.create(display_name=name.title(), handle=name, user=user)
    return users


def challenge(client, opponent: str):
    return client.post("/api/play/challenges/", {"opponent": opponent, "game": "dvonn"}, format="json")


def test_one_opponent_then_all_opponents(rates, people, api_client):
    api_client.force_authenticate(people["ann"])
    assert [challenge(api_client, "bob").status_code for _ in range(2)] == [201, 201]
    third = challenge(api_client, "bob")
    assert third.status_code == 429 and int(third["Retry-After"]) > 0 and third.json()["code"] == "throttled"
    assert Challenge.objects.filter(challenged__handle="bob").count() == 2
    # other opponents still, until the user's own limit (5 counted, the refused one included)
    assert [challenge(api_client, name).status_code for name in ("cid", "dan")] == [201, 201]
    assert challenge(api_client, "cid").status_code == 429
    # another challenger is counted apart
    api_client.force_authenticate(people["cid"])
    assert challenge(api_client, "bob").status_code == 201


def test_the_challenges_page_is_throttled_alike(rates, people, client):
    client.force_login(people["ann"])
    answers = [
        client.post(
            "/games/challenges/", {"opponent": "bob", "game": "dvonn", "colour": "random"}
        ).status_code
        for _ in range(3)
    ]
    assert answers[2] == 429 and 429 not in answers[:2]
    assert Challenge.objects.count() == 2
