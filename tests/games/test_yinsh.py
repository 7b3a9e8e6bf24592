"""YINSH through the service (issue 27): the registry's one line makes it appear in the event form,
the challenges, the rating families and the play API; a game played through the HTTP API to its
natural end is verified; a record submitted in an event is verified and shown on the game page and
its stepper; the game page offers each legal turn with the board points a click picks.

The seeded games are the arbiter's random legal games (``registry.random_record``): YINSH seed 2
ends 1-0 by the markers after 66 plies with one ring removed by White (1-0 in rings); seed 9 is a
draw by the markers (one ring each) after 71 plies. Points are worked by hand from the board."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.models import Game, SubmittedRecord
from games.play import service, state
from games.records import services
from tests.conftest import event_form_data
from tests.conftest import token_client as api_of
from tests.games.play.through_api import clients_of
from tests.games.play.timing import people_named
from tests.games.refused import submitted_page
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing
from tournaments.ratings.families import families
from tournaments.registration import services as registration_services
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db

OPTION = re.compile(r'<option value="([^"]+)" data-points="([^"]*)">')


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob", email=False)


def test_yinsh_and_blitz_are_offered_and_rated_in_one_family() -> None:
    choices = dict(EventForm().fields["game"].choices)
    assert choices["yinsh"] == "YINSH" and choices["yinsh-blitz"] == "YINSH blitz"
    assert "yinsh" in families()
    assert registry.games_of("yinsh") == ["yinsh", "yinsh-blitz"]


def test_an_organiser_creates_a_yinsh_event_with_the_event_form(people: dict[str, Any]) -> None:
    client = Client()
    client.force_login(people["ann"])
    data = event_form_data("YINSH night", "yinsh-blitz", pairing_system="swiss-dutch", rounds="3")
    response = client.post(reverse("tournaments:event-create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="YINSH night")
    assert event.game == "yinsh-blitz" and registry.family_of(event.game) == "yinsh"


def test_a_yinsh_challenge_accepted_creates_the_game(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob = (
        api_of(people["ann"], django_capture_on_commit_callbacks),
        api_of(people["bob"], django_capture_on_commit_callbacks),
    )
    sent = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "yinsh", "time_control": "10+5"})
    assert sent.status_code == 201, sent.json()
    accepted = bob.post(f"/api/play/challenges/{sent.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(pk=accepted.json()["id"])
    assert game.game == "yinsh" and game.position == registry.start("yinsh")


@pytest.mark.parametrize(
    ("seed", "plies", "result", "score"),
    [(2, 66, "1-0", "1-0"), (9, 71, "1/2-1/2", "1-1")],
)
def test_a_seeded_yinsh_game_played_through_the_api_ends_by_the_markers(
    people: dict[str, Any],
    django_capture_on_commit_callbacks: Callable[..., Any],
    seed: int,
    plies: int,
    result: str,
    score: str,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "yinsh", "5+3", rated=True)
    ann, bob = (
        api_of(people["ann"], django_capture_on_commit_callbacks),
        api_of(people["bob"], django_capture_on_commit_callbacks),
    )
    _verdict, traced = registry.replay_traced(registry.random_record("yinsh", seed))
    for ply, step in enumerate(traced):
        seen = ann.get(f"/api/play/{game.pk}/").json()
        assert step.move in seen["legal_moves"]
        mover = ann if seen["to_move"] == "ann" else bob
        answer = mover.post(f"/api/play/{game.pk}/move/", {"move": step.move, "expected_ply": ply})
        assert answer.status_code == 201, answer.json()
    game.refresh_from_db()
    assert (game.result, game.termination, game.plies, game.score) == (result, "markers", plies, score)
    record = SubmittedRecord.objects.get(game=game)
    assert record.status == SubmittedRecord.Status.VALID and record.official
    assert '[Game "yinsh"]' in game.record  # the key (the record contract)


def test_random_legal_turns_through_the_api_reach_a_natural_end(
    people: dict[str, Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "yinsh-blitz", "", rated=False)
    clients = clients_of(people, django_capture_on_commit_callbacks)
    rng = random.Random(27)
    for ply in range(400):
        seen = clients["ann"].get(f"/api/play/{game.pk}/").json()
        if seen["finished_at"] is not None:
            break
        move = rng.choice(seen["legal_moves"])
        answer = clients[seen["to_move"]].post(
            f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}
        )
        assert answer.status_code == 201, answer.json()
    game.refresh_from_db()
    assert game.finished_at is not None and game.termination in ("rings", "markers", "blocked")
    verdict = registry.replay(game.record)
    assert verdict.valid and (verdict.result, verdict.termination) == (game.result, game.termination)


def test_a_refused_turn_is_a_400_naming_the_ply_the_turn_and_why(
    people: dict[str, Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "yinsh", "")
    ann, bob = (
        api_of(people["ann"], django_capture_on_commit_callbacks),
        api_of(people["bob"], django_capture_on_commit_callbacks),
    )
    for ply, point in enumerate(["e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "i5", "i6"]):
        mover = ann if ply % 2 == 0 else bob
        assert (
            mover.post(f"/api/play/{game.pk}/move/", {"move": point, "expected_ply": ply}).status_code == 201
        )
    answer = ann.post(f"/api/play/{game.pk}/move/", {"move": "e5-e8", "expected_ply": 10})
    assert answer.status_code == 400
    body = str(answer.json())
    assert "11" in body and "e5-e8" in body and "a ring may not pass over a ring (on e6)" in body
    assert game.moves.count() == 10


def test_the_game_page_offers_each_turn_with_its_points(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "yinsh", "5+3")
    client = Client()
    client.force_login(people["ann"])
    offered = dict(OPTION.findall(client.get(game.get_absolute_url()).content.decode()))
    assert len(offered) == 85 and offered["e5"] == "e5" and offered["k10"] == "k10"
    for ply, point in enumerate(["e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "i5", "i6"]):
        game.refresh_from_db()
        mover = people["ann"] if ply % 2 == 0 else people["bob"]
        service.make_move(game, mover, point, ply)
    html = client.get(game.get_absolute_url()).content.decode()
    offered = dict(OPTION.findall(html))
    # White's e5 goes down its column to e1..e4, never over Black's e6
    assert {move for move in offered if move.startswith("e5-e")} == {"e5-e1", "e5-e2", "e5-e3", "e5-e4"}
    assert offered["e5-e4"] == "e5 e4"
    assert 'data-point="e5"' in html


def test_a_submitted_yinsh_record_is_verified_and_stepped_through(
    people: dict[str, Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(olga, name="YINSH club", game="yinsh", pairing_system="round-robin")
    registration_services.register_list(event, olga, "Ann 1900\nBob 1800")
    with django_capture_on_commit_callbacks(execute=True):
        round_ = event_services.start_event(event, olga, "white")
    pairing = Pairing.objects.get(round=round_, white__player__display_name="Ann")
    text = registry.random_record("yinsh", 2, {"White": "Ann", "Black": "Bob"})
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_record(pairing, olga, text, 1)
    game = services.games_of(pairing)[0]
    game.refresh_from_db()
    assert (game.game, game.result, game.termination, game.score) == ("yinsh", "1-0", "markers", "1-0")
    html = Client().get(game.get_absolute_url() + "?ply=11").content.decode()
    assert 'data-ply="11"' in html and html.count('class="point"') == 85 and "last-move" in html
    final = Client().get(reverse("games:board-svg", args=[game.pk])).content.decode()
    assert final.count('class="point"') == 85 and "removed-ring ring ring-w" in final


def test_a_refused_yinsh_record_shows_the_board_before_the_illegal_turn(
    people: dict[str, Any], django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    text = '[Game "YINSH"]\n\n1. e5 e6 2. f5 f6 3. g5 g6 4. h5 h6 5. i5 i6 6. e5-e8\n'
    record, html = submitted_page(django_capture_on_commit_callbacks, "YINSH club", "yinsh", text)
    assert record.status == "invalid" and (record.error_ply, record.error_move) == (11, "e5-e8")
    assert 'id="refused-board"' in html and "a ring may not pass over a ring (on e6)" in html
    board = html[html.index("<svg") : html.index("</svg>", html.index("<svg"))]
    # the board before the refused turn: the ten rings placed, no marker yet
    assert board.count('class="point"') == 85 and board.count('class="ring ring-') == 10
    assert 'class="marker' not in board
