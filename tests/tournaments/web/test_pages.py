"""The public pages render with the expected content, including empty states and failed pairings."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from tests.conftest import make_event, make_swiss, play_round, start
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import edits
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.standings import services as standing_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(organiser: User) -> User:
    return organiser


@pytest.fixture
def running(owner: User) -> Event:
    """Five players in a round robin: round 1 paired with a bye, two results in (a win, a draw)."""
    event = make_event(
        owner,
        "Anna 2000\nBert 1900\nCees 1800\nDirk 1700\nEls 1600",
        name="Summer Cup",
        game="gipf-standard",
        location="Gent",
    )
    round_1 = start(event, owner)
    boards = list(Pairing.objects.filter(round=round_1, black__isnull=False).order_by("board"))
    result_services.record_result(boards[0], owner, "1-0")
    result_services.record_result(boards[1], owner, "1/2-1/2")
    return event


def test_empty_states(client):
    page = client.get(reverse("tournaments:event-list")).content.decode()
    assert "No events yet." in page
    page = client.get(reverse("tournaments:player-list")).content.decode()
    assert "No players yet." in page


def test_event_list_groups_events_by_status(client, owner, running):
    event_services.create_event(owner, name="Autumn Open", game="dvonn")
    response = client.get(reverse("tournaments:event-list"))
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        page.index("Running") < page.index("Summer Cup") < page.index("Upcoming") < page.index("Autumn Open")
    )
    assert "No finished events." in page
    assert "5 players" in page


def test_event_detail(client, running):
    response = client.get(reverse("tournaments:event-detail", args=[running.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    for text in ("Summer Cup", "GIPF standard", "Round robin", "Gent", "Anna", "Els", "Round 1", "2 / 2"):
        assert text in page, text
    assert "Direct encounter" in page and "win 1 · draw ½ · loss 0 · bye 1" in page
    assert 'class="breadcrumbs"' in page


def test_round_detail_shows_pairings_results_and_the_bye(client, running):
    response = client.get(reverse("tournaments:round-detail", args=[running.slug, 1]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "1 – 0" in page and "½ – ½" in page
    assert "Pairing-allocated bye" in page
    assert "Paired" in page
    assert client.get(reverse("tournaments:round-detail", args=[running.slug, 9])).status_code == 404


def test_failed_pairing_shows_the_error_and_a_retry_button_for_managers(
    client: Client, owner: User, running: Event, django_capture_on_commit_callbacks: Any
) -> None:
    round_1 = Round.objects.get(event=running, number=1)
    with django_capture_on_commit_callbacks(execute=True):  # its standings are stored, not "being updated"
        result_services.close_round(round_1, owner)  # both games of round 1 have their result
    failed = Round.objects.create(event=running, number=2, pairing_error="no legal pairing for player 3")
    url = reverse("tournaments:round-detail", args=[running.slug, 2])
    page = client.get(url).content.decode()
    assert "Pairing failed" in page and "no legal pairing for player 3" in page
    assert "Retry the pairing" not in page and 'http-equiv="refresh"' not in page
    client.force_login(owner)
    page = client.get(url).content.decode()
    assert "Retry the pairing" in page
    # A plain client: the request's commit is run by hand below, to see the round before it.
    plain = Client()
    plain.force_login(owner)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = plain.post(reverse("tournaments:round-retry", args=[running.slug, 2]))
    assert response.status_code == 302
    failed.refresh_from_db()
    assert failed.pairing_error == "" and failed.pairing_progress == 0
    assert failed.status == Round.Status.PENDING and len(queued) == 1
    queued[0]()  # the pairing task, as the commit runs it
    failed.refresh_from_db()
    assert failed.status == Round.Status.PAIRED and failed.pairings.count() == 3
    round_1.refresh_from_db()
    assert round_1.status == Round.Status.CLOSED


def test_live_standings_and_crosstable(client, running):
    response = client.get(reverse("tournaments:standings", args=[running.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Live standings" in page
    # C.07 codes label the columns; the round-robin default counts games won over the board,
    # which C.07 (7.2, as recalled) calls WON (WIN also counts forfeit wins and byes).
    assert ">DE<" in page and ">SB<" in page and ">WON<" in page
    # a win gives 1 point (rank 1), the draw ½ each, the loss and the round robin's bye 0 (the
    # bye of a round robin is unscored by default)
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    assert len(rows) == 5
    points = [row.split('<td class="num strong">')[2].split("<")[0] for row in rows]
    ranks = [row.split('<td class="num strong">')[1].split("<")[0] for row in rows]
    assert points == ["1", "½", "½", "0", "0"]
    assert ranks[0] == "1" and ranks[1] == "2" and ranks[-1] in ("4", "5")

    response = client.get(reverse("tournaments:crosstable", args=[running.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "R1" in page and "bye" in page and "colour-w" in page and "colour-b" in page


def test_standings_use_stored_rows_after_a_round_closes(client, owner, running):
    round_1 = Round.objects.get(event=running, number=1)
    for pairing in Pairing.objects.filter(round=round_1, white_score=None):
        result_services.record_result(pairing, owner, "0-1")
    result_services.close_round(round_1, owner)
    standing_services.store_standings(running.pk)
    page = client.get(reverse("tournaments:standings", args=[running.slug])).content.decode()
    assert "Standings after round 1." in page


def test_standings_and_crosstable_before_the_start(client, owner):
    event = event_services.create_event(owner, name="Not yet", game="dvonn")
    page = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert "No players yet." in page
    registration_services.register_by_name(event, owner, "Anna")
    page = client.get(reverse("tournaments:crosstable", args=[event.slug])).content.decode()
    assert "No rounds played yet." in page
    page = client.get(reverse("tournaments:event-detail", args=[event.slug])).content.decode()
    assert "No rounds yet." in page


def test_player_pages(client, running):
    response = client.get(reverse("tournaments:player-list"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Anna" in page and "Els" in page
    page = client.get(reverse("tournaments:player-list") + "?q=ann").content.decode()
    assert "Anna" in page and "Bert" not in page
    page = client.get(reverse("tournaments:player-list") + "?q=zzz").content.decode()
    assert "No player matches" in page

    anna = running.registrations.get(player__display_name="Anna").player
    response = client.get(anna.get_absolute_url())
    assert response.status_code == 200
    page = response.content.decode()
    assert "Summer Cup" in page and "Games" in page
    assert client.get(reverse("tournaments:player-detail", args=["nobody"])).status_code == 404


def test_unknown_event_is_404(client):
    for name in ("event-detail", "standings", "crosstable", "registrations"):
        assert client.get(reverse(f"tournaments:{name}", args=["missing"])).status_code == 404


def test_header_links(client):
    page = client.get(reverse("tournaments:event-list")).content.decode()
    assert 'href="/api/docs/"' in page and "Sign in" in page and 'href="/players/"' in page


def test_draft_swiss_round_is_hidden_on_public_pages_and_in_the_api(
    client: Client, api_client: Any, organiser: User, stranger: User
) -> None:
    event = make_swiss(organiser, "Ann Alpha 1900\nBob Beta 1800", rounds=3, name="Draft Swiss", game="dvonn")
    round1 = start(event, organiser)
    assert round1.is_draft
    pages = {
        "round": reverse("tournaments:round-detail", args=[event.slug, 1]),
        "crosstable": reverse("tournaments:crosstable", args=[event.slug]),
        "player": reverse(
            "tournaments:player-detail", args=[Player.objects.get(display_name="Ann Alpha").handle]
        ),
    }
    api_round = f"/api/events/{event.slug}/rounds/1/"
    api_crosstable = f"/api/events/{event.slug}/crosstable/"

    def seen(viewer: User | None) -> dict[str, object]:
        """What ``viewer`` (None: anonymous) sees of round 1's only board, Ann Alpha - Bob Beta."""
        client.logout()
        api_client.force_authenticate(viewer)
        if viewer is not None:
            client.force_login(viewer)
        html = {name: client.get(url).content.decode() for name, url in pages.items()}
        round_json = api_client.get(api_round).json()
        crosstable_json = api_client.get(api_crosstable).json()
        return {
            "round page board": "data pairings" in html["round"] and "Bob Beta" in html["round"],
            "round page says unpublished": "not published yet" in html["round"],
            "crosstable cells": html["crosstable"].count('<span class="opp">'),
            "player page opponent": "Bob Beta" in html["player"],
            "api boards": [
                (p["white"]["pairing_number"], p["black"]["pairing_number"]) for p in round_json["pairings"]
            ],
            "api draft": round_json["draft"],
            "api crosstable": [row["rounds"] for row in crosstable_json],
        }

    cell_of_ann = {"1": {"opponent": 2, "colour": "w", "points": None, "bye": None}}
    cell_of_bob = {"1": {"opponent": 1, "colour": "b", "points": None, "bye": None}}
    hidden = {
        "round page board": False,
        "round page says unpublished": True,
        "crosstable cells": 0,
        "player page opponent": False,
        "api boards": [],
        "api draft": True,
        "api crosstable": [{}, {}],
    }
    shown = {
        "round page board": True,
        "round page says unpublished": False,
        "crosstable cells": 2,
        "player page opponent": True,
        "api boards": [(1, 2)],
        "api crosstable": [cell_of_ann, cell_of_bob],
    }
    assert seen(None) == hidden
    assert seen(stranger) == hidden
    assert seen(organiser) == {**shown, "api draft": True}
    edits.publish_round(round1, organiser)
    assert seen(None) == {**shown, "api draft": False}
    assert seen(organiser) == {**shown, "api draft": False}


def test_player_page_shows_the_rating_history(client: Client, organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Ann 1500\nBob 1500", name="Rated", game="dvonn")
    commit(play_round, start(event, organiser), organiser)
    page = client.get(
        reverse("tournaments:player-detail", args=[Player.objects.get(display_name="Ann").handle])
    )
    html = page.content.decode()
    # FIDE B.02 (was 1510 / +10 with K 20): both new, K 40; 40 * (1 - 0.5) = +20
    assert "Rating history" in html and "1520" in html and "+20" in html
