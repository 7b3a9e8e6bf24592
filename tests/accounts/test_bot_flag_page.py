"""The bot flag on the account page (issue 30; the API's ``/api/me/bot/`` sets the same flag): a player
marks his own account as played by a program, after a confirmation, and clears the mark again; the
player's page and his games' pages show "bot" beside his name, for him only."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import BotAccount, Player
from games.models import Game

pytestmark = pytest.mark.django_db

MARK = '<span class="badge bot" title="A program plays with this account">bot</span>'


@pytest.fixture
def deep(db: None) -> User:
    user = User.objects.create_user("deep", password="pw-deep-12345")
    Player.objects.create(display_name="Deep Dvonn", handle="deep-dvonn", user=user)
    return user


@pytest.fixture
def game(deep: User) -> Game:
    kris = Player.objects.create(
        display_name="Kris", handle="kris", user=User.objects.create_user("kris", password="pw-kris-12345")
    )
    return Game.objects.create(game="dvonn", white=deep.player, black=kris, origin=Game.Origin.IMPORTED)


def _marks(client: Any, game: Game) -> tuple[bool, bool, bool]:
    """Whether the player's page shows the mark, and the game page beside White and beside Black."""
    player_page = client.get("/players/deep-dvonn/").content.decode()
    game_page = client.get(f"/games/{game.pk}/").content.decode()
    return (
        MARK in player_page,
        f'<span class="colour-w">Deep Dvonn</span> {MARK}' in game_page,
        f'<span class="colour-b">Kris</span> {MARK}' in game_page,
    )


def test_a_player_marks_his_account_as_a_bot_after_confirming(client: Any, deep: User, game: Game) -> None:
    client.force_login(deep)
    page = client.get("/accounts/me/").content.decode()
    assert "This account is not marked as a bot." in page and 'value="bot-on"' in page
    assert _marks(client, game) == (False, False, False)

    asked = client.post("/accounts/me/", {"action": "bot-on"})
    assert asked.status_code == 200  # the confirmation page: nothing changed yet
    assert "Every page naming your player will show it as a bot." in asked.content.decode()
    assert not BotAccount.objects.exists()

    done = client.post("/accounts/me/", {"action": "bot-on", "confirmed": "yes"})
    assert (done.status_code, done["Location"]) == (302, "/accounts/me/")
    assert list(BotAccount.objects.values_list("user__username", flat=True)) == ["deep"]
    page = client.get("/accounts/me/").content.decode()
    assert "This account is marked as played by a program." in page and 'value="bot-off"' in page
    assert _marks(client, game) == (True, True, False)  # Kris is no bot
    assert client.get("/api/me/bot/").json() == {"bot": True}  # the API's flag is the same

    assert client.post("/accounts/me/", {"action": "bot-off"}).status_code == 200  # asked first
    assert BotAccount.objects.exists()
    client.post("/accounts/me/", {"action": "bot-off", "confirmed": "yes"})
    assert not BotAccount.objects.exists()
    assert _marks(client, game) == (False, False, False)


def test_the_flag_is_the_accounts_own(client: Any, deep: User) -> None:
    answer = client.post("/accounts/me/", {"action": "bot-on", "confirmed": "yes"})  # not signed in
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert not BotAccount.objects.exists()
    other = User.objects.create_user("eve", password="pw-eve-12345")
    client.force_login(other)
    client.post("/accounts/me/", {"action": "bot-on", "confirmed": "yes"})
    assert list(BotAccount.objects.values_list("user__username", flat=True)) == ["eve"]  # hers, not Deep's
    assert MARK not in client.get("/players/deep-dvonn/").content.decode()
