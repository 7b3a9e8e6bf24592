"""The autopilot and the webhooks through the organiser's API (issue 36): who may read and change
them (``accounts.policy``: the autopilot its event's officials, the webhooks its organisers), a clear
400 for every bad value (never a 500), pausing and resuming, and a step that cannot be taken
stopping the autopilot with why, told to the organiser.

Worked by hand: a Swiss of four players (records by hand, results entered by the organiser) has
three rounds in which nobody meets anyone twice; a fourth round cannot be paired without a rematch
(FIDE C.04.1 b), so the autopilot stops there."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Notice
from tests.conftest import token_client
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db

PLAYERS = "Ann 2000\nBob 1900\nCid 1800\nDan 1700"


@pytest.fixture
def client(django_capture_on_commit_callbacks: Any) -> Any:
    return lambda user: token_client(user, django_capture_on_commit_callbacks)


def new_swiss(api: Any, rounds: int = 3, **fields: object) -> str:
    body = {
        "name": "Club Swiss",
        "game": "dvonn",
        "pairing_system": "swiss-dutch",
        "rounds": rounds,
        **fields,
    }
    answer = api.post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    slug = answer.json()["slug"]
    assert (
        api.post(f"/api/events/{slug}/registrations/list/", {"players": PLAYERS}, format="json").status_code
        == 201
    )
    return str(slug)


def test_the_autopilot_is_its_officials_and_the_webhooks_its_organisers(
    client: Any, organiser: User, stranger: User
) -> None:
    slug = new_swiss(client(organiser))
    arbiter = User.objects.create_user("ada", password="pw-ada-12345")
    Event.objects.get(slug=slug).arbiters.add(arbiter)
    reads = [
        f"/api/events/{slug}/autopilot/",
        f"/api/events/{slug}/webhooks/",
        f"/api/events/{slug}/webhooks/deliveries/",
    ]
    writes = [
        (f"/api/events/{slug}/autopilot/", {"auto_pair": True}),
        (f"/api/events/{slug}/autopilot/pause/", {}),
        (f"/api/events/{slug}/autopilot/resume/", {}),
        (f"/api/events/{slug}/webhooks/", {"url": "https://example.org/hooks"}),
        (f"/api/events/{slug}/webhooks/secret/", {}),
    ]
    for path in reads:
        assert client(None).get(path).status_code == 401, path
        assert client(stranger).get(path).status_code == 403, path
    for path, body in writes:
        assert client(None).post(path, body, format="json").status_code == 401, path
        refused = client(stranger).post(path, body, format="json")
        assert refused.status_code == 403 and refused.json()["code"] == "permission_denied", path
    # the arbiter runs the autopilot, not the webhooks (their secret is the organisers')
    assert client(arbiter).get(reads[0]).status_code == 200
    assert client(arbiter).post(writes[1][0], {}, format="json").json()["paused"] is True
    assert client(arbiter).post(writes[2][0], {}, format="json").json()["paused"] is False
    for path in reads[1:]:
        assert client(arbiter).get(path).status_code == 403, path
    assert client(arbiter).post(writes[3][0], writes[3][1], format="json").status_code == 403
    answer = client(organiser).post(writes[3][0], writes[3][1], format="json")
    assert answer.status_code == 201 and answer.json()["webhooks"][0]["url"] == "https://example.org/hooks"
    assert len(answer.json()["secret"]) == 64
    renewed = client(organiser).post(writes[4][0], {}, format="json").json()["secret"]
    assert renewed != answer.json()["secret"] and len(renewed) == 64
    # the pages: the autopilot's for its officials, the webhooks' for its organisers
    page = client(None)
    page.force_login(arbiter)
    assert page.get(f"/events/{slug}/autopilot/").status_code == 200
    assert page.get(f"/events/{slug}/webhooks/").status_code == 403
    page.force_login(stranger)
    assert page.get(f"/events/{slug}/autopilot/").status_code == 403
    page.force_login(organiser)
    html = page.get(f"/events/{slug}/webhooks/").content.decode()
    assert "https://example.org/hooks" in html and renewed in html


@pytest.mark.parametrize(
    ("path", "body", "named"),
    [
        ("autopilot/", {"round_times": ["yesterday at noon"]}, "round 1"),
        ("autopilot/", {"round_times": ["2026-05-01T18:00:00Z", "soon"]}, "round 2"),
        ("autopilot/", {"first_move_grace": 5}, "first_move_grace"),
        ("autopilot/", {"auto_pair_delay": -1}, "auto_pair_delay"),
        ("autopilot/", {"auto_pair": "maybe"}, "auto_pair"),
        ("autopilot/", {"all_rounds_at_once": True}, "correspondence"),
        ("autopilot/", {"round_times": ["x"] * 51}, "round_times"),
        ("webhooks/", {"url": "ftp://example.org/hooks"}, "http"),
        ("webhooks/", {"url": "http://127.0.0.1:8000/hooks"}, "loopback"),
        ("webhooks/", {"url": "http://[::1]/hooks"}, "loopback"),
        ("webhooks/", {"url": "http://10.1.2.3/hooks"}, "private"),
        ("webhooks/", {"url": "http://localhost/hooks"}, "loopback"),
        ("webhooks/", {"url": "https://user:secret@example.org/hooks"}, "password"),
        ("webhooks/", {"url": "https://example.org/" + "x" * 600}, "url"),
        ("webhooks/", {}, "url"),
    ],
)
def test_bad_input_is_a_clear_400(client: Any, organiser: User, path: str, body: dict, named: str) -> None:
    slug = new_swiss(client(organiser))
    answer = client(organiser).post(f"/api/events/{slug}/{path}", body, format="json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] and named in str(answer.json()), answer.json()


def test_the_webhooks_are_at_most_five_each_url_once(client: Any, organiser: User) -> None:
    slug = new_swiss(client(organiser))
    api = client(organiser)
    for number in range(5):
        assert (
            api.post(
                f"/api/events/{slug}/webhooks/", {"url": f"https://example.org/{number}"}, format="json"
            ).status_code
            == 201
        )
    again = api.post(f"/api/events/{slug}/webhooks/", {"url": "https://example.org/0"}, format="json")
    assert again.status_code == 400 and "already" in again.json()["detail"]
    sixth = api.post(f"/api/events/{slug}/webhooks/", {"url": "https://example.org/5"}, format="json")
    assert sixth.status_code == 400 and "at most 5" in sixth.json()["detail"]
    first = api.get(f"/api/events/{slug}/webhooks/").json()["webhooks"][0]["id"]
    left = api.post(f"/api/events/{slug}/webhooks/{first}/remove/", format="json").json()["webhooks"]
    assert [hook["url"] for hook in left] == [f"https://example.org/{n}" for n in range(1, 5)]
    assert api.post(f"/api/events/{slug}/webhooks/999999/remove/", format="json").status_code == 404


def results_of(api: Any, slug: str, number: int) -> None:
    """The organiser enters White's wins on the round's boards and closes it."""
    pairings = api.get(f"/api/events/{slug}/rounds/{number}/").json()["pairings"]
    boards = [{"board": p["board"], "result": "1-0"} for p in pairings if p["black"] is not None]
    assert (
        api.post(
            f"/api/events/{slug}/rounds/{number}/results/", {"results": boards}, format="json"
        ).status_code
        == 200
    )
    closed = api.post(f"/api/events/{slug}/rounds/{number}/close/", {"confirm": True}, format="json")
    assert closed.status_code == 200, closed.content


def test_paused_it_waits_resumed_it_goes_on_and_an_impossible_pairing_stops_it(
    client: Any, organiser: User
) -> None:
    api = client(organiser)
    slug = new_swiss(api, rounds=5, auto_pair=True, auto_pair_delay=0)
    assert (
        api.post(f"/api/events/{slug}/start/", {"top_seed_colour": "white"}, format="json").status_code == 202
    )
    round_one = api.get(f"/api/events/{slug}/rounds/1/").json()
    assert round_one["draft"] is False and round_one["starts_at"]  # published by the autopilot
    assert api.post(f"/api/events/{slug}/autopilot/pause/", format="json").json()["paused"] is True
    results_of(api, slug, 1)
    assert [r["number"] for r in api.get(f"/api/events/{slug}/").json()["round_list"]] == [1]  # paused: waits
    resumed = api.post(f"/api/events/{slug}/autopilot/resume/", format="json").json()
    assert resumed["paused"] is False
    assert api.get(f"/api/events/{slug}/rounds/2/").json()["draft"] is False  # paired and published at once
    results_of(api, slug, 2)
    results_of(api, slug, 3)
    state = api.get(f"/api/events/{slug}/autopilot/").json()
    assert state["stopped"].startswith("round 4 could not be paired"), state["stopped"]
    assert state["steps"][0]["kind"] == "stopped" and state["steps"][0]["round_number"] == 4
    told = Notice.objects.filter(recipient=organiser, kind=Notice.AUTOPILOT_STOPPED)
    assert told.count() == 1 and "round 4 could not be paired" in told.get().text
    steps = Notice.objects.filter(recipient=organiser, kind=Notice.AUTOPILOT).count()
    assert steps == 6  # rounds 1, 2 and 3 published; rounds 2, 3 and 4 paired (the closes were his)
    # resumed while round 4 still cannot be paired, it stops again at once, saying why
    api.post(f"/api/events/{slug}/autopilot/resume/", format="json")
    assert (
        api.get(f"/api/events/{slug}/autopilot/").json()["stopped"].startswith("round 4 could not be paired")
    )
    assert Round.objects.get(event__slug=slug, number=4).status == Round.Status.PENDING
