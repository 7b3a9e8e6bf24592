"""ZÈRTZ on the service: its three variants offered wherever a game is chosen and rated in one family of
its own; a game played through the HTTP play API one turn a request, a capture chain one request, to
its end by the rules, its record verified; its board on the game page, in the stepper and at its own
address; a refused record's board; a refused turn explained in Ukrainian; a draw agreed (a ZÈRTZ game
can be drawn, ZT-13); and each end told with the right player.

The opening played is ZT-15's example (worked by hand in tests/arbiter/zertz/test_svg.py): after
seven turns Black's only turn is the chain xg2We4Wc3 (his marble on g2 jumps f3 to e4, then d4 to
c3)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.choices import family_choices, game_choices
from games.models import Game, SubmittedRecord
from games.play import state
from games.play.endings import ending
from tests.arbiter.zertz.support import position_text
from tests.games.play.test_play import api_of, people  # noqa: F401  (the players' fixture)
from tests.games.play.through_api import clients_of, play_to_the_end
from tests.games.refused import submitted_page
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db

KEYS = [("zertz-standard", "ZÈRTZ"), ("zertz-blitz", "ZÈRTZ blitz"), ("zertz-tournament", "ZÈRTZ tournament")]
OPENING = ["Bd1,g1", "Wb2,a3", "Bc3,a1", "xb2Bd4", "Bd7,f5", "Wg2,b5", "Wf3,f1", "xg2We4Wc3"]


def test_zertz_is_offered_in_three_variants_and_rated_in_its_own_family() -> None:
    for pair in KEYS:
        assert pair in game_choices() and pair in EventForm().fields["game"].choices
        assert registry.family_of(pair[0]) == "zertz"
    assert ("zertz", "ZÈRTZ") in family_choices()
    assert registry.games_of("zertz") == [key for key, _name in KEYS]


def test_a_zertz_game_is_played_one_turn_a_request_a_chain_in_one(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "zertz-standard", "5+3", rated=False)
    clients = clients_of(people, django_capture_on_commit_callbacks)
    first = clients["ann"].get(f"/api/play/{game.pk}/").json()
    assert len(first["legal_moves"]) == 1_944  # shared/rules/zertz.md, perft depth 1
    for ply, move in enumerate(OPENING[:7]):
        mover = "ann" if ply % 2 == 0 else "bob"
        assert (
            clients[mover].post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}).status_code
            == 201
        )
    seen = clients["bob"].get(f"/api/play/{game.pk}/").json()
    assert seen["legal_moves"] == ["xg2We4Wc3"]  # the capture is compulsory, the chain whole
    short = clients["bob"].post(f"/api/play/{game.pk}/move/", {"move": "xg2We4", "expected_ply": 7})
    assert short.status_code == 400 and "the marble on e4 can jump again" in str(short.json())
    assert (
        clients["bob"]
        .post(f"/api/play/{game.pk}/move/", {"move": "xg2We4Wc3", "expected_ply": 7})
        .status_code
        == 201
    )
    moves = [*OPENING, *play_to_the_end(game, clients, 3, 8, 300)]
    game.refresh_from_db()
    assert game.finished_at is not None and game.plies == len(moves)
    status = registry.status(game.position)
    assert (game.result, game.termination) == (str(status.result), status.termination)
    assert SubmittedRecord.objects.get(game=game).status == SubmittedRecord.Status.VALID
    assert "1. Bd1,g1 Wb2,a3 2. Bc3,a1 xb2Bd4" in game.record and '[Game "zertz-standard"]' in game.record
    verdict = registry.replay(game.record)
    assert verdict.valid and str(verdict.result) == game.result and verdict.moves == moves
    # the board on the game page (the stepper at the chain), and at its own address
    html = Client().get(game.get_absolute_url() + "?ply=8").content.decode()
    assert 'data-ply="8"' in html and 'data-point="c3"' in html and 'class="last-move"' in html
    assert 'data-marble="W" data-ring="c3"' in html and 'data-pool="3/8/7"' in html
    svg = Client().get(reverse("games:board-svg", args=[game.pk]) + "?ply=7")
    assert (
        svg.status_code == 200 and b'data-gone="f1"' in svg.content and b'data-point="a1"' not in svg.content
    )


def _offered(client: Client, game: Game) -> dict[str, str]:
    """The turns the game page's form offers: notation -> the rings picked on the board (play.js)."""
    html = client.get(game.get_absolute_url()).content.decode()
    return dict(re.findall(r'<option value="([^"]+)" data-points="([^"]*)">', html))


