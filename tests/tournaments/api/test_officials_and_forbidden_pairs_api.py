"""The organiser's API for an event's officials and a Swiss event's forbidden pairs (issue 30): the
same services and rules as the officials and forbidden pairs pages (one organiser stays; only
organisers appoint; a forbidden pair is two different registered players, once; Swiss events only),
refusals a 4xx naming the problem. Who may is the policy's matrix (tests/accounts/test_policy.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_event, make_swiss, start
from tournaments.models import Event, ForbiddenPair

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(api_client: Any, organiser: User) -> Any:
    api_client.force_authenticate(organiser)
    return api_client


def test_an_organiser_appoints_and_removes_officials(signed_in: Any, organiser: User) -> None:
    event = make_event(organiser, "", name="Club night")
    User.objects.create_user("ada", password="pw-ada-12345")
    User.objects.create_user("oleg", password="pw-oleg-12345")
    url = f"/api/events/{event.slug}/officials/"
    assert signed_in.get(url).json() == {"organisers": ["olga"], "arbiters": []}

    appointed = signed_in.post(url, {"username": "Ada", "role": "arbiter"}, format="json")  # any case
    assert appointed.status_code == 201
    assert appointed.json() == {"organisers": ["olga"], "arbiters": ["ada"]}
    assert signed_in.post(url, {"username": "oleg", "role": "organiser"}, format="json").status_code == 201
    assert signed_in.get(url).json() == {"organisers": ["oleg", "olga"], "arbiters": ["ada"]}

    again = signed_in.post(url, {"username": "ada", "role": "arbiter"}, format="json")
    assert again.status_code == 400 and again.json()["detail"] == "ada is already an arbiter of this event"
    nobody = signed_in.post(url, {"username": "zed", "role": "arbiter"}, format="json")
    assert nobody.status_code == 400 and nobody.json()["detail"] == "there is no account 'zed'"
    bad_role = signed_in.post(url, {"username": "ada", "role": "king"}, format="json")
    assert bad_role.status_code == 400 and list(bad_role.json()["fields"]) == ["role"]
    empty = signed_in.post(url, {"username": "", "role": "arbiter"}, format="json")
    assert empty.status_code == 400 and list(empty.json()["fields"]) == ["username"]

    removed = signed_in.post(url + "remove/", {"username": "ada", "role": "arbiter"}, format="json")
    assert removed.status_code == 200 and removed.json()["arbiters"] == []
    not_one = signed_in.post(url + "remove/", {"username": "ada", "role": "arbiter"}, format="json")
    assert not_one.status_code == 400 and not_one.json()["detail"] == "ada is not an arbiter of this event"
    assert (
        signed_in.post(url + "remove/", {"username": "olga", "role": "organiser"}, format="json").status_code
        == 200
    )
    last = signed_in.post(url + "remove/", {"username": "oleg", "role": "organiser"}, format="json")
    assert last.status_code == 403  # oleg stays; olga, no longer an organiser, may not appoint


def test_the_last_organiser_stays(signed_in: Any, organiser: User) -> None:
    event = make_event(organiser, "", name="Club night")
    url = f"/api/events/{event.slug}/officials/remove/"
    last = signed_in.post(url, {"username": "olga", "role": "organiser"}, format="json")
    assert last.status_code == 400 and last.json()["detail"] == "an event keeps at least one organiser"
    assert list(Event.objects.get(pk=event.pk).organisers.values_list("username", flat=True)) == ["olga"]


def test_an_arbiter_reads_the_officials_but_does_not_appoint(api_client: Any, organiser: User) -> None:
    event = make_event(organiser, "", name="Club night")
    ada = User.objects.create_user("ada", password="pw-ada-12345")
    event.arbiters.add(ada)
    api_client.force_authenticate(ada)
    url = f"/api/events/{event.slug}/officials/"
    assert api_client.get(url).json() == {"organisers": ["olga"], "arbiters": ["ada"]}
    refused = api_client.post(url, {"username": "ada", "role": "organiser"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert list(event.organisers.values_list("username", flat=True)) == ["olga"]


def test_forbidden_pairs_keep_two_players_apart(signed_in: Any, organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3)
    handle = {r.player.display_name: r.player.handle for r in event.registrations.select_related("player")}
    url = f"/api/events/{event.slug}/forbidden-pairs/"
    assert signed_in.get(url).json() == []
    # round 1 of a Dutch Swiss of four pairs 1-3 and 2-4 (top half against bottom half): Ann - Cid
    added = signed_in.post(
        url, {"first": handle["Ann"], "second": handle["Cid"], "reason": "same club"}, format="json"
    )
    assert added.status_code == 201
    pair = ForbiddenPair.objects.get()
    assert added.json() == {
        "id": pair.pk,
        "first": handle["Ann"],
        "second": handle["Cid"],
        "reason": "same club",
    }
    twice = signed_in.post(url, {"first": handle["Cid"], "second": handle["Ann"]}, format="json")
    assert (
        twice.status_code == 400 and twice.json()["detail"] == "Cid and Ann are already a forbidden pair"
    )  # as sent
    same = signed_in.post(url, {"first": handle["Bob"], "second": handle["Bob"]}, format="json")
    assert same.status_code == 400 and same.json()["detail"] == "a forbidden pair needs two different players"
    stranger = signed_in.post(url, {"first": handle["Bob"], "second": "zed"}, format="json")
    assert stranger.status_code == 400
    assert stranger.json()["fields"] == {"second": ["no player 'zed' is registered in this event"]}
    long_reason = signed_in.post(
        url, {"first": handle["Bob"], "second": handle["Dan"], "reason": "x" * 121}, format="json"
    )
    assert long_reason.status_code == 400 and list(long_reason.json()["fields"]) == ["reason"]
    assert ForbiddenPair.objects.count() == 1

    round_ = start(event, organiser)
    opponents = {
        (p.white.player.display_name, p.black.player.display_name if p.black else None)
        for p in round_.pairings.select_related("white__player", "black__player")
    }
    assert not any({"Ann", "Cid"} == set(pair_) for pair_ in opponents), opponents

    removed = signed_in.post(f"{url}{pair.pk}/remove/", format="json")
    assert removed.status_code == 200 and removed.json() == []
    assert signed_in.post(f"{url}{pair.pk}/remove/", format="json").status_code == 404
    assert signed_in.post(f"{url}{2**70}/remove/", format="json").status_code == 404


def test_a_round_robin_has_no_forbidden_pairs(signed_in: Any, organiser: User) -> None:
    event = make_event(organiser, name="Club night")
    answer = signed_in.get(f"/api/events/{event.slug}/forbidden-pairs/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"
