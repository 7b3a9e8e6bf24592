"""People by API (issue 36): sign-up by the page's rules and under one throttle with the page's,
claiming a player by code, the notices (list, mark read) and their preferences, tokens by password
or by session; each refused as it must be: permissions on the server, the token's scope, bad input a
clear 4xx, texts within their columns."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import ApiToken, Notice, NoticePreference, Player
from accounts.notices import notify
from personal import claims
from tests.conftest import make_event

pytestmark = pytest.mark.django_db


def rate(settings: Any, scope: str, value: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], scope: value},
    }


def signup(client: Any, name: str, password: str = "pw-long-enough-2026", **extra: str) -> Any:
    return client.post("/api/signup/", {"username": name, "password": password, **extra}, format="json")


def token_of(user: User, scope: str = "all") -> APIClient:
    from accounts import tokens

    _token, key = tokens.create(user, f"t-{scope}", scope)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_sign_up_takes_the_pages_rules(api_client: Any) -> None:
    made = signup(api_client, "mira", email="mira@example.org")
    assert made.status_code == 201 and made.json() == {"username": "mira", "email": "mira@example.org"}
    assert User.objects.get(username="mira").check_password("pw-long-enough-2026")
    refusals = {
        "taken": signup(api_client, "Mira"),  # the same name in another case
        "short": signup(api_client, "nia", "short"),
        "common": signup(api_client, "ola", "password123"),
        "name": signup(api_client, "no spaces"),
        "address": signup(api_client, "pia", email="not-an-address"),
        "long": signup(api_client, "x" * 151),
    }
    fields = {
        key: (answer.status_code, sorted(answer.json().get("fields", {}))) for key, answer in refusals.items()
    }
    assert fields == {
        "taken": (400, ["username"]),
        "short": (400, ["password"]),
        "common": (400, ["password"]),
        "name": (400, ["username"]),
        "address": (400, ["email"]),
        "long": (400, ["username"]),
    }
    assert User.objects.count() == 1
    # signed in already: an account is created signed out
    api_client.force_authenticate(User.objects.get(username="mira"))
    assert signup(api_client, "nora").status_code == 400


def test_sign_ups_are_throttled_per_address_the_page_and_the_api_together(settings: Any, client: Any) -> None:
    rate(settings, "signups", "2/hour")
    api = APIClient()
    assert signup(api, "one").status_code == 201
    page = client.post(
        "/accounts/signup/",
        {"username": "two", "password1": "pw-long-enough-2026", "password2": "pw-long-enough-2026"},
    )
    assert page.status_code == 302  # created, signed in
    third = signup(api, "three")
    assert third.status_code == 429 and int(third["Retry-After"]) > 0
    assert Client().post("/accounts/signup/", {"username": "four"}).status_code == 429
    assert sorted(User.objects.values_list("username", flat=True)) == ["one", "two"]


def test_a_player_claims_his_player_by_code(organiser: User, settings: Any) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800")
    codes = {code.registration.player.handle: code for code in claims.codes_of(event, organiser)}
    ann = User.objects.create_user("ann", password="pw-ann-12345")
    api = token_of(ann)
    bad = {
        "empty": api.post("/api/me/claim/", {"code": ""}, format="json"),
        "shape": api.post("/api/me/claim/", {"code": "ABC"}, format="json"),
        "long": api.post("/api/me/claim/", {"code": "A" * 41}, format="json"),
        "none": api.post("/api/me/claim/", {"code": "ABCD-EFGH-JKLM"}, format="json"),
    }
    assert {key: answer.status_code for key, answer in bad.items()} == dict.fromkeys(bad, 400)
    assert "not a claim code" in bad["shape"].json()["detail"]
    assert "no claim code" in bad["none"].json()["detail"]
    claimed = api.post("/api/me/claim/", {"code": codes["ann"].display.lower()}, format="json")
    assert claimed.status_code == 200 and claimed.json() == {
        "handle": "ann",
        "name": "Ann",
        "url": "/players/ann/",
    }
    assert Player.objects.get(handle="ann").user == ann
    again = api.post("/api/me/claim/", {"code": codes["bob"].display}, format="json")
    assert again.status_code == 400 and "already linked" in again.json()["detail"]
    # anonymous: 401; a play token: 403 (claiming is not play)
    assert (
        APIClient().post("/api/me/claim/", {"code": codes["bob"].display}, format="json").status_code == 401
    )
    bob = User.objects.create_user("bob", password="pw-bob-12345")
    assert (
        token_of(bob, "play")
        .post("/api/me/claim/", {"code": codes["bob"].display}, format="json")
        .status_code
        == 403
    )
    # throttled as the page's claims
    rate(settings, "claims", "1/hour")
    cat = token_of(User.objects.create_user("cat", password="pw-cat-12345"))
    assert cat.post("/api/me/claim/", {"code": "ABCD-EFGH-JKLM"}, format="json").status_code == 400
    assert cat.post("/api/me/claim/", {"code": "ABCD-EFGH-JKLM"}, format="json").status_code == 429


def test_notices_are_his_own_listed_and_marked_read(organiser: User) -> None:
    ann = User.objects.create_user("ann", password="pw-ann-12345")
    first, second = notify([ann.pk], "challenge", "First", "/games/challenges/") + notify(
        [ann.pk], "your-move", "Second", "/games/1/", {"game": 1}
    )
    (theirs,) = notify([organiser.pk], "deadline", "Olga's", "/events/x/rounds/1/")
    api = token_of(ann, "play")  # a play token reads and marks them
    listed = api.get("/api/notices/").json()
    assert (listed["count"], [n["text"] for n in listed["results"]]) == (2, ["Second", "First"])
    assert listed["results"][0] == {
        "id": second.pk,
        "kind": "your-move",
        "text": "Second",
        "link": "/games/1/",
        "params": {"game": 1},
        "created_at": listed["results"][0]["created_at"],
        "read": False,
    }
    assert api.get("/api/notices/?unread=maybe").status_code == 400
    stranger = api.post("/api/notices/read/", {"ids": [theirs.pk]}, format="json")
    assert stranger.status_code == 404 and not Notice.objects.get(pk=theirs.pk).read
    assert api.post("/api/notices/read/", {"ids": ["x"]}, format="json").status_code == 400
    assert api.post("/api/notices/read/", {"ids": [2**80]}, format="json").status_code == 400  # no such id
    marked = api.post("/api/notices/read/", {"ids": [first.pk]}, format="json").json()
    assert marked == {"marked": 1, "unread": 1}
    assert api.get("/api/notices/?unread=true").json()["count"] == 1
    assert api.post("/api/notices/read/", {}, format="json").json() == {"marked": 1, "unread": 0}
    assert APIClient().get("/api/notices/").status_code == 401


def test_preferences_by_api(organiser: User) -> None:
    ann = User.objects.create_user("ann", password="pw-ann-12345")
    api = token_of(ann)
    shown = api.get("/api/notices/preferences/").json()
    assert (shown["language"], shown["emails"], shown["email_off"]) == ("en-gb", True, [])
    assert (
        shown["email_kinds"]["round-published"] is True
        and {"kind": "round-published"}.items() <= shown["kinds"][0].items()
    )
    changed = api.post(
        "/api/notices/preferences/", {"email_kinds": {"your-move": False, "challenge": False}}, format="json"
    )
    assert changed.status_code == 200 and changed.json()["email_off"] == ["challenge", "your-move"]
    again = api.post(
        "/api/notices/preferences/", {"email_kinds": {"challenge": True}, "language": "uk"}, format="json"
    )
    assert (again.json()["email_off"], again.json()["language"]) == (["your-move"], "uk")
    refused = [
        api.post("/api/notices/preferences/", {"language": "fr"}, format="json"),
        api.post("/api/notices/preferences/", {"email_off": ["no-such-kind"]}, format="json"),
        api.post("/api/notices/preferences/", {"email_kinds": {"x" * 41: False}}, format="json"),
        api.post("/api/notices/preferences/", {"email_off": [], "email_kinds": {}}, format="json"),
    ]
    assert [answer.status_code for answer in refused] == [400, 400, 400, 400]
    stored = NoticePreference.objects.get(user=ann)
    assert (stored.language, stored.email_off, stored.emails) == ("uk", ["your-move"], True)
    assert (
        token_of(ann, "play").post("/api/notices/preferences/", {"emails": False}, format="json").status_code
        == 403
    )


def test_a_token_by_password_or_by_session_never_by_token(organiser: User) -> None:
    body = {"name": "by-session", "scope": "all"}
    nobody = APIClient().post("/api/tokens/", body, format="json")
    assert nobody.status_code == 401 and "sign in" in nobody.json()["detail"]
    # the site's session, with its CSRF token as every write by session
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(organiser)
    refused = browser.post("/api/tokens/", body, format="json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    page = browser.get("/accounts/me/")
    csrf = page.cookies["csrftoken"].value
    made = browser.post("/api/tokens/", body, format="json", HTTP_X_CSRFTOKEN=csrf)
    assert made.status_code == 201 and made.json()["key"].startswith("gt_")
    assert ApiToken.objects.get(user=organiser, name="by-session").scope == "all"
    # a token creates none
    by_token = token_of(organiser, "play").post(
        "/api/tokens/", {"name": "wider", "scope": "all"}, format="json"
    )
    assert by_token.status_code == 403 and not ApiToken.objects.filter(name="wider").exists()
    # half the credentials: the missing one named
    half = APIClient().post("/api/tokens/", {"username": "olga", "name": "x"}, format="json")
    assert half.status_code == 400 and list(half.json()["fields"]) == ["password"]
