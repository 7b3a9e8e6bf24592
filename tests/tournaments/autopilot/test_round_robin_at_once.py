"""A correspondence round robin of four played with every round at once (issue 36, as Little Golem's
championships): the organiser creates it by API and starts it; all six games start together; the
bots play them through the play API in any order; each round closes by itself, in order, and the
event finishes by itself.

Worked by hand: in a round robin everyone meets everyone; the higher rated player wins every game
(``swiss_scenario``'s bots), so Ann 3, Bob 2, Cid 1, Dan 0 points, ranked in that order."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import CommittingAPIClient
from tests.tournaments.autopilot import swiss_scenario as scenario

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Bob", "Cid", "Dan"]


@pytest.fixture
def client(django_capture_on_commit_callbacks: Any) -> Any:
    def of(key: str | None) -> CommittingAPIClient:
        api = CommittingAPIClient(django_capture_on_commit_callbacks)
        if key:
            api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return api

    return of


def test_every_round_starts_at_once_and_the_event_finishes_by_itself(client: Any) -> None:
    organiser_key, keys = scenario.people(FOUR)
    slug, _secret = scenario.create_and_start(
        client(organiser_key),
        "",
        FOUR,
        name="Correspondence championship",
        pairing_system="round-robin",
        rounds=None,
        time_control="3d/15d",
        auto_pair=False,
        all_rounds_at_once=True,
    )
    reader = client(None)
    event = reader.get(f"/api/events/{slug}/").json()
    assert [(r["number"], r["status"]) for r in event["round_list"]] == [
        (1, "paired"),
        (2, "paired"),
        (3, "paired"),
    ]
    games = set()
    for number in (1, 2, 3):
        for pairing in reader.get(f"/api/events/{slug}/rounds/{number}/").json()["pairings"]:
            games |= {game["id"] for game in pairing["games"] if game["on_service"]}
    assert len(games) == 6
    # every game has started: each of its White players has it waiting for his first move now
    waiting = set()
    for key in keys.values():
        waiting |= {row["id"] for row in client(key).get("/api/me/").json()["my_move"]}
    assert waiting == games
    scenario.play_until_finished(client, keys, slug, timeout=300)
    standings = [(row["name"], row["points"]) for row in reader.get(f"/api/events/{slug}/standings/").json()]
    assert standings == [("Ann", "3"), ("Bob", "2"), ("Cid", "1"), ("Dan", "0")]
    log = client(organiser_key).get(f"/api/events/{slug}/autopilot/").json()["steps"]
    assert sorted((step["kind"], step["round_number"]) for step in log) == [
        ("close", 1),
        ("close", 2),
        ("close", 3),
        ("finish", None),
    ]


def test_every_round_at_once_is_for_a_correspondence_round_robin_on_the_service(client: Any) -> None:
    organiser_key, _keys = scenario.people(FOUR)
    api = client(organiser_key)
    base = {"name": "Wrong", "game": "dvonn", "play_mode": "service", "all_rounds_at_once": True}
    for wrong in (
        {"pairing_system": "swiss-dutch", "rounds": 3, "time_control": "3d/15d"},
        {"pairing_system": "round-robin", "time_control": "5+3"},
        {"pairing_system": "round-robin", "time_control": "3d/15d", "play_mode": "elsewhere"},
    ):
        answer = api.post("/api/events/", {**base, **wrong}, format="json")
        assert answer.status_code == 400, (wrong, answer.content)
        assert "correspondence" in answer.json()["detail"]
