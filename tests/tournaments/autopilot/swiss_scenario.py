"""Issue 36's scenario, through the HTTP API alone, shared by the embedded default's test (SQLite, tasks
in process) and the integration test (PostgreSQL, Redis, a worker and beat): an organiser creates a
6-player Swiss played on the service with ``auto_pair`` and ``auto_finish`` and a webhook; he starts
it and makes no other call; six bots play every game through the play API; the event pairs, publishes
and closes its three rounds and finishes by itself.

The bots' games go one way, so the figures are worked by hand: the higher rated player of a game
wins it, his opponent resigning when it is his move from ply 4 on (Ann 1900 > Bob 1800 > Cid 1700 >
Dan 1600 > Eve 1500 > Fay 1400). So Ann, rated above everyone, ends with 3 points and Fay with 0,
and each player's points are the number of his opponents rated below him. The rating list of GIPF
starts everyone at 1500 with no rated games: after three rounds each has 3 rated games, fewer than
the 5 of a published rating, so each is provisional, and Ann (three wins) is above 1500, Fay below.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token

from accounts.models import Player

RATINGS = {"Ann": 1900, "Bob": 1800, "Cid": 1700, "Dan": 1600, "Eve": 1500, "Fay": 1400}
RESIGN_FROM_PLY = 4

Client = Any  # an APIClient: DRF's, or the committing one of the tests
MakeClient = Callable[[str | None], Client]  # a client with this token's key (None: anonymous)


def people(names: list[str] | None = None) -> tuple[str, dict[str, str]]:
    """The organiser's token key and each player's (accounts linked to their players; all six by
    default)."""
    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    keys = {}
    for name in names or list(RATINGS):
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        Player.objects.create(display_name=name, handle=name.lower(), user=user)
        keys[name] = Token.objects.create(user=user).key
    return Token.objects.create(user=organiser).key, keys


def create_and_start(
    api: Client, receiver_url: str, names: list[str] | None = None, **settings: object
) -> tuple[str, str]:
    """The organiser's calls: the event, its players, its webhook (none without a URL), the start;
    (slug, secret)."""
    names = names or list(RATINGS)
    body = {
        "name": "Autopilot Swiss",
        "game": "gipf-standard",
        "pairing_system": "swiss-dutch",
        "rounds": 3,
        "play_mode": "service",
        "time_control": "15+10",
        "auto_pair": True,
        "auto_pair_delay": 0,
        "auto_finish": True,
        **settings,
    }
    answer = api.post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    slug = answer.json()["slug"]
    assert answer.json()["auto_pair"] is body["auto_pair"] and answer.json()["auto_finish"] is True
    players = "\n".join(f"@{name.lower()} {RATINGS[name]}" for name in names)
    answer = api.post(f"/api/events/{slug}/registrations/list/", {"players": players}, format="json")
    assert answer.status_code == 201, answer.content
    secret = ""
    if receiver_url:
        answer = api.post(f"/api/events/{slug}/webhooks/", {"url": receiver_url}, format="json")
        assert answer.status_code == 201, answer.content
        secret = answer.json()["secret"]
        assert len(secret) == 64
    answer = api.post(f"/api/events/{slug}/start/", {"top_seed_colour": "white"}, format="json")
    assert answer.status_code == 202, answer.content
    return slug, secret


def bot_turn(api: Client, name: str) -> int:
    """One look of ``name``'s bot at what waits for it: each game where it is its move played (a
    legal move, or a resignation when it is the lower rated from ply 4); the moves it sent."""
    sent = 0
    for row in api.get("/api/me/").json()["my_move"]:
        game = api.get(f"/api/play/{row['id']}/").json()
        if game["finished_at"] or not game["legal_moves"]:
            continue
        opponent = game["black"] if game["white"] == name.lower() else game["white"]
        ply = game["ply"]
        if ply >= RESIGN_FROM_PLY and RATINGS[name] < RATINGS[opponent.title()]:
            answer = api.post(f"/api/play/{row['id']}/resign/", format="json")
        else:
            move = game["legal_moves"][0]
            answer = api.post(
                f"/api/play/{row['id']}/move/", {"move": move, "expected_ply": ply}, format="json"
            )
        assert answer.status_code in (200, 201, 409), answer.content  # 409: over meanwhile
        sent += 1
    return sent


def play_until_finished(client: MakeClient, keys: dict[str, str], slug: str, timeout: float) -> None:
    """The bots play whatever waits for them until the event is finished (anonymous reads of it)."""
    bots = {name: client(key) for name, key in keys.items()}
    reader = client(None)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if reader.get(f"/api/events/{slug}/").json()["status"] == "finished":
            return
        moved = sum(bot_turn(api, name) for name, api in bots.items())
        if not moved:
            time.sleep(0.2)
    raise AssertionError(
        f"the event was not finished within {timeout} s: {reader.get(f'/api/events/{slug}/').json()}"
    )


def check_the_end(client: MakeClient, organiser_key: str, slug: str) -> dict[str, Any]:
    """What the organiser and anyone read at the end: three rounds closed, the standings and the
    rating list as worked by hand, the autopilot's log. The crosstable's rows, by name."""
    reader = client(None)
    event = reader.get(f"/api/events/{slug}/").json()
    assert event["status"] == "finished"
    assert [(r["number"], r["status"]) for r in event["round_list"]] == [
        (1, "closed"),
        (2, "closed"),
        (3, "closed"),
    ]
    standings = {row["name"]: row for row in reader.get(f"/api/events/{slug}/standings/").json()}
    assert standings["Ann"]["points"] == "3" and standings["Ann"]["rank"] == 1
    assert standings["Fay"]["points"] == "0" and standings["Fay"]["rank"] == 6
    crosstable = {row["name"]: row for row in reader.get(f"/api/events/{slug}/crosstable/").json()}
    number_of = {row["pairing_number"]: name for name, row in crosstable.items()}
    for name, row in crosstable.items():
        opponents = [number_of[cell["opponent"]] for cell in row["rounds"].values()]
        assert len(opponents) == 3, (name, row)
        below = sum(1 for other in opponents if RATINGS[other] < RATINGS[name])
        assert standings[name]["points_half"] == 2 * below, (name, opponents, standings[name])
    ratings = {row["name"]: row for row in reader.get("/api/ratings/gipf/").json()["results"]}
    assert set(ratings) == set(RATINGS)
    assert all(row["provisional"] and row["rated_games"] == 3 for row in ratings.values())
    assert ratings["Ann"]["rating"] > 1500 > ratings["Fay"]["rating"]
    autopilot = client(organiser_key).get(f"/api/events/{slug}/autopilot/").json()
    assert autopilot["stopped"] == "" and autopilot["paused"] is False
    taken = sorted((step["kind"], step["round_number"]) for step in autopilot["steps"])
    assert taken == sorted(
        [("publish", 1), ("close", 1), ("pair", 2), ("publish", 2), ("close", 2), ("pair", 3)]
        + [("publish", 3), ("close", 3), ("finish", None)]
    ), taken
    return crosstable


EXPECTED_KINDS = {
    "round.paired": 3,
    "round.published": 3,
    "round.closed": 3,
    "result.official": 9,  # three boards a round
    "event.finished": 1,
}


def check_the_webhooks(received: list[Any], secret: str, slug: str) -> None:
    """A delivery for each step at the receiver, each signed with the event's secret."""
    kinds: dict[str, int] = {}
    for item in received:
        assert item.signed_with(secret), item.headers
        message = item.message
        assert message["event"] == slug and item.headers["X-Gipf-Event"] == message["kind"]
        kinds[message["kind"]] = kinds.get(message["kind"], 0) + 1
    assert kinds == EXPECTED_KINDS
    published = [item.message["data"] for item in received if item.message["kind"] == "round.published"]
    assert [data["round"] for data in published] == [1, 2, 3]
    assert all(len(data["boards"]) == 3 and data["starts_at"] for data in published)
    assert received[-1].message["kind"] == "event.finished"
