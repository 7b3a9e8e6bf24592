"""Issue 11's event pages: the crosstable by rank or pairing number, the statistics page, the
event as JSON, a game's record as text, the 403 page and the Submit link only where it works.

The event of :func:`played` is worked by hand in tests/tournaments/trf/test_export_ranks.py: a
4-player round robin with DE where Bob is 1st, Ann 2nd, Dan 3rd and Cid 4th (Ann and Bob 2
points, Cid and Dan 1); pairing numbers Ann 1, Bob 2, Cid 3, Dan 4.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Game
from tests.conftest import make_event, start
from tests.tournaments.trf.test_export_ranks import play
from tournaments.models import Event, Pairing, PairingGame

pytestmark = pytest.mark.django_db

FOUR = "Ann 1900\nBob 1800\nCid 1700\nDan 1600"


@pytest.fixture
def played(organiser: User, commit: Callable[..., Any]) -> Event:
    event = make_event(organiser, FOUR, tie_breaks=["DE"])
    play(event, organiser, commit)
    return event


def crosstable_names(page: str) -> list[str]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r'<a href="/players/[^"]+/">([^<]+)</a>', body)


def test_the_crosstable_by_rank_and_by_pairing_number(client: Any, played: Event) -> None:
    url = reverse("tournaments:crosstable", args=[played.slug])
    page = client.get(url).content.decode()
    assert crosstable_names(page) == ["Bob", "Ann", "Dan", "Cid"]
    assert 'href="?order=number"' in page
    page = client.get(url, {"order": "number"}).content.decode()
    assert crosstable_names(page) == ["Ann", "Bob", "Cid", "Dan"]
    assert 'href="?order=rank"' in page
    # the rank column: Ann (no. 1) is 2nd, Bob 1st, Cid 4th, Dan 3rd
    ranks = re.findall(r'<td class="num strong">(\d+)</td>\s*<td class="num">(\d+)</td>', page)
    assert ranks == [("2", "1"), ("1", "2"), ("4", "3"), ("3", "4")]


def add_game(pairing: Pairing, result: str, termination: str, plies: int) -> Game:
    game = Game.objects.create(
        game=pairing.round.event.game,
        white=pairing.white.player,
        black=pairing.black.player,  # type: ignore[union-attr]
        result=result,
        termination=termination,
        plies=plies,
        record=f'[Game "GIPF basic"]\n[Result "{result}"]\n1. ...\n',
    )
    PairingGame.objects.create(pairing=pairing, number=1, game=game)
    return game


def test_the_statistics_page(client: Any, played: Event) -> None:
    games = Pairing.objects.filter(round__event=played).exclude(black=None).order_by("round__number", "board")
    first, second, third, fourth = list(games)[:4]
    # White scores 1 + 0 + 1/2 + 1 = 2.5 of 4 games: 62.5 %; plies 40 + 62 + 90 + 28 = 220, mean 55;
    # decisive: two by no-reserve, one by resignation; the longest is the draw (90 plies)
    add_game(first, "1-0", "no-reserve", 40)
    add_game(second, "0-1", "resignation", 62)
    longest = add_game(third, "1/2-1/2", "arbiter", 90)
    add_game(fourth, "1-0", "no-reserve", 28)
    page = client.get(reverse("tournaments:statistics", args=[played.slug])).content.decode()
    assert re.search(r'id="white-score">2\.5 / 4 \(62\.5 %\)', page)
    assert re.search(r'id="average-plies">55\.0 plies', page)
    terminations = page.split('id="terminations"')[1].split("</table>")[0]
    assert re.findall(r"<td>([^<]+)</td><td class=\"num\">(\d+)</td>", terminations) == [
        ("No piece left in reserve", "2"),
        ("Resignation", "1"),
    ]
    assert longest.get_absolute_url() in page.split('id="longest"')[1].split("</td>")[0]
    event_page = client.get(played.get_absolute_url()).content.decode()
    assert reverse("tournaments:statistics", args=[played.slug]) in event_page


def test_the_event_as_json(client: Any, played: Event) -> None:
    event_page = client.get(played.get_absolute_url()).content.decode()
    url = reverse("tournaments:event-json", args=[played.slug])
    assert url in event_page
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="{played.slug}.json"'
    document = json.loads(response.content)
    assert set(document) == {"format", "version", "event", "players", "rounds", "standings"}
    assert (document["format"], document["version"]) == ("gipf-tournaments/event", 1)
    assert document["event"]["tie_breaks"] == ["DE"]
    settings = document["event"]
    assert (
        settings["round_robin_bye_scored"],
        settings["unrecorded_results"],
        settings["rate_unrecorded"],
    ) == (
        False,
        False,
        False,
    )
    assert document["event"]["points"] == {"win": 1.0, "draw": 0.5, "loss": 0.0, "bye": 1.0}
    assert [(p["number"], p["name"]) for p in document["players"]] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Cid"),
        (4, "Dan"),
    ]
    # round 1 of the Berger table: 1-4 and 2-3; Ann beat Dan, Cid beat Bob
    first = document["rounds"][0]
    assert first["number"] == 1 and first["status"] == "closed"
    assert [
        (p["white"], p["black"], p["results"], p["white_points"], p["black_points"])
        for p in first["pairings"]
    ] == [(1, 4, ["1-0"], 1.0, 0.0), (2, 3, ["0-1"], 0.0, 1.0)]
    assert len(document["rounds"]) == 3
    standings = document["standings"]
    assert standings["after_round"] == 3 and standings["live"] is False
    assert [(line["rank"], line["name"], line["points"]) for line in standings["lines"]] == [
        (1, "Bob", 2.0),
        (2, "Ann", 2.0),
        (3, "Dan", 1.0),
        (4, "Cid", 1.0),
    ]
    assert set(standings["lines"][0]["tie_breaks"]) == {"DE"}


def test_a_game_record_as_text(client: Any, played: Event) -> None:
    pairing = Pairing.objects.filter(round__event=played, round__number=1, board=1).get()
    game = add_game(pairing, "1-0", "no-reserve", 40)
    url = reverse("games:record-txt", args=[game.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{played.slug}-r1-b1-g1.txt"'
    text = response.content.decode()
    # the record's own tags and moves, with the event's (tests/games/records/test_record_download.py)
    assert '[Event "Club night"]\n' in text and '[Round "1"]\n' in text and '[Game "GIPF basic"]\n' in text
    assert text.endswith("\n\n1. ...\n")
    assert url in client.get(game.get_absolute_url()).content.decode()
    game.record = ""
    game.save()
    assert client.get(url).status_code == 404
    assert client.get(reverse("games:record-txt", args=[game.pk + 1000])).status_code == 404


def test_the_403_page_and_the_submit_link_where_he_may_submit(
    client: Any, organiser: User, stranger: User
) -> None:
    event = make_event(organiser, FOUR, name="Open night")
    round_ = start(event, organiser)
    ann_account = User.objects.create_user("ann", password="pw-ann-12345")
    ann = event.registrations.get(player__display_name="Ann").player
    ann.user = ann_account
    ann.save()
    mine = round_.pairings.get(white__player=ann)
    other = round_.pairings.exclude(pk=mine.pk).exclude(black=None).get()
    submit_mine = reverse("games:submit", args=[mine.pk])
    submit_other = reverse("games:submit", args=[other.pk])
    round_url = round_.get_absolute_url()

    client.force_login(ann_account)
    page = client.get(round_url).content.decode()
    assert f'href="{submit_mine}"' in page and f'href="{submit_other}"' not in page
    assert client.get(submit_mine).status_code == 200
    response = client.get(submit_other)
    assert response.status_code == 403
    page = response.content.decode()
    assert 'id="forbidden"' in page and "Not allowed" in page and "<html" in page
    assert "only the two players" in page.lower()

    client.force_login(stranger)
    page = client.get(round_url).content.decode()
    assert "games/pairings/" not in page
    client.force_login(organiser)
    page = client.get(round_url).content.decode()
    assert f'href="{submit_mine}"' in page and f'href="{submit_other}"' in page
