"""Where rounds are played, from the organiser's forms and the API: the event form's choice and
time control, a draft round's own choice on its page, the public round page linking each board's
game to its page; bad input answered with a 400 naming the problem."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.authtoken.models import Token

from accounts.models import Player
from games.models import Game
from tests.conftest import CommittingAPIClient, event_form_data, make_event, make_swiss, start
from tournaments.models import Event, Round
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db

FORM = event_form_data("Service Open", "dvonn", rounds="")


def test_the_event_form_offers_where_rounds_are_played_and_the_time_control(
    client: Any, organiser: User
) -> None:
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-create")).content.decode()
    assert 'name="play_mode"' in page and 'name="time_control"' in page
    answer = client.post(
        reverse("tournaments:event-create"), {**FORM, "play_mode": "service", "time_control": " 3d/15d "}
    )
    assert answer.status_code == 302
    event = Event.objects.get(name="Service Open")
    assert (event.play_mode, event.time_control) == ("service", "3d/15d")


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("time_control", "5 minutes", "write a time control as minutes+increment"),
        ("time_control", "3d/2d", "a correspondence time control gives at least one day per move"),
        ("play_mode", "by post", "Select a valid choice"),
    ],
)
def test_the_event_form_refuses_a_bad_choice_naming_it(
    client: Any, organiser: User, field: str, value: str, problem: str
) -> None:
    client.force_login(organiser)
    answer = client.post(reverse("tournaments:event-create"), {**FORM, field: value})
    assert answer.status_code == 400 and problem in answer.content.decode()
    assert not Event.objects.exists()


def test_a_draft_round_page_sets_where_the_round_is_played(client: Any, organiser: User) -> None:
    event = make_swiss(organiser)
    round_ = start(event, organiser)
    client.force_login(organiser)
    page = client.get(round_.get_absolute_url()).content.decode()
    assert "Where this round is played" in page
    play_url = reverse("tournaments:round-play", args=[event.slug, 1])
    bad = client.post(play_url, {"play_mode": "service", "time_control": "99"})
    assert bad.status_code == 400 and "write a time control" in bad.content.decode()
    assert client.post(play_url, {"play_mode": "service", "time_control": "10+0"}).status_code == 302
    round_.refresh_from_db()
    assert (round_.play_mode, round_.time_control) == ("service", "10+0")
    client.post(reverse("tournaments:swiss-round-publish", args=[event.slug, 1]), {"confirmed": "yes"})
    assert Game.objects.filter(pairing_game__pairing__round=round_, on_service=True).count() == 3
    # public now: no form, and the choice is refused
    page = client.get(round_.get_absolute_url()).content.decode()
    assert "Where this round is played" not in page and "Played on the service" in page
    late = client.post(play_url, {"play_mode": "elsewhere", "time_control": ""})
    assert late.status_code == 400 and "Round 1 is public" in late.content.decode()


def test_the_public_round_page_links_each_board_s_game_to_its_page(client: Any, organiser: User) -> None:
    event = make_event(organiser, game="dvonn", play_mode="service", time_control="5+3")
    round_ = start(event, organiser)
    page = client.get(round_.get_absolute_url()).content.decode()
    games = Game.objects.filter(pairing_game__pairing__round=round_).order_by("pairing_game__pairing__board")
    assert len(games) == 2
    for game in games:
        assert f'href="{game.get_absolute_url()}"' in page
    assert "time control 5+3" in page and "in play" in page
    assert client.get(games[0].get_absolute_url()).status_code == 200


def api(user: User, capture: Any) -> CommittingAPIClient:
    client = CommittingAPIClient(capture)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def test_the_api_shows_and_sets_where_rounds_are_played(
    organiser: User, stranger: User, django_capture_on_commit_callbacks: Any
) -> None:
    event = make_swiss(organiser, "")
    for name in ("Ann", "Bob"):
        user = User.objects.create_user(name.lower(), password="pw-12345-x")
        registration_services.register(
            event, organiser, Player.objects.create(display_name=name, handle=name.lower(), user=user)
        )
    olga, sam = (
        api(organiser, django_capture_on_commit_callbacks),
        api(stranger, django_capture_on_commit_callbacks),
    )
    base = f"/api/events/{event.slug}/"
    assert sam.post(f"{base}play/", {"play_mode": "service"}).status_code == 403
    bad = olga.post(f"{base}play/", {"play_mode": "service", "time_control": "3x"})
    assert bad.status_code == 400 and "write a time control" in bad.json()["detail"]
    assert olga.post(f"{base}play/", {"play_mode": "post"}).status_code == 400
    answer = olga.post(f"{base}play/", {"play_mode": "both", "time_control": "2d/6d"})
    assert answer.status_code == 200
    assert (answer.json()["play_mode"], answer.json()["time_control"]) == ("both", "2d/6d")
    start(event, organiser)
    answer = olga.post(f"{base}rounds/1/play/", {"play_mode": "service", "time_control": ""})
    assert answer.status_code == 200
    assert (answer.json()["play_mode"], answer.json()["time_control"]) == ("service", "2d/6d")
    assert olga.post(f"{base}rounds/9/play/", {"play_mode": "service"}).status_code == 404
    olga.post(f"/api/events/{event.slug}/rounds/1/", {})  # read-only: nothing happens
    from tournaments.pairing.edits import publish_round

    publish_round(Round.objects.get(event=event, number=1), organiser)
    round_ = olga.get(f"{base}rounds/1/").json()
    game = Game.objects.get(pairing_game__pairing__round__event=event)
    assert round_["pairings"][0]["games"] == [
        {"number": 1, "id": game.pk, "on_service": True, "url": game.get_absolute_url()}
    ]
    late = olga.post(f"{base}rounds/1/play/", {"play_mode": "elsewhere"})
    assert late.status_code == 400 and "round 1 is public" in late.json()["detail"]
