"""The issue 36 scenario through the API alone, as an organiser and six players meet it: everybody
signs up (``POST /api/signup/``), gets a token with his password (``POST /api/tokens/``); three
players read their notices in Ukrainian (``/api/notices/preferences/``); the organiser creates a
YINSH Swiss of 3 rounds played on the service at 5+3, registers the six, reads their claim codes,
each player claims his own (``POST /api/me/claim/``), the organiser starts the event; round 1 is
paired (a task), then published.

Run on the embedded default by ``tests/accounts/test_round_told_everywhere.py`` (Django's test client)
and on PostgreSQL + Redis + a worker + uvicorn + an SMTP server by
``tests/integration/test_notices_delivered.py`` (HTTP): the same calls, through a :class:`Site`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

HANDLES = ["ann", "bob", "cid", "dan", "eve", "fay"]
SIX = "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500\nFay 1400"
#: the players who read their notices in Ukrainian
UKRAINIAN = {"bob", "dan", "fay"}
SLUG = "notices-swiss"


class Site(Protocol):
    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, Any]:
        """The status and the JSON body of one API request."""


@dataclass
class Round:
    organiser: str  # his token
    tokens: dict[str, str] = field(default_factory=dict)  # each player's, by handle


def password_of(name: str) -> str:
    return f"pw-{name}-2026-notices"


def _ok(answer: tuple[int, Any], *expected: int) -> Any:
    status, body = answer
    assert status in expected, (status, body)
    return body


def _account(site: Site, name: str) -> str:
    """Sign up ``name`` (with an address) and create his token with his password; the token."""
    _ok(
        site.call(
            "POST",
            "/api/signup/",
            {"username": name, "password": password_of(name), "email": f"{name}@example.org"},
        ),
        201,
    )
    created = site.call(
        "POST",
        "/api/tokens/",
        {"username": name, "password": password_of(name), "name": "notices", "scope": "all"},
    )
    return str(_ok(created, 201)["key"])


def registered(site: Site, **settings: object) -> Round:
    """Everything before the start: the accounts, the event (with ``settings`` too, e.g. its
    autopilot's), its players, each claimed by his own account."""
    made = Round(organiser=_account(site, "olga"))
    for handle in HANDLES:
        made.tokens[handle] = _account(site, handle)
        if handle in UKRAINIAN:
            _ok(site.call("POST", "/api/notices/preferences/", {"language": "uk"}, made.tokens[handle]), 200)
    event = {
        "name": "Notices Swiss",
        "game": "yinsh",
        "pairing_system": "swiss-dutch",
        "rounds": 3,
        "play_mode": "service",
        "time_control": "5+3",
        **settings,
    }
    assert _ok(site.call("POST", "/api/events/", event, made.organiser), 201)["slug"] == SLUG
    _ok(
        site.call("POST", f"/api/events/{SLUG}/registrations/list/", {"players": SIX}, made.organiser),
        200,
        201,
    )
    codes = _ok(site.call("GET", f"/api/events/{SLUG}/claim-codes/", None, made.organiser), 200)
    assert sorted(code["handle"] for code in codes) == HANDLES
    for code in codes:
        claimed = site.call("POST", "/api/me/claim/", {"code": code["code"]}, made.tokens[code["handle"]])
        assert _ok(claimed, 200)["handle"] == code["handle"]
    return made


def start(site: Site, made: Round) -> None:
    """The organiser starts the event (round 1 paired by a task; published by its autopilot if on)."""
    _ok(
        site.call("POST", f"/api/events/{SLUG}/start/", {"top_seed_colour": "white"}, made.organiser),
        200,
        202,
    )


def paired_round(site: Site, wait: Callable[[Callable[[], bool]], None]) -> Round:
    """Everything up to round 1 paired, not yet published (``wait`` polls until a condition holds)."""
    made = registered(site)
    start(site, made)
    wait(
        lambda: (
            site.call("GET", f"/api/events/{SLUG}/rounds/1/", None, made.organiser)[1].get("status")
            == "paired"
        )
    )
    return made


def publish(site: Site, made: Round) -> float:
    """Publish round 1; the moment (``time.monotonic``) its answer came."""
    _ok(site.call("POST", f"/api/events/{SLUG}/rounds/1/publish/", {"confirm": True}, made.organiser), 200)
    return time.monotonic()


def notices_of(site: Site, made: Round, handle: str) -> list[dict[str, Any]]:
    """His notices as the API lists them."""
    return list(_ok(site.call("GET", "/api/notices/", None, made.tokens[handle]), 200)["results"])
