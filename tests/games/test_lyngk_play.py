"""LYNGK on the service: offered wherever a game is chosen, rated in a family of its own, started from a
random start the service draws and writes down, played through the HTTP play API one decision a
request (a claim, then the same player's move), its record written in turns and verified, its board
on the game page, at the board's SVG URL and in a refused record's page, its words in Ukrainian.

Moves from the specification's S1 (docs/rules.md, LYNGK)."""

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
from tests.arbiter.lyngk.support import DRAWN, S1
from tests.games.play.test_play import api_of, people  # noqa: F401  (the players' fixture)
from tests.games.refused import submitted_page
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db


def test_lyngk_is_offered_and_rated_in_its_own_family() -> None:
    assert ("lyngk", "LYNGK") in game_choices()
    assert ("lyngk", "LYNGK") in EventForm().fields["game"].choices
    assert ("lyngk", "LYNGK") in family_choices()
    assert registry.family_of("lyngk") == "lyngk" and registry.draws("lyngk")


def test_a_challenge_starts_from_a_drawn_start_and_a_claim_is_a_request_of_its_own(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    sent = ann.post("/api/play/challenges/", {"opponent": "bob", "game": "lyngk", "colour": "white"})
    assert sent.status_code == 201, sent.json()
    game = Game.objects.get(pk=bob.post(f"/api/play/challenges/{sent.json()['id']}/accept/").json()["id"])
    word, setup = game.options["start"].split(maxsplit=1)  # drawn now, stored with the game
    assert word == "random" and len(setup.split()) == 43
    assert game.position == registry.start("lyngk", game.options)
    claims = [move for move in ann.get(f"/api/play/{game.pk}/").json()["legal_moves"] if len(move) == 1]
    assert claims == ["I", "B", "R", "G", "K"]
    assert ann.post(f"/api/play/{game.pk}/move/", {"move": "R", "expected_ply": 0}).status_code == 201
    state = ann.get(f"/api/play/{game.pk}/").json()
    assert state["to_move"] == "ann" and state["ply"] == 1  # the claimer moves next
    assert not any(len(move) == 1 for move in state["legal_moves"])
    refused = ann.post(f"/api/play/{game.pk}/move/", {"move": "B", "expected_ply": 1})
    assert refused.status_code == 400 and "White has claimed red this turn" in str(refused.json())
    move = state["legal_moves"][0]
    assert ann.post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": 1}).status_code == 201
    assert bob.post(f"/api/play/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    assert f'[Setup "{setup}"]' in game.record and f"1. R;{move} resign" in game.record
    verdict = registry.replay(game.record)
    assert verdict.valid and str(verdict.result) == game.result == "1-0"
    assert SubmittedRecord.objects.get(game=game).status == SubmittedRecord.Status.VALID


def _offered(client: Client, game: Game) -> dict[str, str]:
    """The moves the game page's form offers: notation -> the points picked on the board."""
    html = client.get(game.get_absolute_url()).content.decode()
    return dict(re.findall(r'<option value="([^"]+)" data-points="([^"]*)">', html))


def test_the_game_page_offers_claims_without_points_and_moves_by_stack_and_landing(
    people: dict[str, Any],  # noqa: F811
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "lyngk", "5+3", options={"start": S1})
    ann = Client()
    ann.force_login(people["ann"])
    first = _offered(ann, game)
    assert len(first) == 161 and first["R"] == "" and first["c1-c2"] == "c1 c2"  # 5 claims, 156 moves
    service.make_move(game, people["ann"], "R", 0)
    second = _offered(ann, game)
    assert second["b4-c7"] == "b4 c7" and "b4-c6" not in second and "B" not in second  # c6: a LYNGK point
    html = ann.get(game.get_absolute_url()).content.decode()
    assert "White has claimed red: a move follows" in html


def test_the_move_list_and_the_record_join_a_claim_and_its_move(people: dict[str, Any]) -> None:  # noqa: F811
    game = state.create_service_game(people["Ann"], people["Bob"], "lyngk", "", options={"start": S1})
    for ply, (user, move) in enumerate(
        [("ann", "R"), ("ann", "b4-c7"), ("bob", "K"), ("bob", "d5-e7"), ("ann", "c1-c2")]
    ):
        service.make_move(game, people[user], move, ply)
    moves = list(game.moves.order_by("ply").values_list("notation", "position"))
    rows = boards.played_rows(game, moves)
    # the record: 1. R;b4-c7 K;d5-e7 2. c1-c2 (the specification's example)
    assert [(row.number, row.mover, row.show_number) for row in rows] == [
        (1, 0, True), (1, 0, False), (1, 1, False), (1, 1, False), (2, 0, True)
    ]  # fmt: skip
    assert rows[3].label == "move 1, Black"


def test_a_finished_game_is_stepped_through_and_drawn_at_its_svg_url(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "lyngk", "", options={"start": S1})
    users = {0: people["ann"], 1: people["bob"]}
    with django_capture_on_commit_callbacks(execute=True):
        for ply, move in enumerate(DRAWN):
            service.make_move(game, users[state.to_move(Game.objects.get(pk=game.pk))], move, ply)
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1/2-1/2", "stacks")
    page = Client().get(game.get_absolute_url() + "?ply=12").content.decode()
    assert 'data-ply="12"' in page and 'data-stack="d3"' in page
    assert "Drawn: no move left, stacks counted" in Client().get(game.get_absolute_url()).content.decode()
    final = Client().get(reverse("games:board-svg", args=[game.pk])).content.decode()
    assert 'class="stack five-stack" data-stack="d3" data-pieces="KGBRI"' in final
    assert (
        "White: red, ivory; stacks of five won 0" in final
        and "Black: black, green; stacks of five won 0" in final
    )


def test_a_refused_lyngk_record_shows_its_board_before_the_refused_decision(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # docs/rules.md (LYNGK): White's third claim, ply 9
    text = f'[Game "lyngk"]\n[Setup "{S1}"]\n\n1. R;b4-c7 K;d5-e7 2. B;c3-c4 G;d2-e2 3. I;c4-c5\n'
    record, html = submitted_page(django_capture_on_commit_callbacks, "LYNGK records", "lyngk", text)
    assert record.status == "invalid" and record.error_ply == 9
    assert 'id="refused-board"' in html and "move 3, White" in html
    assert "a player may claim only two colours: White holds red and blue" in html
    board = html[html.index('id="refused-board"') :]
    assert "White: red, blue; stacks of five won 0" in board and 'data-stack="c4" data-pieces="IB"' in board


def test_a_refused_lyngk_decision_is_explained_in_ukrainian(api_client: Any) -> None:
    text = f'[Game "lyngk"]\n[Setup "{S1}"]\n\n1. R;b4-c7 R;d5-e7\n'
    answer = api_client.post("/api/replay/", {"record": text}, format="json", HTTP_ACCEPT_LANGUAGE="uk")
    error = answer.json()["error"]
    assert (error["ply"], error["reason"]) == (3, "red is claimed by White")
    assert error["message"] == "червоний заявили Білі"


def test_the_page_and_the_api_tell_what_each_side_holds(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The players own no colour at the start (L-3): the game's detail says what each side holds, the
    colours claimed, where a game of pieces of one's own says nothing (``holds`` null)."""
    game = state.create_service_game(people["Ann"], people["Bob"], "lyngk", "", options={"start": S1})
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    assert ann.get(f"/api/play/{game.pk}/").json()["holds"] == ["no colour yet", "no colour yet"]
    for ply, (user, move) in enumerate(
        [("ann", "R"), ("ann", "b4-c7"), ("bob", "K"), ("bob", "d5-e7"), ("ann", "B")]
    ):
        service.make_move(game, people[user], move, ply)
    assert ann.get(f"/api/play/{game.pk}/").json()["holds"] == ["red and blue", "black"]
    uk = ann.get(f"/api/play/{game.pk}/", HTTP_ACCEPT_LANGUAGE="uk").json()["holds"]
    assert uk == ["червоний і синій", "чорний"]
    page = Client()
    page.force_login(people["bob"])
    assert (
        "White holds red and blue; Black holds black." in page.get(game.get_absolute_url()).content.decode()
    )
    dvonn = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "")
    assert ann.get(f"/api/play/{dvonn.pk}/").json()["holds"] is None
    assert 'id="play-holds"' not in page.get(dvonn.get_absolute_url()).content.decode()
