"""The tournaments REST API: public reads, manager-only writes, drafts, standings, the OpenAPI schema."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.conftest import make_event, start
from tournaments.models import Event, Pairing
from tournaments.pairing import edits
from tournaments.pairing import services as pairing_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(organiser: User) -> tuple[User, str]:
    """A running three-player round robin ("API Cup") of ``organiser``, round 1 paired."""
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700", name="API Cup")
    start(event, organiser)
    return organiser, event.slug


def test_public_reads(setup: tuple[User, str]) -> None:
    _, slug = setup
    client = APIClient()
    events = client.get("/api/events/").json()
    assert events["count"] == 1 and events["results"][0]["slug"] == slug
    detail = client.get(f"/api/events/{slug}/").json()
    assert [r["pairing_number"] for r in detail["registrations"]] == [1, 2, 3]
    assert detail["rounds"] == 3 and detail["round_list"][0]["status"] == "paired"
    round1 = client.get(f"/api/events/{slug}/rounds/1/").json()
    # Berger, three players: 2-3 on board 1, 1 has the bye
    assert [
        (p["white"]["pairing_number"], p["black"] and p["black"]["pairing_number"])
        for p in round1["pairings"]
    ] == [(2, 3), (1, None)]
    # the bye of a round robin is unscored by default (Event.round_robin_bye_scored)
    assert round1["pairings"][1]["bye"] == "pab" and round1["pairings"][1]["white_score"] == 0
    standings = client.get(f"/api/events/{slug}/standings/").json()
    assert standings[0]["name"] == "Ann" and standings[0]["points"] == "0"
    crosstable = client.get(f"/api/events/{slug}/crosstable/").json()
    assert crosstable[1]["rounds"]["1"] == {"opponent": 3, "colour": "w", "points": None, "bye": None}
    assert client.get("/api/events/nope/").status_code == 404


def test_result_entry_needs_a_manager(setup: tuple[User, str], stranger: User) -> None:
    organiser, slug = setup
    pairing = Pairing.objects.get(round__event__slug=slug, board=1)
    client = APIClient()
    anonymous = client.post(f"/api/pairings/{pairing.pk}/result/", {"result": "1-0"})
    assert anonymous.status_code == 401
    client.login(username=stranger.username, password="pw-sam-12345")
    assert client.post(f"/api/pairings/{pairing.pk}/result/", {"result": "1-0"}).status_code == 403
    pairing.refresh_from_db()
    assert pairing.white_score is None
    client.force_authenticate(organiser)
    bad = client.post(f"/api/pairings/{pairing.pk}/result/", {"result": "2-0"})
    assert bad.status_code == 400 and "not a result" in bad.json()["detail"]
    good = client.post(f"/api/pairings/{pairing.pk}/result/", {"result": "0-1"})
    assert good.status_code == 200 and good.json()["black_points"] == "1"


def test_openapi_schema_and_docs() -> None:
    client = APIClient()
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/events/{slug}/standings/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_trf_download_from_the_api(setup: tuple[User, str]) -> None:
    _, slug = setup
    response = APIClient().get(f"/api/events/{slug}/trf/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "XXR 3" in text and text.count("\n001 ") + text.startswith("001 ") == 3


def test_draft_swiss_rounds_are_shown_to_managers_only(organiser: User) -> None:
    event = make_event(
        organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", name="Draft", game="dvonn",
        pairing_system="swiss-dutch", rounds=3,
    )  # fmt: skip
    round1 = start(event, organiser)
    public, manager = APIClient(), APIClient()
    manager.force_authenticate(organiser)
    url = f"/api/events/{event.slug}/rounds/1/"
    assert public.get(url).json()["pairings"] == [] and public.get(url).json()["draft"] is True
    assert len(manager.get(url).json()["pairings"]) == 2
    assert public.get(f"/api/events/{event.slug}/crosstable/").json()[0]["rounds"] == {}
    edits.publish_round(round1, organiser)
    assert len(public.get(url).json()["pairings"]) == 2 and public.get(url).json()["draft"] is False


def test_api_standings_are_the_pages_standings_after_the_last_closed_round(
    setup: tuple[User, str], commit: Any
) -> None:
    organiser, slug = setup
    round1 = Pairing.objects.get(round__event__slug=slug, round__number=1, board=1).round
    result_services.record_result(round1.pairings.get(board=1), organiser, "1-0")  # 2 beats 3; 1 has the bye
    commit(result_services.close_round, round1, organiser)
    round2 = commit(pairing_services.pair_next_round, Event.objects.get(slug=slug), organiser)
    result_services.record_result(round2.pairings.exclude(black=None).get(), organiser, "0-1")
    rows = APIClient().get(f"/api/events/{slug}/standings/").json()
    # after round 1 (closed): Bob (win) 1 point, Ann (the unscored bye of a round robin) and Cid 0;
    # round 2 is not counted yet
    assert sorted((row["name"], row["points_half"]) for row in rows) == [("Ann", 0), ("Bob", 2), ("Cid", 0)]
