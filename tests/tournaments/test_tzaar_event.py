"""A TZAAR round robin end to end on the service (issue 28): the event created on the event form with
TZAAR, four players registered, the three rounds of the Berger table paired, every game played on
the service move by move (one move a step, a random legal move each time) from a random start the
service drew, each finished game's record written in turns with its start and verified, the pairings'
results, the standings after each round and the TZAAR rating list.

Worked by hand: a round robin of four is three rounds of two boards (Berger: 1-4, 2-3; then 4-3,
1-2; then 2-4, 3-1), everyone meets everyone once; a TZAAR game is never drawn, so each game gives
its winner 1 point (2 half-points) and the six games give 6 points in all; the players are new
(1,500, K 40 for everyone), so every game moves the two ratings by the same amount in opposite
directions and the four ratings still add up to 6,000.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from arbiter import registry
from games.models import Game, SubmittedRecord
from games.play import service, state
from tests.conftest import CommittingClient, boards, next_round, start
from tournaments.models import Event, Rating, Round, Standing
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

FORM = {
    "name": "TZAAR club night",
    "game": "tzaar",
    "pairing_system": "round-robin",
    "games_per_pairing": "1",
    "win_points": "1",
    "draw_points": "0.5",
    "loss_points": "0",
    "bye_points": "1",
    "rated": "on",
    "play_mode": "service",
    "time_control": "3d/15d",
}
NAMES = ["Ann", "Bob", "Cid", "Dan"]


def _play_out(game: Game, users: dict[str, User], rng: random.Random) -> None:
    """Random legal moves, each by the player to move, until the rules end the game."""
    while True:
        game.refresh_from_db()
        mover = state.player_to_move(game)
        if mover is None:
            return
        move = rng.choice(state.legal_moves(game))
        service.make_move(game, users[mover.display_name], move, state.ply_of(game))


def _round_games(round_: Round) -> list[Game]:
    return list(
        Game.objects.filter(pairing_game__pairing__round=round_).order_by("pairing_game__pairing__board")
    )


def test_a_tzaar_round_robin_on_the_service_from_registration_to_ratings(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga = CommittingClient(django_capture_on_commit_callbacks)
    olga.force_login(organiser)
    assert 'value="tzaar"' in olga.get(reverse("tournaments:event-create")).content.decode()
    answer = olga.post(reverse("tournaments:event-create"), FORM)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event = Event.objects.get(name=FORM["name"])
    assert (event.game, event.play_mode) == ("tzaar", "service")
    users = {}
    for name in NAMES:
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        registration_services.register(
            event, organiser, Player.objects.create(display_name=name, handle=name.lower(), user=user)
        )
        users[name] = user

    rng = random.Random(28)
    wins = dict.fromkeys(NAMES, 0)
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        round_ = start(event, organiser) if number == 1 else next_round(event, organiser)
        pairs = boards(round_)
        assert len(pairs) == 2 and all(black is not None for _, black in pairs)
        met |= {frozenset((white, str(black))) for white, black in pairs}
        for game in _round_games(round_):
            assert game.on_service and game.game == "tzaar" and game.options["start"].split()[0] == "random"
            assert game.position == registry.start("tzaar", game.options)  # the drawn start, kept
            with django_capture_on_commit_callbacks(execute=True):
                _play_out(game, users, rng)
            game.refresh_from_db()
            assert game.result in ("1-0", "0-1") and game.termination in ("no-type", "no-capture")
            verdict = registry.replay(game.record)
            assert verdict.valid and str(verdict.result) == game.result and verdict.plies == game.plies
            assert f'[Setup "{game.options["start"].split(maxsplit=1)[1]}"]' in game.record
            wins[(game.white if game.result == "1-0" else game.black).display_name] += 1
        records = SubmittedRecord.objects.filter(game__pairing_game__pairing__round=round_)
        assert {(r.kind, r.status, r.applied) for r in records} == {("played", "valid", True)}
        with django_capture_on_commit_callbacks(execute=True):
            result_services.close_round(Round.objects.get(pk=round_.pk), organiser)
        standing = {
            row.registration.player.display_name: row.points
            for row in Standing.objects.filter(event=event, after_round=number).select_related(
                "registration__player"
            )
        }
        assert sum(standing.values()) == 2 * 2 * number  # half-points: two decisive games a round
    assert len(met) == 6  # everyone met everyone
    assert standing == {name: 2 * count for name, count in wins.items()}
    rows = olga.get(reverse("api:event-standings", args=[event.slug])).json()
    assert {row["name"]: row["points_half"] for row in rows} == standing
    ratings = {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family="tzaar").select_related("player")
    }
    assert set(ratings) == set(NAMES) and {games for _, games in ratings.values()} == {3}
    assert sum(rating for rating, _ in ratings.values()) == 4 * 1500
    assert set(Rating.objects.values_list("family", flat=True)) == {"tzaar"}
    page = olga.get(reverse("tournaments:rating-list", args=["tzaar"]))
    assert page.status_code == 200 and "TZAAR" in page.content.decode()


def test_an_organiser_chooses_the_start_of_a_tzaar_events_games(organiser: User, commit: Any) -> None:
    """The start is TZAAR's declared game option: the event form and the event API's game options
    (``/api/events/{slug}/game-options/``) take it like any option, the arbiter refusing a start it
    does not know; the event's games start from it (Z-4's fixed start, the same on every board)."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tests.conftest import make_event
    from tournaments.events import game_options

    olga = Client()
    olga.force_login(organiser)
    form = olga.get(reverse("tournaments:event-create")).content.decode()
    assert 'name="start"' in form
    answer = olga.post(
        reverse("tournaments:event-create"), {**FORM, "name": "TZAAR fixed", "start": "placement"}
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event = Event.objects.get(name="TZAAR fixed")
    assert game_options.options_of(event) == {"start": "placement"}
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=organiser)[0].key}")
    url = f"/api/events/{event.slug}/game-options/"
    refused = api.post(url, {"start": "blitz"}, format="json")
    assert refused.status_code == 400
    assert (
        refused.json()["detail"] == "“blitz” is not a start of TZAAR: choose one of fixed, random, placement"
    )
    answer = api.post(url, {"start": "fixed"}, format="json")
    assert answer.status_code == 200 and answer.json()["start"] == "fixed"
    for name in ("Ann", "Bob"):
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        registration_services.register(
            event, organiser, Player.objects.create(display_name=name, handle=name.lower(), user=user)
        )
    round_ = commit(start, event, organiser)
    (game,) = _round_games(round_)
    assert game.options == {"start": "fixed"}
    assert game.position == registry.start("tzaar", {"start": "fixed"})  # Z-4, the same for every board
    late = api.post(url, {"start": "placement"}, format="json")
    assert late.status_code == 400 and "the event has started" in str(late.json())
    gipf = make_event(organiser, "", name="GIPF", game="gipf-standard")
    other = api.post(f"/api/events/{gipf.slug}/game-options/", {"start": "fixed"}, format="json")
    assert other.status_code == 400 and "GIPF standard is played without a start" in str(other.json())
