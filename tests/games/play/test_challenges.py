"""Challenges to casual games on the service (``games.play.challenges``, ``/api/play/challenges/``, the
challenges page): a player challenges another, who accepts (the game is created, the colours as
chosen, the clock as the time control says) or declines; the challenger may withdraw. Bad input gets
a 4xx naming the problem, and nothing is stored."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.models import Player
from games.models import Challenge, Game
from games.play import challenges
from games.records import writer
from tests.conftest import token_client as api_of

pytestmark = pytest.mark.django_db


def person(name: str, account: bool = True) -> Player:
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345") if account else None
    return Player.objects.create(display_name=name, handle=name.lower(), user=user)


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    ann, bob, cid = person("Ann"), person("Bob"), person("Cid")
    person("Dee", account=False)
    sam = User.objects.create_user("sam", password="pw-sam-12345")  # an account without a player
    return {"ann": ann.user, "bob": bob.user, "cid": cid.user, "sam": sam, "Ann": ann, "Bob": bob}


@pytest.fixture
def ann_and_bob(people: dict[str, Any], django_capture_on_commit_callbacks: Any) -> tuple[Any, Any]:
    """Ann's and Bob's API clients, their requests' after-commit work run."""
    return (
        api_of(people["ann"], django_capture_on_commit_callbacks),
        api_of(people["bob"], django_capture_on_commit_callbacks),
    )


def test_a_challenge_accepted_through_the_api_creates_the_game(ann_and_bob: tuple[Any, Any]) -> None:
    ann, bob = ann_and_bob
    sent = ann.post(
        "/api/play/challenges/",
        {
            "opponent": "bob",
            "game": "gipf-tournament",
            "time_control": "10+5",
            "rated": True,
            "colour": "black",
        },
    )
    assert sent.status_code == 201, sent.json()
    body = sent.json()
    assert (body["challenger"], body["challenged"], body["status"], body["game_id"]) == (
        "ann",
        "bob",
        "open",
        None,
    )
    assert [c["id"] for c in bob.get("/api/play/challenges/").json()] == [body["id"]]
    accepted = bob.post(f"/api/play/challenges/{body['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(pk=accepted.json()["id"])
    # Ann chose Black: Bob is White and to move; 10 minutes each
    assert (game.white.handle, game.black.handle, game.game) == ("bob", "ann", "gipf-tournament")
    assert game.on_service and game.rated and game.origin == Game.Origin.SERVICE
    assert game.white_time == game.black_time == timedelta(minutes=10)
    assert accepted.json()["your_turn"] is True
    challenge = ann.get(f"/api/play/challenges/{body['id']}/").json()
    assert (challenge["status"], challenge["game_id"]) == ("accepted", game.pk)
    again = bob.post(f"/api/play/challenges/{body['id']}/accept/")
    assert again.status_code == 409 and "no longer open: it was accepted" in again.json()["detail"]
    assert Game.objects.count() == 1


def test_a_random_colour_is_drawn_on_acceptance(people: dict[str, Any]) -> None:
    sent = challenges.challenge(people["ann"], "bob", "dvonn", "", False, "random")
    with mock.patch("random.SystemRandom.choice", side_effect=lambda options: options[1]):  # black
        game = challenges.accept(sent, people["bob"])
    assert (game.white.handle, game.black.handle, game.rated, game.time_control) == ("bob", "ann", False, "")


def test_declining_and_withdrawing(
    people: dict[str, Any], ann_and_bob: tuple[Any, Any], django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob = ann_and_bob
    first = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "dvonn"}).json()["id"]
    second = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "dvonn"}).json()["id"]
    # the challenger does not accept his own; the one challenged does not withdraw it
    assert ann.post(f"/api/play/challenges/{first}/accept/").status_code == 403
    assert bob.post(f"/api/play/challenges/{first}/withdraw/").status_code == 403
    assert bob.post(f"/api/play/challenges/{first}/decline/").json()["status"] == "declined"
    assert ann.post(f"/api/play/challenges/{second}/withdraw/").json()["status"] == "withdrawn"
    withdrawn = bob.post(f"/api/play/challenges/{second}/accept/")
    assert withdrawn.status_code == 409 and "it was withdrawn" in withdrawn.json()["detail"]
    # someone else's challenge is not one of his: 404
    cid = api_of(people["cid"], django_capture_on_commit_callbacks)
    assert cid.post(f"/api/play/challenges/{first}/accept/").status_code == 404
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"opponent": "zed", "game": "dvonn"}, "there is no player “zed”"),
        ({"opponent": "ann", "game": "dvonn"}, "you cannot challenge yourself"),
        ({"opponent": "dee", "game": "dvonn"}, "Dee has no account"),
        ({"opponent": "bob", "game": "chess"}, "there is no game “chess”"),
        ({"opponent": "bob", "game": "dvonn", "time_control": "5 min"}, "write a time control"),
        ({"opponent": "bob", "game": "dvonn", "colour": "green"}, "“green” is not a colour"),
    ],
)
def test_bad_input_is_a_400_naming_the_problem(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any, data: dict[str, str], problem: str
) -> None:
    answer = api_of(people["ann"], django_capture_on_commit_callbacks).post("/api/play/challenges/", data)
    assert answer.status_code == 400 and problem in answer.json()["detail"]
    assert not Challenge.objects.exists()


def test_an_account_without_a_player_and_the_anonymous(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any, api_client: Any
) -> None:
    answer = api_of(people["sam"], django_capture_on_commit_callbacks).post(
        "/api/play/challenges/", {"opponent": "bob", "game": "dvonn"}
    )
    assert answer.status_code == 400 and "not linked to a player" in answer.json()["detail"]
    assert api_client.post("/api/play/challenges/", {"opponent": "bob", "game": "dvonn"}).status_code == 401
    assert api_client.get("/api/play/challenges/").status_code == 401


