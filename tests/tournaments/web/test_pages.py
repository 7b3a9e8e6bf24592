"""The public pages render with the expected content, including empty states and failed pairings."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import edits
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.standings import services as standing_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("owner", password="x")


@pytest.fixture
def running(owner) -> Event:
    """Five players in a round robin: round 1 paired with a bye, two results in (a win, a draw)."""
    event = event_services.create_event(
        owner, name="Summer Cup", game="gipf-standard", pairing_system="round-robin", location="Gent"
    )
    registration_services.register_list(event, owner, "Anna 2000\nBert 1900\nCees 1800\nDirk 1700\nEls 1600")
    round_1 = event_services.start_event(event, owner, "white")
    pairing_services.pair_round_now(round_1.pk)
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


def test_failed_pairing_shows_the_error_and_a_retry_button_for_managers(client, owner, running):
    round_1 = Round.objects.get(event=running, number=1)
    failed = Round.objects.create(event=running, number=2, pairing_error="no legal pairing for player 3")
    url = reverse("tournaments:round-detail", args=[running.slug, 2])
    page = client.get(url).content.decode()
    assert "Pairing failed" in page and "no legal pairing for player 3" in page
    assert "Retry the pairing" not in page and 'http-equiv="refresh"' not in page
    client.force_login(owner)
    page = client.get(url).content.decode()
    assert "Retry the pairing" in page
    response = client.post(reverse("tournaments:round-retry", args=[running.slug, 2]))
    assert response.status_code == 302
    failed.refresh_from_db()
    assert failed.pairing_error == "" and failed.pairing_progress == 0
    assert round_1.status == Round.Status.PAIRED


def test_live_standings_and_crosstable(client, running):
    response = client.get(reverse("tournaments:standings", args=[running.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Live standings" in page
    assert ">DE<" in page and ">SB<" in page and ">WIN<" in page
    # a win and the bye give 1 point (rank 1, shared), the draw ½ each, the loss 0 (rank 5)
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    assert len(rows) == 5
    points = [row.split('<td class="num strong">')[2].split("<")[0] for row in rows]
    ranks = [row.split('<td class="num strong">')[1].split("<")[0] for row in rows]
    assert points == ["1", "1", "½", "½", "0"]
    assert ranks[0] == "1" and ranks[-1] == "5"

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


@pytest.mark.django_db(transaction=True)
def test_draft_swiss_round_is_hidden_on_public_crosstable_and_player_pages(client) -> None:  # type: ignore[no-untyped-def]
    from django.contrib.auth.models import User

    organiser = User.objects.create_user("draft-org", password="pw-draft-12345")
    event = event_services.create_event(
        organiser, name="Draft Swiss", game="dvonn", pairing_system="swiss-dutch", rounds=3
    )
    registration_services.register_list(event, organiser, "Ann Alpha 1900\nBob Beta 1800")
    round1 = event_services.start_event(event, organiser, "white")
    crosstable = reverse("tournaments:crosstable", args=[event.slug])
    player = reverse("tournaments:player-detail", args=[event.registrations.get(rating=1900).player.handle])
    assert "Bob Beta" not in client.get(player).content.decode()
    client.force_login(organiser)
    assert "Bob Beta" in client.get(player).content.decode()
    client.logout()
    edits.publish_round(round1, organiser)
    assert "Bob Beta" in client.get(player).content.decode()
    assert client.get(crosstable).status_code == 200
