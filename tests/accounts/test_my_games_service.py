""" "My games" as the player's home (``personal.my_games.service_lines``): one list of every game he
plays on the service, casual and of events, whose move it is and both clocks, his move first.

Clock figures are worked by hand: 100 seconds after the games were created, a 5+3 clock that ran
shows 300 − 100 = 200 s ("3:20"), a 10+0 one 600 − 100 = 500 s ("8:20"); a clock that did not run
shows its initial time ("5:00")."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from games.play import service, state
from personal.my_games import service_lines
from tests.conftest import make_event, start
from tests.games.play.timing import Clock, clocks_from_creation
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]
__all__ = ["clocks_from_creation"]  # the fixture, imported to be found here


@pytest.fixture
def games(organiser: User, clock: Clock) -> dict[str, Any]:
    event = make_event(organiser, "", game="dvonn", play_mode="service", time_control="5+3")
    users = players_with_accounts(event, organiser, ["Ann", "Bob"])
    (league,) = games_of_round(start(event, organiser))
    ann, bob = Player.objects.get(handle="ann"), Player.objects.get(handle="bob")
    cat = Player.objects.create(display_name="Cat", handle="cat", user=User.objects.create_user("cat"))
    theirs = state.create_service_game(cat, ann, "dvonn", "5+3")  # Cat, White, to move
    mine = state.create_service_game(ann, bob, "gipf-standard", "10+0")  # Ann, White, to move
    over = state.create_service_game(ann, bob, "dvonn", "")
    service.resign(over, users["Ann"])  # White, to move, resigns
    clock.now += timedelta(seconds=100)
    return {"users": users, "event": event, "league": league, "theirs": theirs, "mine": mine, "over": over}


def test_the_list_has_every_game_on_the_service_her_move_first(games: dict[str, Any]) -> None:
    league = games["league"]
    assert league.white.handle == "ann"  # the top seed has White in round 1
    lines = service_lines(games["users"]["Ann"])
    assert [line.game.pk for line in lines] == [
        league.pk,  # her move, 200 s left
        games["mine"].pk,  # her move, 500 s left
        games["theirs"].pk,  # Cat's move
        games["over"].pk,  # finished
    ]
    first = lines[0]
    assert (first.your_turn, first.running, first.white_clock, first.black_clock) == (True, 0, "3:20", "5:00")
    assert (lines[1].white_clock, lines[1].black_clock) == ("8:20", "10:00")
    third = lines[2]
    assert (third.your_turn, str(third.to_move), third.colour, third.running) == (False, "Cat", "Black", 0)
    assert (third.white_clock, third.black_clock) == ("3:20", "5:00")
    assert lines[3].ending == "0-1 · Ann resigned" and not lines[3].in_play


def test_the_page_shows_the_clocks_counting_in_its_own_script(games: dict[str, Any]) -> None:
    client = Client()
    client.force_login(games["users"]["Ann"])
    page = client.get("/accounts/my-games/").content.decode()
    rows = re.findall(r'<tr class="play-line[^"]*" data-game="(\d+)">', page)
    assert rows == [str(games[key].pk) for key in ("league", "mine", "theirs", "over")]
    assert page.count("play-line-mine") == 2 and "Cat to move" in page
    assert 'data-seconds="200" data-running="1">3:20</span>' in page
    assert 'data-seconds="300">5:00</span>' in page
    assert "0-1 · Ann resigned" in page and "Casual" in page and games["event"].name in page
    assert '<script src="/static/js/clocks.js" defer></script>' in page and "<script>" not in page


def test_the_page_is_in_ukrainian_for_a_ukrainian_reader(games: dict[str, Any]) -> None:
    client = Client()
    client.force_login(games["users"]["Ann"])
    page = client.get("/accounts/my-games/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Ігри на сервісі" in page and "Ваш хід" in page and "Ann здає партію" in page


def test_her_player_page_lists_her_casual_games_in_play_and_finished(games: dict[str, Any]) -> None:
    page = Client().get("/players/ann/").content.decode()
    table = page[page.index('id="casual-games"') : page.index("</table>", page.index('id="casual-games"'))]
    links = re.findall(r'<a href="/games/(\d+)/">', table)
    assert links == [str(games[key].pk) for key in ("over", "mine", "theirs")]  # newest first, no event game
    assert "0-1 · Ann resigned" in table and table.count("in play") == 2


def test_an_event_game_played_here_is_told_by_its_ending_not_as_a_record_to_confirm(
    games: dict[str, Any],
) -> None:
    from personal.my_games import DONE, games_of_user

    service.resign(games["league"], games["users"]["Ann"])  # White, to move, resigns
    for user, name in ((games["users"]["Ann"], "Ann"), (games["users"]["Bob"], "Bob")):
        (line,) = games_of_user(user)
        ((number, action, label),) = [(g.number, g.action, g.label) for g in line.lines]
        assert (number, action, label) == (1, DONE, "0-1 · Ann resigned"), name