def test_the_challenges_page(people: dict[str, Any], client: Any) -> None:
    client.force_login(people["ann"])
    assert "Challenges to casual games" in client.get(reverse("accounts:my-games")).content.decode()
    page = client.get(reverse("games:challenges"))
    assert page.status_code == 200 and 'name="opponent"' in page.content.decode()
    bad = client.post(reverse("games:challenges"), {"opponent": "ann", "game": "dvonn", "colour": "white"})
    assert bad.status_code == 400 and "You cannot challenge yourself" in bad.content.decode()
    sent = client.post(
        reverse("games:challenges"),
        {"opponent": "bob", "game": "dvonn", "time_control": "3d/15d", "colour": "white"},
    )
    assert sent.status_code == 302
    challenge = Challenge.objects.get()
    client.force_login(people["bob"])
    assert "Accept" in client.get(reverse("games:challenges")).content.decode()
    opened = client.post(reverse("games:challenge-answer", args=[challenge.pk, "accept"]))
    game = Game.objects.get()
    assert opened.status_code == 302 and opened["Location"] == game.get_absolute_url()
    assert (game.white.handle, game.black.handle, game.time_control) == ("ann", "bob", "3d/15d")
    again = client.post(reverse("games:challenge-answer", args=[challenge.pk, "decline"]), follow=True)
    assert "no longer open" in again.content.decode()
    assert client.post(reverse("games:challenge-answer", args=[challenge.pk, "shrug"])).status_code == 404


def test_a_challenge_to_gipf_with_potentials_carries_its_set_into_the_game(
    people: dict[str, Any], ann_and_bob: tuple[Any, Any]
) -> None:
    """docs/rules.md P-27: a set by person is agreed per casual game; here Ann (White) plays with
    ZÈRTZ and YINSH, Bob (Black) with YINSH only."""
    ann, bob = ann_and_bob
    sent = ann.post(
        "/api/play/challenges/",
        {
            "opponent": "bob",
            "game": "gipf-pot-standard",
            "colour": "white",
            "potentials": "White Z6  Y3; Black Y6",
        },
    )
    assert sent.status_code == 201, sent.json()
    assert sent.json()["potentials"] == "White Z6 Y3; Black Y6"
    accepted = bob.post(f"/api/play/challenges/{sent.json()['id']}/accept/")
    game = Game.objects.get(pk=accepted.json()["id"])
    assert game.options == {"potentials": "White Z6 Y3; Black Y6"}
    # White's hand holds 6 ZÈRTZ- and 3 YINSH-potentials, Black's 6 YINSH-potentials
    assert "set=Z6Y3/Y6 hand=Z6Y3/Y6" in game.position
    assert '[Potentials "White Z6 Y3; Black Y6"]' in writer.record_of(game, "")
    # without a set the game has the key's own: every kind, 6 of each (P-24)
    plain = challenges.accept(challenges.challenge(people["ann"], "bob", "gipf-pot-standard"), people["bob"])
    assert plain.options == {} and "hand=T6Z6D6Y6P6/T6Z6D6Y6P6" in plain.position


@pytest.mark.parametrize(
    ("game", "potentials", "problem"),
    [
        ("gipf-pot-standard", "Z7", "a player has 3 to 6 ZÈRTZ-potentials, not 7"),
        ("gipf-pot-standard", "X6", "'X6' is not a kind and count of potentials like Z6"),
        ("gipf-ult-standard", "Z6", "Ultimate GIPF standard is played with 3 potentials of each kind"),
        ("gipf-standard", "Z6", "GIPF standard is played without a set of potentials"),
        ("dvonn", "Y3", "DVONN is played without a set of potentials"),
    ],
)
def test_a_set_of_potentials_the_game_does_not_take_is_a_400_naming_the_problem(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any, game: str, potentials: str, problem: str
) -> None:
    answer = api_of(people["ann"], django_capture_on_commit_callbacks).post(
        "/api/play/challenges/", {"opponent": "bob", "game": game, "potentials": potentials}
    )
    assert answer.status_code == 400 and problem in answer.json()["detail"], answer.json()
    assert not Challenge.objects.exists()


def test_the_challenges_page_takes_a_set_of_potentials(people: dict[str, Any], client: Any) -> None:
    client.force_login(people["ann"])
    assert 'name="potentials"' in client.get(reverse("games:challenges")).content.decode()
    bad = client.post(
        reverse("games:challenges"),
        {"opponent": "bob", "game": "gipf-pot-standard", "colour": "white", "potentials": "Z9"},
    )
    assert bad.status_code == 400 and "A player has 3 to 6 ZÈRTZ-potentials, not 9" in bad.content.decode()
    sent = client.post(
        reverse("games:challenges"),
        {"opponent": "bob", "game": "gipf-pot-standard", "colour": "white", "potentials": "Z3 P3"},
    )
    assert sent.status_code == 302
    client.force_login(people["bob"])
    assert "potentials: Z3 P3" in client.get(reverse("games:challenges")).content.decode()
    challenge = Challenge.objects.get()
    client.post(reverse("games:challenge-answer", args=[challenge.pk, "accept"]))
    assert "hand=Z3P3/Z3P3" in Game.objects.get().position


def test_the_openapi_schema_names_the_set_of_potentials() -> None:
    from drf_spectacular.generators import SchemaGenerator

    components = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    sent, read = components["NewChallenge"]["properties"], components["Challenge"]["properties"]
    assert sent["potentials"]["type"] == "string" and "Z6 Y6" in sent["potentials"]["description"]
    assert read["potentials"]["readOnly"] is True
