"""The demo's player accounts: one per demo player, user name = the player's handle, password demo-player."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from accounts.models import Player
from personal.my_games import SUBMIT, games_of_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_demo_player_has_an_account_that_signs_in() -> None:
    call_command("demo", "--known-passwords", verbosity=0)
    players = list(Player.objects.select_related("user"))
    assert len(players) == 13  # 6 GIPF and 7 DVONN players (README)
    for player in players:
        assert player.user is not None and player.user.username == player.handle
        assert player.user.check_password("demo-player") and not player.user.is_staff
    client = Client()
    assert (
        client.post(
            "/accounts/login/", {"username": "sofia-lindqvist", "password": "demo-player"}
        ).status_code
        == 302
    )
    my_games = client.get("/accounts/my-games/").content.decode()
    assert "DVONN Open" in my_games and "Sofia Lindqvist" in my_games
    # README: round 3 of the DVONN Open is open, and her game of it is still to be submitted
    sofia = Player.objects.get(handle="sofia-lindqvist")
    lines = games_of_user(sofia.user)
    assert lines[0].pairing.round.event.slug == "dvonn-open" and lines[0].pairing.round.number == 3
    assert lines[0].needs_action and lines[0].lines[0].action == SUBMIT
    assert "Submit the record" in my_games
    call_command("demo", "--known-passwords", verbosity=0)  # idempotent
    assert Player.objects.filter(user__isnull=False).count() == 13
