"""Draw offers in games played on the service (``games.play.draws``), through the play API and the page.

Which games can be drawn comes from the rule texts (/work/shared/rules): DVONN "If both players end
up with an equal stack, then the game ends in a tie", YINSH "with equal rings it is a draw"; GIPF
"A tie is not possible", GIPF with potentials "The game cannot end in a draw", TZAAR "A game
cannot be drawn", ZÈRTZ "the game ends in a draw when a position occurs for the third time". DVONN's
first placements here are ``c3`` (White, ply 1) and ``d3`` (Black, ply 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django_eventstream.models import Event

from accounts.models import Notice
from arbiter import registry
from games.models import DrawOffer, Game, SubmittedRecord
from games.play import draws, service
from games.play import state as play_state
from games.records import services
from tests.conftest import CommittingAPIClient, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(django_capture_on_commit_callbacks: Any) -> Callable[[User | None], CommittingAPIClient]:
    return lambda user: token_client(user, django_capture_on_commit_callbacks)


@pytest.fixture
def dvonn(people: dict[str, Any]) -> Game:
    return play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")


@pytest.mark.parametrize(
    ("key", "drawn"),
    [
        ("dvonn", True),
        ("yinsh", True),
        ("yinsh-blitz", True),
        ("gipf-basic", False),
        ("gipf-standard", False),
        ("gipf-tournament", False),
        ("tzaar", False),
        ("zertz-standard", True),  # a third repetition is a draw (shared/rules/zertz.md ZT-13)
        ("zertz-blitz", True),
        ("zertz-tournament", True),
    ],
)
def test_the_games_whose_rules_allow_a_draw_declare_it(key: str, drawn: bool) -> None:
    assert registry.draws(key) is drawn


def test_an_offer_accepted_ends_the_game_drawn_by_agreement_official_at_once(
    people: dict[str, Any], dvonn: Game, api: Any
) -> None:
    ann, bob = api(people["ann"]), api(people["bob"])
    made = ann.post(f"/api/play/{dvonn.pk}/offer-draw/")
    assert made.status_code == 201, made.json()
    assert (made.json()["offered_by"], made.json()["status"], made.json()["ply"]) == ("white", "open", 0)
    assert bob.get(f"/api/play/{dvonn.pk}/").json()["draw_offer"] == "white"
    taken = bob.post(f"/api/play/{dvonn.pk}/accept-draw/")
    assert taken.status_code == 200, taken.json()
    assert taken.json() | {"game": 0} == {
        "game": 0,
        "offered_by": "white",
        "ply": 0,
        "status": "accepted",
        "result": "1/2-1/2",
        "ending": "Drawn by agreement",
    }
    dvonn.refresh_from_db()
    assert (dvonn.result, dvonn.termination, dvonn.state) == ("1/2-1/2", "agreement", Game.State.OFFICIAL)
    assert dvonn.finished_at is not None and dvonn.record.split()[-1] == "draw"
    state = ann.get(f"/api/play/{dvonn.pk}/").json()
    assert (state["to_move"], state["draw_offer"], state["ending"]) == (None, None, "Drawn by agreement")
    # the record play wrote verifies to the same result
    record = SubmittedRecord.objects.get(game=dvonn, kind=SubmittedRecord.Kind.PLAYED)
    verified = services.verify_record(record.pk)
    assert verified.status == SubmittedRecord.Status.VALID, verified.error_reason
    assert (verified.verdict or {})["result"] == "1/2-1/2"
    # Ann is told how it ended; Bob, who accepted, is not told what he did
    assert [notice.text for notice in Notice.objects.filter(recipient=people["ann"], kind="game-end")] == [
        "Ann – Bob (Played on the service) is over: 1/2-1/2 · Drawn by agreement"
    ]
    # Bob was told of the offer, read once the game ended
    assert list(Notice.objects.filter(recipient=people["bob"]).values_list("kind", "read")) == [
        ("draw-offer", True)
    ]
    # over: nothing more to offer or accept
    assert ann.post(f"/api/play/{dvonn.pk}/offer-draw/").status_code == 409


def test_a_game_that_cannot_be_drawn_refuses_the_offer_naming_why(people: dict[str, Any], api: Any) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    answer = api(people["ann"]).post(f"/api/play/{game.pk}/offer-draw/")
    assert answer.status_code == 400
    assert "allow no draw" in answer.json()["detail"]
    assert not DrawOffer.objects.exists()


def test_only_the_players_offer_and_only_the_opponent_answers(
    people: dict[str, Any], dvonn: Game, api: Any
) -> None:
    assert api(None).post(f"/api/play/{dvonn.pk}/offer-draw/").status_code == 401
    assert api(people["sam"]).post(f"/api/play/{dvonn.pk}/offer-draw/").status_code == 403
    assert api(people["ann"]).post("/api/play/999999/offer-draw/").status_code == 404
    ann, bob = api(people["ann"]), api(people["bob"])
    assert bob.post(f"/api/play/{dvonn.pk}/accept-draw/").status_code == 409  # nothing offered
    assert ann.post(f"/api/play/{dvonn.pk}/offer-draw/").status_code == 201
    again = ann.post(f"/api/play/{dvonn.pk}/offer-draw/")
    assert again.status_code == 409 and "already" in again.json()["detail"]
    own = ann.post(f"/api/play/{dvonn.pk}/accept-draw/")
    assert own.status_code == 409 and "your own" in own.json()["detail"]
    assert api(people["sam"]).post(f"/api/play/{dvonn.pk}/decline-draw/").status_code == 403
    declined = bob.post(f"/api/play/{dvonn.pk}/decline-draw/")
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    dvonn.refresh_from_db()
    assert dvonn.finished_at is None and dvonn.result == ""
    # no offer after offer: Ann offers again only once a move was played
    soon = ann.post(f"/api/play/{dvonn.pk}/offer-draw/")
    assert soon.status_code == 409 and "after a move" in soon.json()["detail"]
    service.make_move(dvonn, people["ann"], "c3", 0)
    assert ann.post(f"/api/play/{dvonn.pk}/offer-draw/").status_code == 201


def test_an_offer_lapses_when_the_opponent_moves_not_when_its_player_does(
    people: dict[str, Any], dvonn: Game
) -> None:
    offered = draws.offer(dvonn, people["ann"])  # White, to move, offers
    service.make_move(dvonn, people["ann"], "c3", 0)
    assert draws.pending(Game.objects.get(pk=dvonn.pk)) == offered  # his own move: it stands
    service.make_move(dvonn, people["bob"], "d3", 1)
    offered.refresh_from_db()
    assert offered.status == DrawOffer.Status.LAPSED
    assert draws.pending(Game.objects.get(pk=dvonn.pk)) is None


def test_offering_while_the_opponents_offer_stands_accepts_it(people: dict[str, Any], dvonn: Game) -> None:
    draws.offer(dvonn, people["bob"])  # Black offers while White is to move
    taken = draws.offer(dvonn, people["ann"])
    assert (taken.side, taken.status) == (1, DrawOffer.Status.ACCEPTED)
    dvonn.refresh_from_db()
    assert (dvonn.result, dvonn.termination) == ("1/2-1/2", "agreement")


def _told(channel: str) -> list[tuple[str, dict[str, Any]]]:
    """The events stored for ``channel``'s streams, in order (the library stores the JSON text of
    their JSON text)."""
    stored = Event.objects.filter(channel=channel).exclude(type="").order_by("eid")
    return [(event.type, json.loads(json.loads(event.data))) for event in stored]


def test_each_offer_and_answer_is_told_to_the_live_stream(
    people: dict[str, Any], dvonn: Game, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        draws.offer(dvonn, people["ann"])
    with django_capture_on_commit_callbacks(execute=True):
        draws.decline(dvonn, people["bob"])
    with django_capture_on_commit_callbacks(execute=True):
        service.make_move(dvonn, people["ann"], "c3", 0)
        draws.offer(dvonn, people["ann"])
    with django_capture_on_commit_callbacks(execute=True):
        service.make_move(dvonn, people["bob"], "d3", 1)
    with django_capture_on_commit_callbacks(execute=True):
        draws.offer(dvonn, people["bob"])
        draws.accept(dvonn, people["ann"])
    told = _told(f"game-{dvonn.pk}")
    assert [(kind, data.get("offer"), data.get("answer")) for kind, data in told if kind == "draw"] == [
        ("draw", 0, "offered"),
        ("draw", None, "declined"),
        ("draw", 0, "offered"),
        ("draw", None, "lapsed"),
        ("draw", 1, "offered"),
    ]
    # each player's own stream (a bot's) hears the same, Ann's and Bob's alike
    for player in (people["Ann"], people["Bob"]):
        heard = [
            (data["offer"], data["answer"]) for kind, data in _told(f"player-{player.pk}") if kind == "draw"
        ]
        assert heard == [(0, "offered"), (None, "declined"), (0, "offered"), (None, "lapsed"), (1, "offered")]
    ((end,),) = [[data] for kind, data in told if kind == "end"]
    assert (end["result"], end["how"], end["ending"], end["winner"]) == ("1/2-1/2", "agreement", "draw", None)
    # the lapse came with Bob's move, after it: the move first, then the offer lapsed
    kinds = [(kind, data["ply"]) for kind, data in told]
    assert kinds.index(("move", 2)) + 1 == kinds.index(("draw", 2))


def test_the_page_offers_accepts_and_shows_the_ending(people: dict[str, Any], dvonn: Game) -> None:
    ann, bob = Client(), Client()
    ann.force_login(people["ann"])
    bob.force_login(people["bob"])
    page = ann.get(dvonn.get_absolute_url()).content.decode()
    assert 'id="draw-offer-button"' in page
    assert ann.post(f"/games/{dvonn.pk}/offer-draw/").status_code == 302
    page = bob.get(dvonn.get_absolute_url()).content.decode()
    assert "Ann (White) offers a draw." in page and 'id="draw-accept"' in page
    assert bob.post(f"/games/{dvonn.pk}/accept-draw/").status_code == 302
    page = bob.get(dvonn.get_absolute_url()).content.decode()
    assert "<strong>1/2-1/2</strong> · Drawn by agreement" in page
    assert 'id="draw-offer"' not in page and 'id="submissions-pane"' not in page
    # a refusal shows the page as it stands with the reason
    refused = ann.post(f"/games/{dvonn.pk}/offer-draw/")
    assert refused.status_code == 409 and "the game is over" in refused.content.decode()
