"""The public rating lists (page and API) and the player page's ratings per family."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from tests.conftest import make_event, play_round, start
from tournaments.models import Rating
from tournaments.ratings.rounds import rate_closed_rounds

pytestmark = pytest.mark.django_db


def rated(name: str, family: str, rating: int, games: int) -> Player:
    player, _ = Player.objects.get_or_create(display_name=name, handle=name.lower())
    Rating.objects.create(player=player, family=family, rating=rating, rated_games=games)
    return player


def names(html: str, candidates: list[str]) -> list[str]:
    """``candidates`` in the order they appear in ``html``."""
    return sorted((n for n in candidates if f">{n}<" in html), key=lambda n: html.index(f">{n}<"))


def _section(html: str, marker: str) -> str:
    start = html.index(marker)
    return html[start : html.index("</table>", start)]


def test_rating_list_page_sorts_and_lists_provisional_players_after_the_rated(client: Client) -> None:
    rated("Bea", "gipf", 1700, 12)
    rated("Abe", "gipf", 1600, 5)
    rated("Cal", "gipf", 1900, 4)  # provisional: 4 < 5 games
    rated("Dot", "dvonn", 2000, 30)
    html = client.get(reverse("tournaments:rating-list", args=["gipf"])).content.decode()
    assert names(_section(html, 'id="rated-list"'), ["Abe", "Bea", "Cal", "Dot"]) == ["Bea", "Abe"]
    # issue 31: Cal, provisional, is listed too, after the rated, in his own section, marked
    assert names(html, ["Abe", "Bea", "Cal", "Dot"]) == ["Bea", "Abe", "Cal"]
    provisional = _section(html, 'id="provisional-list"')
    assert names(provisional, ["Abe", "Bea", "Cal"]) == ["Cal"] and "provisional</span>" in provisional
    assert 'href="/ratings/gipf/"' in html  # linked from the navigation
    html = client.get(reverse("tournaments:rating-list", args=["gipf"]), {"order": "name"}).content.decode()
    assert names(html, ["Abe", "Bea"]) == ["Abe", "Bea"]
    html = client.get(reverse("tournaments:rating-list", args=["dvonn"])).content.decode()
    assert names(html, ["Abe", "Bea", "Dot"]) == ["Dot"]
    assert client.get("/ratings/chess/").status_code == 404


def test_rating_list_is_paged(client: Client) -> None:
    for n in range(55):
        rated(f"P{n:02d}", "gipf", 2000 - n, 10)
    first = client.get("/ratings/gipf/").content.decode()
    second = client.get("/ratings/gipf/", {"page": 2}).content.decode()
    assert ">P00<" in first and ">P49<" in first and ">P50<" not in first
    assert ">P50<" in second and ">P54<" in second and ">P00<" not in second
    assert "Page 2 of 2" in second


def test_rating_list_api(client: Client) -> None:
    rated("Bea", "gipf", 1700, 12)
    rated("Abe", "gipf", 1600, 5)
    rated("Cal", "gipf", 1900, 4)
    rated("Dot", "gipf", 1500, 0)  # no rated game: on no list
    data = client.get("/api/ratings/gipf/").json()
    assert data["count"] == 3
    # the rated first (5 rated games or more), then the provisional ones, marked (issue 36)
    assert [(r["handle"], r["rating"], r["rated_games"], r["provisional"]) for r in data["results"]] == [
        ("bea", 1700, 12, False),
        ("abe", 1600, 5, False),
        ("cal", 1900, 4, True),
    ]
    by_name = client.get("/api/ratings/gipf/", {"ordering": "name"}).json()
    assert [r["name"] for r in by_name["results"]] == ["Abe", "Bea", "Cal"]
    published = client.get("/api/ratings/gipf/", {"provisional": "false"}).json()
    assert [r["name"] for r in published["results"]] == ["Bea", "Abe"]
    # every row carries its mark, as the schema says, in the published list too
    assert [r["provisional"] for r in published["results"]] == [False, False]
    assert client.get("/api/ratings/chess/").status_code == 404
    player = client.get("/api/players/bea/").json()
    assert player["ratings"] == [{"family": "gipf", "rating": 1700, "rated_games": 12}]


def test_player_page_shows_each_family(client: Client, organiser: User) -> None:
    event = make_event(organiser, "Ann 1500\nBob 1500", name="Rated", game="dvonn")
    play_round(start(event, organiser), organiser)
    rate_closed_rounds(event.pk)
    Rating.objects.create(
        player=Player.objects.get(display_name="Ann"), family="gipf", rating=1800, rated_games=40
    )
    html = client.get(reverse("tournaments:player-detail", args=["ann"])).content.decode()
    # DVONN: both new, K 40: 40 * (1 - 0.5) = +20; one game, so provisional
    assert "DVONN rating: 1520" in html and "(provisional)" in html and "+20" in html
    assert "GIPF rating: 1800" in html and "40 rated games" in html
    assert html.count("(provisional)") == 1


def test_a_new_community_with_every_player_provisional_sees_its_players(client: Client) -> None:
    """Issue 31: after a first event nobody has 5 rated games; the list still shows them all,
    marked provisional, best first (by rating, then name)."""
    rated("Eve", "gipf", 1520, 2)
    rated("Fay", "gipf", 1560, 3)
    rated("Gus", "gipf", 1520, 1)
    rated("Hal", "gipf", 1500, 0)  # no rated game: not on any list
    html = client.get(reverse("tournaments:rating-list", args=["gipf"])).content.decode()
    assert 'id="rated-list"' not in html and "No established ratings yet." in html
    provisional = _section(html, 'id="provisional-list"')
    assert names(provisional, ["Eve", "Fay", "Gus", "Hal"]) == ["Fay", "Eve", "Gus"]
    assert provisional.count("provisional</span>") == 3 and ">1560<" in provisional
    # the API's list has them too, marked provisional, in the page's order (issue 36)
    listed = client.get("/api/ratings/gipf/").json()["results"]
    assert [(r["name"], r["provisional"]) for r in listed] == [("Fay", True), ("Eve", True), ("Gus", True)]
    assert client.get("/api/ratings/gipf/", {"provisional": "false"}).json()["count"] == 0


def test_the_ratings_index_names_every_family_of_the_registered_games(client: Client) -> None:
    """``/ratings/`` (a 404 before issue 36): one row a family, linking its list, with its counts."""
    from arbiter import registry

    rated("Eve", "gipf", 1520, 2)
    rated("Bea", "gipf", 1700, 12)
    answer = client.get("/ratings/")
    assert answer.status_code == 200
    html = answer.content.decode()
    for family in registry.families():
        assert f'href="/ratings/{family}/"' in html
    assert '<td class="num">1</td><td class="num">1</td>' in html  # GIPF: one rated, one provisional