def test_the_game_page_offers_the_rings_a_click_picks(people: dict[str, Any]) -> None:  # noqa: F811
    game = state.create_service_game(people["Ann"], people["Bob"], "zertz-tournament", "5+3")
    ann, bob = Client(), Client()
    ann.force_login(people["ann"])
    bob.force_login(people["bob"])
    first = _offered(ann, game)
    assert len(first) == 2_961  # perft depth 1 on 48 rings
    assert first["Wd4,h1"] == first["Gd4,h1"] == first["Bd4,h1"] == "d4 h1"  # the colour is asked
    for ply, (client, move) in enumerate([(ann, "Bh1,a1"), (bob, "Wg1,a2")]):
        assert (
            client.post(f"/games/{game.pk}/move/", {"move": move, "expected_ply": str(ply)}).status_code
            == 302
        )
    # the 48-ring board's edge: the black marble on h1 jumps the white one on g1 to f1 (one line)
    assert _offered(bob, game) == {}
    assert _offered(ann, game) == {"xh1Wf1": "h1 f1"}


def test_a_refused_zertz_record_shows_its_board_before_the_refused_turn(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # docs/rules.md (ZÈRTZ): Black may not place while his marble on b2 can jump the one on c3
    text = '[Game "zertz-standard"]\n\n1. Bd1,g1 Wb2,a3 2. Bc3,a1 Wa2,b1\n'
    record, html = submitted_page(django_capture_on_commit_callbacks, "ZÈRTZ records", "zertz-standard", text)
    assert record.status == "invalid" and record.error_ply == 4
    assert 'id="refused-board"' in html and "move 2, Black" in html
    assert 'data-marble="W" data-ring="b2"' in html and 'data-marble="B" data-ring="c3"' in html
    assert 'data-point="a3"' not in html  # removed by Black's first turn
    assert "a capture is possible: the turn must capture" in html


def test_a_refused_zertz_turn_is_explained_in_ukrainian(api_client: Any) -> None:
    text = '[Game "zertz-standard"]\n\n1. Bd1,g1 Wb2,a3 2. Bc3,a1 Wa2,b1\n'
    answer = api_client.post("/api/replay/", {"record": text}, format="json", HTTP_ACCEPT_LANGUAGE="uk")
    error = answer.json()["error"]
    assert (error["ply"], error["reason"]) == (4, "a capture is possible: the turn must capture")
    assert error["message"] == "взяття можливе: хід має бути взяттям"


def test_a_zertz_game_can_be_drawn_by_agreement(
    people: dict[str, Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "zertz-blitz", "5+3")
    clients = clients_of(people, django_capture_on_commit_callbacks)
    assert (
        clients["ann"].post(f"/api/play/{game.pk}/move/", {"move": "Wd4,a1", "expected_ply": 0}).status_code
        == 201
    )
    assert clients["bob"].post(f"/api/play/{game.pk}/offer-draw/").status_code == 201
    taken = clients["ann"].post(f"/api/play/{game.pk}/accept-draw/")
    assert taken.status_code == 200 and taken.json()["result"] == "1/2-1/2"
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1/2-1/2", "agreement") and game.record.split()[-1] == "draw"
    verdict = registry.replay(game.record)
    assert verdict.valid and (str(verdict.result), verdict.termination) == ("1/2-1/2", "agreement")


# The ends as the pages tell them, each against a position where the rules end the game that way
# (docs/rules.md, ZÈRTZ): the player named must be the one the rules make win or lose.
GOAL = position_text("zertz-standard", None, ["Wd1", "Bd2", "Gc3"], white=(3, 3, 2))
LAST_RING = position_text("zertz-standard", ["a1", "a2"], ["Ba1"])
NO_MARBLE = position_text(
    "zertz-standard",
    ["b1", "b2", "c1", "c2", "c3", "d2", "d3", "d5", "d6", "e4", "e5", "e6", "f4", "f5", "g4"],
    ["Wc3", "Wd3", "We6", "Wf5", "Gc1", "Gd2", "Ge4", "Gf4", "Bb1", "Bb2", "Bd5", "Bd6", "Bg4"],
    pool=(0, 0, 0),
    black=(2, 4, 5),
)


@pytest.mark.parametrize(
    ("position", "turn", "told"),
    [
        (GOAL, "xd1Bd3", "Ann captured the marbles of a goal"),  # White's captures: three of each
        (LAST_RING, "Ga2", "Ann made the last move: no ring was left on the board"),
        (NO_MARBLE, None, "Ann could capture nothing and had no marble to place"),  # White to move
    ],
)
def test_each_end_is_told_with_the_player_the_rules_name(
    people: dict[str, Any],  # noqa: F811
    position: str,
    turn: str | None,
    told: str,
) -> None:
    final = position if turn is None else registry.play(position, turn).position
    status = registry.status(final)
    game = state.create_service_game(people["Ann"], people["Bob"], "zertz-standard", "")
    game.result, game.termination = str(status.result), str(status.termination)
    assert ending(game) == told
    drawn = state.create_service_game(people["Ann"], people["Bob"], "zertz-standard", "")
    drawn.result, drawn.termination = "1/2-1/2", "repetition"
    assert ending(drawn) == "Drawn: the position occurred a third time"
