"""Named API tokens without a browser (issue 30): created and revoked with the password, locked out
like the sign-in after repeated failures (429 with Retry-After), a play-only scope refused outside
play, the account page's token still working; the bot flag shown on the player's page."""

from __future__ import annotations

import pytest
from django.test import override_settings
from rest_framework.authtoken.models import Token

from accounts.models import ApiToken, Player

pytestmark = pytest.mark.django_db


def create(client, name: str = "bot-1", scope: str = "play", password: str = "pw-olga-12345"):
    return client.post(
        "/api/tokens/",
        {"username": "olga", "password": password, "name": name, "scope": scope},
        format="json",
    )


def test_a_token_created_with_the_password_works_and_is_stored_hashed(api_client, organiser):
    answer = create(api_client, scope="all")
    assert answer.status_code == 201
    key = answer.json()["key"]
    stored = ApiToken.objects.get(name="bot-1")
    assert key not in (stored.digest, stored.prefix) and stored.prefix == key[:8] and key.startswith("gt_")
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    listed = api_client.get("/api/tokens/")
    assert listed.status_code == 200 and [t["name"] for t in listed.json()] == ["bot-1"]
    assert "key" not in listed.json()[0]
    # an organiser's write with an all token goes through
    created = api_client.post(
        "/api/events/", {"name": "By token", "game": "dvonn", "pairing_system": "round-robin"}, format="json"
    )
    assert created.status_code == 201
    api_client.credentials()
    assert create(api_client, scope="all").status_code == 409  # the same name twice


def test_a_play_token_plays_but_organises_nothing(api_client, organiser):
    key = create(api_client, scope="play").json()["key"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    refused = api_client.post(
        "/api/events/", {"name": "By token", "game": "dvonn", "pairing_system": "round-robin"}, format="json"
    )
    assert refused.status_code == 403 and "scope is play" in refused.json()["detail"]
    assert api_client.get("/api/events/").status_code == 200  # reading is every token's
    bot = api_client.post("/api/me/bot/", {"bot": True}, format="json")
    assert bot.status_code == 403, bot.json()
    # a play write goes on to its own checks (a challenge naming nobody: 400), not refused by the scope
    challenge = api_client.post("/api/play/challenges/", {}, format="json")
    assert challenge.status_code == 400 and "scope" not in str(challenge.json())


def test_revoked_tokens_are_refused_and_wrong_passwords_are_401(api_client, organiser):
    key = create(api_client).json()["key"]
    assert create(api_client, name="other", password="wrong").status_code == 401
    body = {"username": "olga", "password": "wrong", "name": "bot-1"}
    assert api_client.post("/api/tokens/revoke/", body, format="json").status_code == 401
    body["password"] = "pw-olga-12345"
    assert api_client.post("/api/tokens/revoke/", body, format="json").status_code == 204
    assert api_client.post("/api/tokens/revoke/", body, format="json").status_code == 404
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api_client.get("/api/tokens/").status_code == 401


@override_settings(SIGN_IN_FAILURE_LIMIT=3)
def test_failed_passwords_lock_token_creation_out_like_the_sign_in(api_client, organiser, settings):
    for _attempt in range(3):
        assert create(api_client, password="wrong").status_code == 401
    locked = create(api_client)  # the right password, but locked out now
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0
    assert not ApiToken.objects.exists()


def test_token_requests_are_throttled_per_address(api_client, organiser, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "tokens": "2/min"},
    }
    assert create(api_client, name="a").status_code == 201
    assert create(api_client, name="b").status_code == 201
    third = create(api_client, name="c")
    assert third.status_code == 429 and "Retry-After" in third


def test_the_account_pages_token_keeps_working(api_client, organiser):
    token = Token.objects.create(user=organiser)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api_client.get("/api/tokens/").status_code == 200


def test_the_bot_flag_is_shown_on_the_players_page(api_client, client, organiser):
    player = Player.objects.create(display_name="Deep Dvonn", handle="deep-dvonn", user=organiser)
    api_client.force_authenticate(organiser)
    assert api_client.post("/api/me/bot/", {"bot": True}, format="json").json() == {"bot": True}
    assert api_client.get("/api/me/bot/").json() == {"bot": True}
    page = client.get(f"/players/{player.handle}/").content.decode()
    assert 'class="badge bot"' in page
    api_client.post("/api/me/bot/", {"bot": False}, format="json")
    assert 'class="badge bot"' not in client.get(f"/players/{player.handle}/").content.decode()
