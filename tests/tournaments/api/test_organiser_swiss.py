"""Issue 30's done-when: a whole Swiss event run through the organiser's API alone (a token, no page,
no CSRF token: the client enforces CSRF checks), and the same event run through the organiser's
pages; the two standings are the same, and they are the ones the rules give.

Results follow the ratings (the higher rated player wins every game), so the expected values are
worked out by hand: seven players, three rounds, nobody loses to a lower rated player.
"""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from tests.conftest import CommittingAPIClient
from tests.tournaments.web.conftest import url
from tournaments.api.views import standing_rows
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db

PLAYERS = "Ann 2000\nBob 1900\nCid 1800\nDan 1700\nEve 1600\nFay 1500\nGus 1400\n"
RATING = {line.split()[0]: int(line.split()[1]) for line in PLAYERS.splitlines()}
SETTINGS = {
    "game": "gipf-standard",
    "pairing_system": "swiss-dutch",
    "rounds": 3,
    "rated": False,
}


@pytest.fixture
def token_client(django_capture_on_commit_callbacks, organiser):
    client = CommittingAPIClient(django_capture_on_commit_callbacks, enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organiser).key}")
    return client


def winner_codes(pairings: list[dict]) -> list[dict]:
    """The results of a round's boards (as the API shows them), the higher rating winning."""
    results = []
    for pairing in pairings:
        if pairing["black"] is None:
            continue
        white, black = pairing["white"]["name"], pairing["black"]["name"]
        results.append(
            {"board": pairing["board"], "result": "1-0" if RATING[white] > RATING[black] else "0-1"}
        )
    return results


def run_through_the_api(client) -> Event:
    answer = client.post("/api/events/", {"name": "API Swiss", **SETTINGS}, format="json")
    assert answer.status_code == 201, answer.json()
    slug = answer.json()["url"].rstrip("/").rsplit("/", 1)[-1]
    preview = client.post(
        f"/api/events/{slug}/registrations/list/", {"players": PLAYERS, "preview": True}, format="json"
    )
    assert preview.status_code == 200 and [e["name"] for e in preview.json()["entries"]] == list(RATING)
    assert Event.objects.get(slug=slug).registrations.count() == 0  # a preview registers nothing
    answer = client.post(f"/api/events/{slug}/registrations/list/", {"players": PLAYERS}, format="json")
    assert answer.status_code == 201 and len(answer.json()) == 7
    answer = client.post(f"/api/events/{slug}/start/", {"top_seed_colour": "white"}, format="json")
    assert answer.status_code == 202 and answer.json()["number"] == 1
    for number in (1, 2, 3):
        if number > 1:
            answer = client.post(f"/api/events/{slug}/rounds/next/", format="json")
            assert answer.status_code == 202 and answer.json()["number"] == number
        round_url = f"/api/events/{slug}/rounds/{number}/"
        assert client.get(round_url).json()["draft"] is True
        asked = client.post(round_url + "publish/", {}, format="json")
        assert asked.status_code == 400 and asked.json()["code"] == "confirmation_required"
        assert "can no longer be edited" in " ".join(asked.json()["would"])
        assert client.post(round_url + "publish/", {"confirm": True}, format="json").status_code == 200
        pairings = client.get(round_url).json()["pairings"]
        answer = client.post(round_url + "results/", {"results": winner_codes(pairings)}, format="json")
        assert answer.status_code == 200, answer.json()
        asked = client.post(round_url + "close/", format="json")
        assert asked.status_code == 400 and "results become final" in " ".join(asked.json()["would"])
        assert Round.objects.get(event__slug=slug, number=number).status == Round.Status.PAIRED
        answer = client.post(round_url + "close/", {"confirm": True}, format="json")
        assert answer.status_code == 200 and answer.json()["status"] == "closed"
    assert client.post(f"/api/events/{slug}/finish/", {}, format="json").status_code == 400
    answer = client.post(f"/api/events/{slug}/finish/", {"confirm": True}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    return Event.objects.get(slug=slug)


def run_through_the_pages(client, organiser) -> Event:
    client.force_login(organiser)
    fields = {**SETTINGS, "name": "Page Swiss", "games_per_pairing": "1", "win_points": "1"}
    fields.update({"draw_points": "0.5", "loss_points": "0", "bye_points": "1"})
    del fields["rated"]  # an unticked checkbox
    assert client.post(url("event-create"), fields).status_code == 302
    event = Event.objects.get(name="Page Swiss")
    client.post(url("registrations", event.slug), {"action": "paste", "players": PLAYERS})
    client.post(url("event-start", event.slug), {"top_seed_colour": "white"})
    for number in (1, 2, 3):
        if number > 1:
            assert client.post(url("round-pair-next", event.slug)).status_code == 302
        client.post(url("swiss-round-publish", event.slug, number), {"confirmed": "yes"})
        round_ = Round.objects.get(event=event, number=number)
        data = {}
        for pairing in round_.pairings.exclude(black=None).select_related("white__player", "black__player"):
            white, black = pairing.white.player.display_name, pairing.black.player.display_name
            data[f"board{pairing.board}_game1"] = "1-0" if RATING[white] > RATING[black] else "0-1"
        assert client.post(url("round-results", event.slug, number), data).status_code == 302
        client.post(url("round-close", event.slug, number), {"confirmed": "yes"})
    client.post(url("event-finish", event.slug), {"confirmed": "yes"})
    return Event.objects.get(pk=event.pk)


def test_a_swiss_run_through_the_api_alone_stands_as_the_same_run_through_the_pages(
    token_client, client, organiser
):
    by_api = run_through_the_api(token_client)
    by_pages = run_through_the_pages(client, organiser)
    assert by_api.status == by_pages.status == Event.Status.FINISHED
    api_rows, page_rows = standing_rows(by_api), standing_rows(by_pages)
    assert api_rows == page_rows
    # worked out by hand: Ann wins her three games (nobody is rated above her), Gus loses every
    # game he plays (nobody below him), and the seven scores sum to the 9 points of the 9 games
    # plus the 3 pairing-allocated byes (1 point each)
    points = {row["name"]: row["points_half"] for row in api_rows}
    assert points["Ann"] == 6 and api_rows[0]["name"] == "Ann"
    assert sum(points.values()) == 2 * (9 + 3)
    assert [row["name"] for row in token_client.get(f"/api/events/{by_api.slug}/standings/").json()] == [
        row["name"] for row in api_rows
    ]
