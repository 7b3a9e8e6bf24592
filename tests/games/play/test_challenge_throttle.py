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


def test_one_bucket_a_player_whatever_names_him_and_none_for_open_challenges(rates, people, api_client):
    """Bob named by his handle or by his name counts in one bucket (2 an hour); open challenges name
    nobody and count only in Ann's own bucket (5 an hour), however many."""
    Player.objects.filter(handle="bob").update(display_name="Bob Bakker")
    api_client.force_authenticate(people["ann"])
    assert challenge(api_client, "bob").status_code == 201
    assert challenge(api_client, "Bob Bakker").status_code == 201
    assert challenge(api_client, "bob bakker").status_code == 429  # his name: the same bucket
    assert [challenge(api_client, "").status_code for _ in range(2)] == [201, 201]  # open ones
    assert challenge(api_client, "").status_code == 429  # Ann's five counted (the refused one too)
    assert Challenge.objects.filter(open_to_all=True).count() == 2


def test_the_counts_hold_with_the_cache_down(rates, people, api_client, settings):
    """The throttles count in the database: a cache that cannot be reached throttles as before."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    api_client.force_authenticate(people["ann"])
    assert [challenge(api_client, "bob").status_code for _ in range(3)] == [201, 201, 429]


def test_the_sweep_forgets_the_buckets_nobody_counted_in_for_a_day(rates, people, api_client):
    """A bucket last counted in more than a day ago is deleted by the sweep; one counted in today is kept."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import ThrottleBucket
    from common.sweep import sweep

    api_client.force_authenticate(people["ann"])
    assert challenge(api_client, "bob").status_code == 201
    assert challenge(api_client, "cid").status_code == 201
    keys = set(ThrottleBucket.objects.values_list("key", flat=True))
    assert len(keys) == 3  # Ann's challenges, Ann to Bob, Ann to Cid
    stale = ThrottleBucket.objects.get(key__endswith=f":{Player.objects.get(handle='bob').pk}")
    ThrottleBucket.objects.filter(pk=stale.pk).update(updated=timezone.now() - timedelta(days=1, minutes=1))
    sweep()
    assert set(ThrottleBucket.objects.values_list("key", flat=True)) == keys - {stale.key}
