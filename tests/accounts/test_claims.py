"""Claim codes and links between accounts and players (personal.claims and the pages).

A running-or-not round robin of Ann, Bob and Cid organised by Olga; Ada is its arbiter, Sam a
stranger; Pia and Quinn are fresh accounts of players. One account, one player; a code works once.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from personal import claims
from personal.models import ClaimCode
from tests.conftest import make_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db

CODE = re.compile(r"\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b")


@pytest.fixture
def event(organiser: User) -> Event:
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700", name="Claim Cup")
    event.arbiters.add(User.objects.create_user("ada", password="pw-ada-12345"))
    return event


def signed_in(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def codes_page(event: Event) -> str:
    return reverse("accounts:claim-codes", args=[event.slug])


def code_of(event: Event, name: str) -> str:
    return ClaimCode.objects.get(registration__event=event, registration__player__display_name=name).display


def test_only_the_events_organisers_see_the_codes(event: Event, organiser: User, stranger: User) -> None:
    ada = User.objects.get(username="ada")
    anonymous = signed_in(None).get(codes_page(event))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    for user in (stranger, ada):  # an arbiter of the event is no organiser
        response = signed_in(user).get(codes_page(event))
        assert response.status_code == 403
        assert not CODE.search(response.content.decode())
    response = signed_in(organiser).get(codes_page(event))
    assert response.status_code == 200
    shown = CODE.findall(response.content.decode())
    assert len(set(shown)) == 3  # one code per registration, all different
    assert ClaimCode.objects.filter(registration__event=event).count() == 3
    slips = signed_in(organiser).get(codes_page(event) + "?print=1").content.decode()
    assert set(CODE.findall(slips)) == set(shown) and "/accounts/claim/" in slips


def test_a_player_claims_his_profile_once(event: Event, organiser: User) -> None:
    claims.codes_of(event, organiser)
    pia = User.objects.create_user("pia", password="pw-pia-12345")
    client = signed_in(pia)
    code = code_of(event, "Ann").lower().replace("-", " ")  # as typed: any case, spaces
    response = client.post(reverse("accounts:claim"), {"code": code})
    assert response.status_code == 302 and response["Location"] == reverse("accounts:my-games")
    assert Player.objects.get(display_name="Ann").user == pia
    assert ClaimCode.objects.get(registration__player__display_name="Ann").used_by == pia
    # the navigation now links Pia to her player page and her games
    html = client.get("/").content.decode()
    assert Player.objects.get(display_name="Ann").get_absolute_url() in html
    assert reverse("accounts:my-games") in html


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("wrong", "there is no claim code"),
        ("malformed", "is not a claim code"),
        ("used", "already used"),
        ("account-linked", "already linked to the player Ann"),
        ("player-claimed", "already linked to another account"),
    ],
)
def test_claim_refusals_are_form_errors(event: Event, organiser: User, scenario: str, message: str) -> None:
    claims.codes_of(event, organiser)
    pia = User.objects.create_user("pia", password="pw-pia-12345")
    quinn = User.objects.create_user("quinn", password="pw-quinn-12345")
    ann_code, bob_code = code_of(event, "Ann"), code_of(event, "Bob")
    user, code = pia, ann_code
    if scenario == "wrong":
        code = "ABCD-EFGH-JKLM" if ann_code != "ABCD-EFGH-JKLM" else "ABCD-EFGH-JKLN"
    elif scenario == "malformed":
        code = "hello"
    elif scenario == "used":
        claims.claim(quinn, ann_code)
    elif scenario == "account-linked":
        claims.claim(pia, ann_code)
        code = bob_code
    elif scenario == "player-claimed":
        bob = Player.objects.get(display_name="Bob")
        bob.user = quinn
        bob.save()
        code = bob_code
    before = dict(Player.objects.values_list("display_name", "user_id"))
    response = signed_in(user).post(reverse("accounts:claim"), {"code": code})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html.replace("&#x27;", "'")
    assert dict(Player.objects.values_list("display_name", "user_id")) == before


def test_a_new_code_replaces_the_old_one(event: Event, organiser: User, stranger: User) -> None:
    claims.codes_of(event, organiser)
    registration = event.registrations.get(player__display_name="Cid")
    old = code_of(event, "Cid")
    url = codes_page(event)
    data = {"action": "regenerate", "registration": registration.pk}
    assert signed_in(stranger).post(url, {**data, "confirmed": "yes"}).status_code == 403
    asked = signed_in(organiser).post(url, data)  # irreversible: asks first
    assert asked.status_code == 200 and "Please confirm" in asked.content.decode()
    assert code_of(event, "Cid") == old
    assert signed_in(organiser).post(url, {**data, "confirmed": "yes"}).status_code == 302
    new = code_of(event, "Cid")
    assert new != old
    pia = User.objects.create_user("pia", password="pw-pia-12345")
    assert signed_in(pia).post(reverse("accounts:claim"), {"code": old}).status_code == 400
    assert signed_in(pia).post(reverse("accounts:claim"), {"code": new}).status_code == 302


def test_the_organiser_links_and_unlinks_an_account(event: Event, organiser: User, stranger: User) -> None:
    pia = User.objects.create_user("pia", password="pw-pia-12345")
    registration = event.registrations.get(player__display_name="Bob")
    url = codes_page(event)
    link = {"action": "link", "registration": registration.pk, "username": "PIA"}
    assert signed_in(stranger).post(url, link).status_code == 403
    assert signed_in(organiser).post(url, link).status_code == 302
    assert Player.objects.get(display_name="Bob").user == pia
    # the code of a linked player no longer claims anything
    assert ClaimCode.objects.get(registration=registration).used_by == pia
    # one account, one player; one player, one account
    other = event.registrations.get(player__display_name="Cid")
    refused = signed_in(organiser).post(url, {**link, "registration": other.pk})
    assert refused.status_code == 400 and "already linked to the player Bob" in refused.content.decode()
    User.objects.create_user("quinn", password="pw-quinn-12345")
    refused = signed_in(organiser).post(url, {**link, "username": "quinn"})
    assert refused.status_code == 400 and "remove that link first" in refused.content.decode()
    unknown = signed_in(organiser).post(url, {**link, "registration": other.pk, "username": "nobody"})
    assert unknown.status_code == 400 and "there is no account" in unknown.content.decode()
    unlink = {"action": "unlink", "registration": registration.pk, "confirmed": "yes"}
    assert signed_in(organiser).post(url, unlink).status_code == 302
    assert Player.objects.get(display_name="Bob").user is None


def test_a_registration_of_another_event_is_a_404(event: Event, organiser: User) -> None:
    other = make_event(organiser, "Dan 1600\nEve 1500", name="Other Cup")
    foreign = other.registrations.first()
    assert foreign is not None
    response = signed_in(organiser).post(
        codes_page(event), {"action": "regenerate", "registration": foreign.pk, "confirmed": "yes"}
    )
    assert response.status_code == 404
    assert (
        signed_in(organiser).post(codes_page(event), {"action": "link", "registration": "abc"}).status_code
        == 404
    )


def test_the_players_page_links_organisers_to_the_claim_codes(event: Event, organiser: User) -> None:
    url = reverse("tournaments:registrations", args=[event.slug])
    assert codes_page(event) in signed_in(organiser).get(url).content.decode()
    for user in (User.objects.get(username="ada"), None):
        assert codes_page(event) not in signed_in(user).get(url).content.decode()


def test_refused_claim_code_requests_create_no_code(event: Event, organiser: User, stranger: User) -> None:
    """Through the API and the page, every refusal (no right, a play token, an unknown player or
    action, a bad account, no confirmation) leaves the event without claim codes; the one change
    that goes through gives its player a code, and no one else."""
    from rest_framework.test import APIClient

    from accounts import tokens

    handle = event.registrations.order_by("pk").first().player.handle
    address = f"/api/events/{event.slug}/claim-codes/{handle}/"

    def api(user: User, scope: str = "all") -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {tokens.create(user, f'codes-{scope}', scope)[1]}")
        return client

    olga = api(organiser)
    refusals = [
        (api(stranger), address, {"action": "regenerate", "confirm": True}, 403),
        (api(organiser, "play"), address, {"action": "regenerate", "confirm": True}, 403),
        (
            olga,
            f"/api/events/{event.slug}/claim-codes/nobody/",
            {"action": "regenerate", "confirm": True},
            404,
        ),
        (olga, address, {"action": "shout"}, 400),
        (olga, address, {"action": "regenerate"}, 400),  # no confirmation
        (olga, address, {"action": "link"}, 400),  # no account named
        (olga, address, {"action": "link", "username": "no-such-account"}, 400),
    ]
    for client, url, body, status in refusals:
        assert client.post(url, body, format="json").status_code == status, (url, body)
    page = signed_in(organiser)
    assert page.post(codes_page(event), {"registration": "999999", "action": "regenerate"}).status_code == 404
    assert page.post(codes_page(event), {"registration": "1", "action": "shout"}).status_code in (400, 404)
    registration = event.registrations.order_by("pk").first()
    assert (
        page.post(codes_page(event), {"registration": registration.pk, "action": "shout"}).status_code == 400
    )
    assert not ClaimCode.objects.exists()

    made = olga.post(address, {"action": "regenerate", "confirm": True}, format="json")
    assert made.status_code == 200 and made.json()["handle"] == handle
    assert list(ClaimCode.objects.values_list("registration__player__handle", flat=True)) == [handle]
