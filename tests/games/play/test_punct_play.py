"""PÜNCT on the service: offered wherever a game is chosen and rated in a family of its own; played
through the HTTP play API, its thousands of moves narrowed by the points picked (``?picked=``); its
game page, which lists none of them but names the API to ask; its boards; a refused record's board;
a draw by the central hexagon and the words that tell each end.

Counts and moves worked by hand (docs/rules.md, PÜNCT): 4,986 turns at the start (the
specification's), the six kinds first to pick; a straight piece with its PÜNCT on e5 lies five
ways off the central hexagon (its sixth, e5-f6-g7, reaches g7, in it), each picked by its middle
dot then its end."""

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
from games.play.endings import ending
from tests.games.play.test_play import api_of, people  # noqa: F401  (the players' fixture)
from tests.games.play.through_api import clients_of
from tests.games.refused import submitted_page
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db

#: docs/rules.md (PÜNCT): White's chain up column f to j17 joins row 1 and row 17 at ply 11
CONNECTION = [
    "E:f1,f2,f3",
    "C:e9,e8,e10",
    "E:f4,f5,f6",
    "T:e2,d1,e1",
    "E:f7,f8,f9",
    "E:h1,i2,j3",
    "E:f10,f11,f12",
    "E:k4,l5,m6",
    "L:f13,f14,g15",
    "E:m7,m8,m9",
    "R:h16,i16,j17",
]


def _game(people: dict[str, Any], time_control: str = "") -> Game:  # noqa: F811
    return state.create_service_game(people["Ann"], people["Bob"], "punct", time_control)


def test_punct_is_offered_and_rated_in_its_own_family() -> None:
    assert ("punct", "PÜNCT") in game_choices()
    assert ("punct", "PÜNCT") in EventForm().fields["game"].choices
    assert ("punct", "PÜNCT") in family_choices()
    assert registry.family_of("punct") == "punct"


def test_the_play_api_offers_the_moves_point_by_point(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = _game(people)
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    state = ann.get(f"/api/play/{game.pk}/").json()
    assert (state["legal_move_count"], state["legal_moves"], state["picked"]) == (4986, [], [])
    assert state["next_points"] == ["T", "C", "E", "M", "L", "R"] and state["picked_moves"] == []
    five = ann.get(f"/api/play/{game.pk}/", {"picked": "E,e5"}).json()
    assert five["legal_move_count"] == 5 and five["picked"] == ["E", "e5"]
    assert sorted(five["legal_moves"]) == [
        "E:e5,d4,c3",
        "E:e5,d5,c5",
        "E:e5,e4,e3",
        "E:e5,e6,e7",
        "E:e5,f5,g5",
    ]
    assert sorted(five["next_points"]) == ["d4", "d5", "e4", "e6", "f5"]
    one = ann.get(f"/api/play/{game.pk}/", {"picked": "E,e5,f5"}).json()
    assert (one["legal_moves"], one["next_points"], one["picked_moves"]) == (["E:e5,f5,g5"], ["g5"], [])
    whole = ann.get(f"/api/play/{game.pk}/", {"picked": "E,e5,f5,g5"}).json()
    assert (whole["next_points"], whole["picked_moves"]) == ([], ["E:e5,f5,g5"])
    nothing = ann.get(f"/api/play/{game.pk}/", {"picked": "E,i9"}).json()  # the centre: no addition
    assert (nothing["legal_move_count"], nothing["legal_moves"], nothing["next_points"]) == (0, [], [])
    long = ann.get(f"/api/play/{game.pk}/", {"picked": ",".join(["x" * 40] * 50)})
    assert long.status_code == 200 and long.json()["legal_move_count"] == 0
    moved = ann.post(f"/api/play/{game.pk}/move/", {"move": "E:e5,f5,g5", "expected_ply": 0})
    assert moved.status_code == 201
    black = ann.get(f"/api/play/{game.pk}/").json()
    assert black["to_move"] == "bob" and black["legal_move_count"] > 4000 and black["legal_moves"] == []


def test_the_game_page_names_the_api_instead_of_listing_thousands_of_moves(people: dict[str, Any]) -> None:  # noqa: F811
    game = _game(people)
    ann = Client()
    ann.force_login(people["ann"])
    html = ann.get(game.get_absolute_url()).content.decode()
    assert f'data-picks-url="/api/play/{game.pk}/?picked="' in html and 'id="move-text"' in html
    assert "<option value=" not in html and "4986 legal moves" in html
    assert 'data-point="T"' in html and 'data-space="i9"' in html  # the hand's kinds, the spaces
    sent = ann.post(f"/games/{game.pk}/move/", {"move": "e:E5,F5,G5", "expected_ply": "0"})
    assert sent.status_code == 302 and game.moves.get().notation == "E:e5,f5,g5"
    html = Client().get(game.get_absolute_url()).content.decode()
    assert 'class="last-mark" data-space="g5"' in html and 'class="piece white kind-E level-0"' in html


def test_a_connection_ends_the_game_with_its_chain_and_its_words(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = _game(people)
    clients = clients_of(people, django_capture_on_commit_callbacks)
    for ply, move in enumerate(CONNECTION):
        player = "ann" if ply % 2 == 0 else "bob"
        answer = clients[player].post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply})
        assert answer.status_code == 201, answer.json()
    game.refresh_from_db()
    assert (game.result, game.termination, game.plies) == ("1-0", "connection", 11)
    assert ending(game) == "Ann connected two opposite sides of the board"
    shown = clients["bob"].get(f"/api/play/{game.pk}/").json()
    assert (shown["legal_moves"], shown["legal_move_count"], shown["next_points"]) == ([], 0, [])
    svg = Client().get(reverse("games:board-svg", args=[game.pk])).content.decode()
    assert 'class="connection"' in svg
    assert SubmittedRecord.objects.get(game=game).status == SubmittedRecord.Status.VALID


