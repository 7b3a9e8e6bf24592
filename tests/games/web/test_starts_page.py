"""The game page's start note, abort and takeback buttons (``games.web.play_actions``), in English
and Ukrainian."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game
from games.play import state
from tests.games.play.timing import frozen, person

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def game(db: None) -> tuple[Game, Client, Client]:
    ann, ann_player = person("Ann")
    bob, bob_player = person("Bob")
    return (
        state.create_service_game(ann_player, bob_player, "gipf-standard", "1+0"),
        client_of(ann),
        client_of(bob),
    )


def test_the_page_says_when_the_clocks_start_and_aborts(game: tuple[Game, Client, Client]) -> None:
    _casual, ann, bob = game
    with frozen():
        played = state.create_service_game(_casual.white, _casual.black, "gipf-standard", "1+0")
        page = bob.get(played.get_absolute_url()).content.decode()
    assert "The clocks start once both sides have made their first move." in page
    assert 'id="abort-game"' in page
    assert ">3:00<" in page  # 180 s to White's first move
    answer = bob.post(f"/games/{played.pk}/abort/", follow=True)
    assert answer.status_code == 200
    assert "Aborted: the game did not start, no result." in answer.content.decode()
    refused = ann.post(f"/games/{played.pk}/abort/")
    assert refused.status_code == 409 and "it cannot be aborted" in refused.content.decode()


def test_a_takeback_from_the_page_in_ukrainian(game: tuple[Game, Client, Client]) -> None:
    played, ann, bob = game
    ann.post(f"/games/{played.pk}/move/", {"move": "a1-c3", "expected_ply": "0"})
    asked = ann.post(f"/games/{played.pk}/takeback/ask/", follow=True)
    assert "You asked to take back your last move" in asked.content.decode()
    page = bob.get(played.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Суперник просить повернути його останній хід." in page and 'id="takeback-accept"' in page
    assert bob.post(f"/games/{played.pk}/takeback/accept/").status_code == 302
    played.refresh_from_db()
    assert (played.plies, played.moves.count()) == (0, 0)
    assert bob.post(f"/games/{played.pk}/takeback/redo/").status_code == 404
    lapsed = bob.post(f"/games/{played.pk}/takeback/decline/")
    assert lapsed.status_code == 409 and "no takeback is asked now" in lapsed.content.decode()
