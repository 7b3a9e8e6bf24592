"""Organisers' and arbiters' pages where rounds are played on the service (issue 31): players
without an account flagged (players list, overview before the start, round, publish
confirmation); no record submission offered where none is taken, the refusal said once; one
adjudication control for a game in play; the overview says where rounds are played and the clock."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from games.models import Game
from tests.conftest import make_event, make_swiss, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts
from tournaments.models import Event
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def with_dan_without_account(event: Event, organiser: User) -> dict[str, User]:
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid"])
    registration_services.register(
        event, organiser, Player.objects.create(display_name="Dan Doe", handle="dan")
    )
    return users


def test_players_without_an_account_are_flagged_before_the_start_and_in_the_round(organiser: User) -> None:
    event = make_event(organiser, "", game="gipf-standard", play_mode="service", time_control="5+3")
    users = with_dan_without_account(event, organiser)
    olga = client_of(organiser)
    overview = olga.get(event.get_absolute_url()).content.decode()
    assert 'id="no-account"' in overview and "Dan Doe</a>." in overview
    assert '<dd id="play-mode">Played on the service</dd>' in overview
    assert '<dd id="time-control">5+3</dd>' in overview
    players = olga.get(reverse("tournaments:registrations", args=[event.slug])).content.decode()
    assert players.count(">no account</span>") == 1
    assert players.index(">Dan Doe<") < players.index(">no account</span>")
    # a player sees the facts, not the organiser's warning
    assert 'id="no-account"' not in client_of(users["Ann"]).get(event.get_absolute_url()).content.decode()
    round_ = start(event, organiser)
    page = olga.get(round_.get_absolute_url()).content.decode()
    assert 'id="no-account"' in page and "Dan Doe</a>." in page


def test_a_round_played_elsewhere_flags_nobody(organiser: User) -> None:
    event = make_event(organiser, "", game="gipf-standard")
    with_dan_without_account(event, organiser)
    overview = client_of(organiser).get(event.get_absolute_url()).content.decode()
    assert 'id="no-account"' not in overview and 'id="time-control"' not in overview
    assert '<dd id="play-mode">Played elsewhere, records submitted</dd>' in overview


def test_the_publish_confirmation_says_where_the_games_are_played(organiser: User) -> None:
    event = make_swiss(organiser, "", play_mode="service", time_control="10+5")
    with_dan_without_account(event, organiser)
    round_ = start(event, organiser)
    page = client_of(organiser).get(
        reverse("tournaments:swiss-round-publish", args=[event.slug, round_.number])
    )
    html = page.content.decode()
    assert "the games start on the service at once (time control 10+5)" in html
    assert "players can submit their games" not in html
    assert "No account, so they cannot play on the service: Dan Doe." in html


def test_no_record_submission_where_none_is_taken_and_one_adjudication_control(organiser: User) -> None:
    event = make_event(organiser, "", game="gipf-standard", play_mode="service", time_control="5+3")
    arbiter = User.objects.create_user("ada", password="pw-ada-12345")
    event.arbiters.add(arbiter)
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    game = games_of_round(round_)[0]
    ada = client_of(arbiter)
    page = ada.get(game.get_absolute_url()).content.decode()
    assert "Submit a record" not in page
    # one adjudication control: the arbiter's powers, not the decision form beside them
    assert page.count(">Adjudicate</a>") == 1 and 'id="decide"' not in page
    pairing = round_.pairings.get(board=1)
    reason = "Round 1 is played on the service: its games' results come from play there"
    submit = ada.get(reverse("games:submit", args=[pairing.pk]))
    html = submit.content.decode()
    assert submit.status_code == 200 and html.count(reason) == 1 and 'name="record"' not in html
    posted = ada.post(reverse("games:submit", args=[pairing.pk]), {"record": "1. x", "game_number": "1"})
    assert posted.status_code == 409 and posted.content.decode().count(reason) == 1
    assert not Game.objects.filter(submissions__isnull=False).exists()
