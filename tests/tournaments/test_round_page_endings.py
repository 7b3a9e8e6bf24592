"""The round page tells a game played on the service by how it ended (``games.play.endings``), official
at once: no "record … provisional" for a game nobody submitted (issue 31)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.play import service
from tests.conftest import make_event, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts

pytestmark = pytest.mark.django_db


def test_the_round_page_says_how_a_game_played_here_ended(organiser: User) -> None:
    event = make_event(organiser, "", game="dvonn", play_mode="service", time_control="5+3")
    users = players_with_accounts(event, organiser, ["Ann", "Bob"])
    round_ = start(event, organiser)
    (game,) = games_of_round(round_)
    assert game.white.display_name == "Ann"
    service.resign(game, users["Ann"])  # White, to move, resigns
    page = Client().get(round_.get_absolute_url()).content.decode()
    assert '<span class="small muted game-ending">Ann resigned</span>' in page
    assert "provisional" not in page
    uk = Client().get(round_.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert '<span class="small muted game-ending">Ann здає партію</span>' in uk
