"""TZAAR on the service: offered wherever a game is chosen, rated in a family of its own, started from
a random start the service draws and writes down, played through the HTTP play API one move a
request (a turn's second move is the same player's), its record written in turns and verified, its
board on the game page and in the stepper."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.choices import family_choices, game_choices
from games.models import Game, SubmittedRecord
from games.play import service, state
from games.web import boards
from tests.games.play.test_play import api_of, people  # noqa: F401  (the players' fixture)
from tests.games.play.through_api import clients_of, play_to_the_end
from tests.games.refused import submitted_page
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db


def test_tzaar_is_offered_and_rated_in_its_own_family() -> None:
    assert ("tzaar", "TZAAR") in game_choices()
    assert ("tzaar", "TZAAR") in EventForm().fields["game"].choices
    assert ("tzaar", "TZAAR") in family_choices()
    assert registry.family_of("tzaar") == "tzaar"


def test_a_challenge_to_tzaar_starts_from_a_drawn_random_start(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    sent = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "tzaar", "colour": "white"})
    assert sent.status_code == 201, sent.json()
    accepted = bob.post(f"/api/play/challenges/{sent.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(pk=accepted.json()["id"])
    word, setup = game.options["start"].split(maxsplit=1)  # the rulebook's random start, drawn now
    assert game.game == "tzaar" and word == "random" and len(setup.split()) == 60
    assert game.position == registry.start("tzaar", game.options)
    # its record states the drawn pieces in [Setup] and verifies; the White player resigns
    assert ann.post(f"/api/play/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    assert f'[Setup "{setup}"]' in game.record and '[Game "tzaar"]' in game.record
    verdict = registry.replay(game.record)
    assert verdict.valid and str(verdict.result) == game.result == "0-1"
    assert SubmittedRecord.objects.get(game=game).status == SubmittedRecord.Status.VALID  # verified


def test_a_challenge_names_the_start_and_black_resigns_in_the_middle_of_his_turn(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The start is a game option a challenge offers (``start``: placement here, Z-5); a refused one
    is named. Black resigns after his turn's first move (T-5): White wins."""
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    refused = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "tzaar", "start": "blitz"})
    assert refused.status_code == 400
    assert (
        refused.json()["detail"] == "“blitz” is not a start of TZAAR: choose one of fixed, random, placement"
    )
    sent = ann.post(
        "/api/play/challenges/", {"opponent": "bob", "game": "tzaar", "colour": "white", "start": "placement"}
    )
    assert sent.status_code == 201 and sent.json()["start"] == "placement"
    accepted = bob.post(f"/api/play/challenges/{sent.json()['id']}/accept/")
    game = Game.objects.get(pk=accepted.json()["id"])
    assert game.options == {"start": "placement"} and game.position.split()[2] == "place"
    fixed = ann.post(
        "/api/play/challenges/", {"opponent": "bob", "game": "tzaar", "colour": "white", "start": "fixed"}
    )
    game = Game.objects.get(pk=bob.post(f"/api/play/challenges/{fixed.json()['id']}/accept/").json()["id"])
    for ply, (who, move) in enumerate([(ann, "c4xc5"), (bob, "d3xd4")]):
        assert who.post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}).status_code == 201
    assert bob.get(f"/api/play/{game.pk}/").json()["to_move"] == "bob"  # his second move is owed
    assert bob.post(f"/api/play/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "resignation")
    assert game.record.split()[-3:] == ["c4xc5", "d3xd4", "resign"] and '[Setup "fixed"]' in game.record
    verdict = registry.replay(game.record)
    assert verdict.valid and (str(verdict.result), verdict.termination) == ("1-0", "resignation")


def test_a_casual_tzaar_game_is_played_one_move_a_request_and_verified(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "tzaar", "5+3", rated=False)
    clients = clients_of(people, django_capture_on_commit_callbacks)
    first = clients["ann"].get(f"/api/play/{game.pk}/").json()
    assert first["to_move"] == "ann" and all("x" in move for move in first["legal_moves"])
    # White's first turn is one capture: then Black moves twice
    opening = first["legal_moves"][0]
    assert (
        clients["ann"].post(f"/api/play/{game.pk}/move/", {"move": opening, "expected_ply": 0}).status_code
        == 201
    )
    black = clients["bob"].get(f"/api/play/{game.pk}/").json()
    assert black["to_move"] == "bob" and "pass" not in black["legal_moves"]
    refused = clients["bob"].post(f"/api/play/{game.pk}/move/", {"move": "pass", "expected_ply": 1})
    assert refused.status_code == 400 and "the first move of a turn must be a capture" in str(refused.json())
    step = black["legal_moves"][0]
    assert (
        clients["bob"].post(f"/api/play/{game.pk}/move/", {"move": step, "expected_ply": 1}).status_code
        == 201
    )
    again = clients["bob"].get(f"/api/play/{game.pk}/").json()
    assert again["to_move"] == "bob" and "pass" in again["legal_moves"]  # his second move
    assert (
        clients["bob"].post(f"/api/play/{game.pk}/move/", {"move": "pass", "expected_ply": 2}).status_code
        == 201
    )
    moves = [opening, step, "pass", *play_to_the_end(game, clients, 5, 3, 400)]
    game.refresh_from_db()
    assert game.finished_at is not None and game.plies == len(moves)
    assert game.termination in ("no-type", "no-capture") and game.result in ("1-0", "0-1")
    record = SubmittedRecord.objects.get(game=game)
    assert record.status == SubmittedRecord.Status.VALID
    assert f"1. {opening} {step};pass 2. " in game.record and "[Setup " in game.record
    verdict = registry.replay(game.record)
    assert verdict.valid and str(verdict.result) == game.result and verdict.moves == moves
    # the board on the game page, the stepper at a turn's first move, the board's own address
    html = Client().get(game.get_absolute_url() + "?ply=2").content.decode()
    assert "<svg" in html and 'class="stack ' in html and 'data-ply="2"' in html
    svg = Client().get(reverse("games:board-svg", args=[game.pk]) + "?ply=3")
    assert svg.status_code == 200 and b'data-type="tzaar"' in svg.content


def test_a_tzaar_record_is_verified_through_the_api(api_client: Any) -> None:
    record = registry.random_record("tzaar", 11)
    verdict = api_client.post("/api/replay/", {"record": record}, format="json").json()
    assert verdict["valid"] is True and verdict["game"] == "tzaar"
    bad = record.replace("[Setup ", "[Comment ")
    refused = api_client.post("/api/replay/", {"record": bad}, format="json").json()
    assert refused["valid"] is False and "does not state its start" in refused["error"]["reason"]


def _offered(client: Client, game: Game) -> dict[str, str]:
    """The moves the game page's form offers: notation -> the points picked on the board (play.js)."""
    html = client.get(game.get_absolute_url()).content.decode()
    return dict(re.findall(r'<option value="([^"]+)" data-points="([^"]*)">', html))


def test_the_game_page_offers_from_and_to_and_a_pass_without_points(people: dict[str, Any]) -> None:  # noqa: F811
    game = state.create_service_game(people["Ann"], people["Bob"], "tzaar", "5+3", options={"start": "fixed"})
    ann, bob = Client(), Client()
    ann.force_login(people["ann"])
    bob.force_login(people["bob"])
    first = _offered(ann, game)
    assert len(first) == 42 and first["c4xc5"] == "c4 c5"  # the specification's 42 first moves
    assert ann.post(f"/games/{game.pk}/move/", {"move": "c4xc5", "expected_ply": "0"}).status_code == 302
    assert "pass" not in _offered(bob, game) and _offered(ann, game) == {}
    assert bob.post(f"/games/{game.pk}/move/", {"move": "d3xd4", "expected_ply": "1"}).status_code == 302
    second = _offered(bob, game)
    assert second["pass"] == "" and second["d2+d4"] == "d2 d4"


def test_the_placement_start_is_played_on_the_page_like_any_move(people: dict[str, Any]) -> None:  # noqa: F811
    game = state.create_service_game(
        people["Ann"], people["Bob"], "tzaar", "", options={"start": "placement"}
    )
    assert game.options == {"start": "placement"}
    ann = Client()
    ann.force_login(people["ann"])
    moves = _offered(ann, game)
    assert len(moves) == 180 and moves["wT@c4"] == moves["wO@c4"] == "c4"  # the type is asked
    assert ann.post(f"/games/{game.pk}/move/", {"move": "wZ@e6", "expected_ply": "0"}).status_code == 302
    assert game.moves.get().notation == "wZ@e6"


def test_the_move_list_numbers_turns_as_the_record_does(people: dict[str, Any]) -> None:  # noqa: F811
    game = state.create_service_game(people["Ann"], people["Bob"], "tzaar", "", options={"start": "fixed"})
    for ply, (user, move) in enumerate(
        [
            ("ann", "c4xc5"),
            ("bob", "d3xd4"),
            ("bob", "d2+d4"),
            ("ann", "c3xc2"),
            ("ann", "pass"),
            ("bob", "d4xb2"),
        ]
    ):
        service.make_move(game, people[user], move, ply)
    moves = list(game.moves.order_by("ply").values_list("notation", "position"))
    rows = boards.played_rows(game, moves)
    # the record: 1. c4xc5 d3xd4;d2+d4 2. c3xc2;pass d4xb2 (over the empty c3) (its numbers are of pairs of turns)
    assert [(row.number, row.mover, row.show_number) for row in rows] == [
        (1, 0, True), (1, 1, False), (1, 1, False), (2, 0, True), (2, 0, False), (2, 1, False)
    ]  # fmt: skip
    assert rows[2].label == "move 1, Black" and rows[4].label == "move 2, White"


def test_a_refused_tzaar_record_shows_its_board_before_the_refused_move(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # docs/rules.md (TZAAR): White's Tzaar c3, height 1, may not take Black's stack of height 2 on d4
    text = '[Game "TZAAR"]\n[Setup "fixed"]\n\n1. c4xc5 d3xd4;d2+d4 2. c3xd4\n'
    record, html = submitted_page(django_capture_on_commit_callbacks, "TZAAR records", "tzaar", text)
    assert record.status == "invalid" and record.error_ply == 4
    assert 'id="refused-board"' in html and "move 2, White" in html  # ply 4 opens White's second turn
    assert 'data-space="d4" data-type="tzarra" data-height="2"' in html
    assert "a stack of height 1 may not take a stack of height 2" in html


def test_a_refused_tzaar_move_is_explained_in_ukrainian(api_client: Any) -> None:
    text = '[Game "TZAAR"]\n[Setup "fixed"]\n\n1. c4xc5 d3xd4;d2+d4 2. c3xd4\n'
    answer = api_client.post("/api/replay/", {"record": text}, format="json", HTTP_ACCEPT_LANGUAGE="uk")
    error = answer.json()["error"]
    assert error["reason"] == "a stack of height 1 may not take a stack of height 2"
    assert error["message"] == "стос висоти 1 не може взяти стос висоти 2"
