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

from arbiter import registry
from games.models import Game
from games.play import state
from tests.conftest import start
from tests.tournaments import game_events
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FORM = game_events.event_form("TZAAR club night", "tzaar")
NAMES = game_events.NAMES


def _play_out(game: Game, users: dict[str, User], rng: random.Random) -> None:
    """Random legal moves, each by the player to move, until the rules end the game."""
    game_events.play_out(game, users, lambda game: rng.choice(state.legal_moves(game)))


def test_a_tzaar_round_robin_on_the_service_from_registration_to_ratings(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga, event, users = game_events.round_robin_created(organiser, django_capture_on_commit_callbacks, FORM)
    assert (event.game, event.play_mode) == ("tzaar", "service")

    rng = random.Random(28)
    wins = dict.fromkeys(NAMES, 0)
    met: set[frozenset[str]] = set()
    for number, round_ in game_events.round_robin_rounds(event, organiser, met):
        for game in games_of_round(round_):
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
        game_events.close_played_round(round_, organiser, django_capture_on_commit_callbacks)
        standing = points(event, number)
        assert sum(standing.values()) == 2 * 2 * number  # half-points: two decisive games a round
    assert len(met) == 6  # everyone met everyone
    assert standing == {name: 2 * count for name, count in wins.items()}
    game_events.published(olga, event, standing, "tzaar", "TZAAR")


def test_an_organiser_chooses_the_start_of_a_tzaar_events_games(organiser: User, commit: Any) -> None:
    """The start is TZAAR's declared game option: the event form and the event API's game options
    (``/api/events/{slug}/game-options/``) take it like any option, the arbiter refusing a start it
    does not know; the event's games start from it (Z-4's fixed start, the same on every board)."""
    from tests.conftest import make_event, token_client
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
    api = token_client(organiser)
    url = f"/api/events/{event.slug}/game-options/"
    refused = api.post(url, {"start": "blitz"}, format="json")
    assert refused.status_code == 400
    assert (
        refused.json()["detail"] == "“blitz” is not a start of TZAAR: choose one of fixed, random, placement"
    )
    answer = api.post(url, {"start": "fixed"}, format="json")
    assert answer.status_code == 200 and answer.json()["start"] == "fixed"
    players_with_accounts(event, organiser, ["Ann", "Bob"])
    round_ = commit(start, event, organiser)
    (game,) = games_of_round(round_)
    assert game.options == {"start": "fixed"}
    assert game.position == registry.start("tzaar", {"start": "fixed"})  # Z-4, the same for every board
    late = api.post(url, {"start": "placement"}, format="json")
    assert late.status_code == 400 and "the event has started" in str(late.json())
    gipf = make_event(organiser, "", name="GIPF", game="gipf-standard")
    other = api.post(f"/api/events/{gipf.slug}/game-options/", {"start": "fixed"}, format="json")
    assert other.status_code == 400 and "GIPF standard is played without a start" in str(other.json())