def test_the_last_piece_with_the_central_hexagon_empty_is_a_draw(people: dict[str, Any]) -> None:  # noqa: F811
    """Each player adds the first addition the API offers (the first point each time): no piece
    ever touches the central hexagon, so White's 18th addition (ply 35) ends the game 0-0, drawn."""
    game = _game(people)
    users = {"Ann": people["ann"], "Bob": people["bob"]}
    while (mover := state.player_to_move(game)) is not None:
        picked: tuple[str, ...] = ()
        while True:
            found = registry.picking(game.position, picked, 2000)
            if found.moves:
                break
            picked += (found.next[0],)
        assert re.fullmatch(r"[TCEMLR]:.*", found.moves[0].notation)  # an addition
        service.make_move(game, users[mover.display_name], found.moves[0].notation, state.ply_of(game))
        game.refresh_from_db()
    assert (game.result, game.termination, game.plies) == ("1/2-1/2", "last-piece", 35)
    assert ending(game) == "Drawn: last piece added: the central hexagon counted"
    verdict = registry.replay(game.record)
    assert verdict.valid and verdict.score == (0, 0) and str(verdict.result) == "1/2-1/2"


def test_a_refused_punct_record_shows_its_board_before_the_refused_move(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # docs/rules.md (PÜNCT): the bridge over e5, then an addition under it
    text = '[Game "punct"]\n\n1. T:d5,c4,d4 T:f5,f4,g5 2. E:a5,a6,a7 T:m10,l9,m9 3. a5-d5:e5,f5 C:e6,e5,e7\n'
    record, html = submitted_page(django_capture_on_commit_callbacks, "PÜNCT records", "punct", text)
    assert record.status == "invalid" and record.error_ply == 6
    assert 'id="refused-board"' in html and "move 3, Black" in html
    assert 'class="piece white kind-E level-1 bridge" data-punct="d5"' in html
    assert "e5 lies under a bridge: a piece is added on three empty spaces of the board" in html
