"""Notices that follow the game (issue 36: "15 unread after 4 casual games"): a notice about a move is
read once the move is made or the game is over; a draw offered and a takeback asked tell the
opponent, and are read when answered; an aborted game is told. Through the play API, as players
meet them, its requests' commits run (``api_client``'s), so the games' ends reach their listeners.

GIPF standard's first moves (docs/rules.md): White ``a1-c3``, Black ``e9-e7``, White ``i1-g3``.
DVONN's first placements: ``c3`` (White), ``d3`` (Black).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Notice
from games.models import Game
from games.play import state
from tests.conftest import token_client
from tests.games.play.timing import Clock, people_named

pytestmark = pytest.mark.django_db

GIPF = ["a1-c3", "e9-e7", "i1-g3", "i4-g4"]


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob")


@pytest.fixture
def api(django_capture_on_commit_callbacks: Any) -> Any:
    return lambda user: token_client(user, django_capture_on_commit_callbacks)


def unread(user: User) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(recipient=user, read=False).order_by("pk").values_list("kind", "text"))


def test_four_casual_games_leave_no_notice_about_a_move_unread(
    people: dict[str, Any], clock: Clock, api: Any
) -> None:
    """Four correspondence games of three moves, each ended by a resignation (Bob's, to move after
    White's second move): each player is left with the end of the games he did not end himself,
    nothing about their moves."""
    ann, bob = api(people["ann"]), api(people["bob"])
    for _ in range(4):
        game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "3d/15d")
        for ply, (mover, text) in enumerate(zip((ann, bob, ann), GIPF, strict=False)):
            assert (
                mover.post(f"/api/play/{game.pk}/move/", {"move": text, "expected_ply": ply}).status_code
                == 201
            )
        assert bob.post(f"/api/play/{game.pk}/resign/").status_code == 200
    assert Notice.objects.filter(kind=Notice.YOUR_MOVE).count() == 12  # 3 a game, each told
    assert unread(people["bob"]) == []  # he resigned: no notice of his own end
    assert [kind for kind, _text in unread(people["ann"])] == ["game-end"] * 4
    assert unread(people["ann"])[0][1] == "Ann – Bob (Played on the service) is over: 1-0 · Bob resigned"


def test_a_draw_offer_tells_the_opponent_and_is_read_when_declined(
    people: dict[str, Any], clock: Clock, api: Any
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    ann, bob = api(people["ann"]), api(people["bob"])
    assert ann.post(f"/api/play/{game.pk}/move/", {"move": "c3", "expected_ply": 0}).status_code == 201
    assert ann.post(f"/api/play/{game.pk}/offer-draw/").status_code == 201
    assert unread(people["bob"]) == [("draw-offer", "Ann offers you a draw in Ann – Bob")]
    assert unread(people["ann"]) == []
    assert bob.post(f"/api/play/{game.pk}/decline-draw/").status_code == 200
    assert unread(people["bob"]) == []
    # offered again after a move, it lapses when Ann moves: read then
    assert bob.post(f"/api/play/{game.pk}/move/", {"move": "d3", "expected_ply": 1}).status_code == 201
    assert bob.post(f"/api/play/{game.pk}/offer-draw/").status_code == 201
    assert unread(people["ann"]) == [("draw-offer", "Bob offers you a draw in Ann – Bob")]
    legal = ann.get(f"/api/play/{game.pk}/").json()["legal_moves"][0]
    assert ann.post(f"/api/play/{game.pk}/move/", {"move": legal, "expected_ply": 2}).status_code == 201
    assert unread(people["ann"]) == []


def test_a_takeback_asked_tells_the_opponent_and_is_read_when_declined(
    people: dict[str, Any], clock: Clock, api: Any
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    ann, bob = api(people["ann"]), api(people["bob"])
    assert ann.post(f"/api/play/{game.pk}/move/", {"move": GIPF[0], "expected_ply": 0}).status_code == 201
    assert ann.post(f"/api/play/{game.pk}/takeback/").status_code == 200
    assert unread(people["bob"]) == [("takeback", "Ann asks to take back his last move in Ann – Bob")]
    assert bob.post(f"/api/play/{game.pk}/takeback/decline/").status_code == 200
    assert unread(people["bob"]) == []


def test_an_aborted_game_is_told_to_both_and_marked_so_in_my_games(
    people: dict[str, Any], clock: Clock, api: Any
) -> None:
    """A 1+0 game whose first move does not come in 180 s is aborted (read by Bob's page)."""
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    clock.advance(seconds=181)
    assert api(people["bob"]).get(f"/api/play/{game.pk}/").json()["state"] == "aborted"
    for user in (people["ann"], people["bob"]):
        assert unread(user) == [
            ("game-end", "Ann – Bob (GIPF standard) was aborted before it started: no result")
        ]
    client = Client()
    client.force_login(people["ann"])
    page = client.get("/accounts/my-games/").content.decode()
    finished = page[page.index('id="play-finished"') :]
    assert f'data-game="{game.pk}"' in finished and "Aborted: the game did not start, no result" in finished
    row = finished[
        finished.index(f'data-game="{game.pk}"') : finished.index(
            "</tr>", finished.index(f'data-game="{game.pk}"')
        )
    ]
    assert "clock-time" not in row and "to move" not in row  # no clocks, no whose move
    assert Game.objects.get(pk=game.pk).finished_at == clock.start + timedelta(seconds=181)


def test_my_games_in_three_sections(people: dict[str, Any], clock: Clock, api: Any) -> None:
    """Ann: one game where she is to move (White, not started), one where Bob is (she moved first),
    one finished (Bob resigned)."""
    mine = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    theirs = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    over = state.create_service_game(people["Bob"], people["Ann"], "gipf-standard", "3d/15d")
    ann, bob = api(people["ann"]), api(people["bob"])
    assert ann.post(f"/api/play/{theirs.pk}/move/", {"move": GIPF[0], "expected_ply": 0}).status_code == 201
    assert bob.post(f"/api/play/{over.pk}/resign/").status_code == 200
    client = Client()
    client.force_login(people["ann"])
    page = client.get("/accounts/my-games/").content.decode()
    sections = {name: page[page.index(f'id="play-{name}"') :] for name in ("mine", "waiting", "finished")}
    mine_part = sections["mine"][: sections["mine"].index('id="play-waiting"')]
    waiting_part = sections["waiting"][: sections["waiting"].index('id="play-finished"')]
    assert f'data-game="{mine.pk}"' in mine_part and f'data-game="{theirs.pk}"' not in mine_part
    assert f'data-game="{theirs.pk}"' in waiting_part and "Bob to move" in waiting_part
    assert "Not started: first move by" in waiting_part  # Bob's first move still due
    # Bob had White in that one, and resigned at once
    assert f'data-game="{over.pk}"' in sections["finished"] and "0-1 · Bob resigned" in sections["finished"]
