"""Shared fixtures and factories. Reference material lives in ../shared beside the project root.

Users: ``organiser`` (olga, who runs the events) and ``stranger`` (sam, who runs none of them).
Events: :func:`make_event` registers players, :func:`start` starts it with round 1 paired,
:func:`play_round` enters results and closes a round, :func:`next_round` pairs the next one.

Celery tasks run eagerly in the test settings but are queued with ``delay_on_commit``, and a
``django_db`` test never commits. So ``commit(action, ...)`` runs an action and then the on-commit
callbacks it queued, as the end of a real transaction would, and the ``client`` and ``api_client``
fixtures do that after every request (as a real request's commit does). The factories run the
pairing task's body (:func:`~tournaments.pairing.services.pair_round_now`) themselves.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.games.play.timing import Clock, frozen
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Registration, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SHARED_DIR", PROJECT_ROOT.parent / "shared"))

FOUR = "Ann 1900\nBob 1800\nCid 1700\nDan 1600"
SIX = "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500\nFay 1400"

T = TypeVar("T")


def shared_path(*parts: str) -> Path:
    """A path inside ../shared; skips the test with a clear message when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference material not found: {path} (../shared is absent in this checkout)")
    return path


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"reference material not found: {SHARED} (../shared is absent in this checkout)")
    return SHARED


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashing() -> Iterator[None]:
    """Users are created and signed in by the hundred; the real hasher takes 0.6 s a password."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle and sign-in lockout counters live in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _no_sweep_on_a_request_by_chance() -> Iterator[None]:
    """The embedded default's sweep runs on a request once a minute of real time
    (``common.sweep.maybe_sweep``): left to the clock, it would fall inside whichever test's request
    came a minute after the last, and do that test's timed work (a flag, a deadline) before the
    request it checks. Each test starts with the sweep just run; a test of the sweep asks for it."""
    import time

    from common import sweep

    sweep._last_sweep = time.monotonic()
    yield


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """A request in Ukrainian leaves its language active in the thread (the locale middleware does
    not put it back): each test starts in the site's language, whatever ran before it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _no_streams_of_other_tests() -> Iterator[None]:
    """The process's count of open streams (``games.live.fanout.hub``) is process-wide: a stream an
    earlier test left to its event loop's shutdown (closed then, or later by the collector) must not
    take a place in this test's count. Each test starts with none."""
    from games.live import fanout

    _forget_streams(fanout.hub)
    yield
    _forget_streams(fanout.hub)


def _forget_streams(hub: Any) -> None:
    with hub.lock:
        hub.open = 0
        hub.by_channel.clear()
        hub.listening = None  # a listener of a closed event loop


# --------------------------------------------------------------------------- commits


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Callable[..., Any]:
    """``commit(action, *args, **kwargs)``: the action's result, after its on-commit callbacks ran."""

    def run(action: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run


class _CommitsEachRequest:
    """A test client whose requests end as real ones do: their on-commit callbacks run."""

    capture: Any

    def request(self, **request: Any) -> Any:
        with self.capture(execute=True):
            return super().request(**request)  # type: ignore[misc]


class CommittingClient(_CommitsEachRequest, Client):
    def __init__(self, capture: Any, **defaults: Any) -> None:
        super().__init__(**defaults)
        self.capture = capture


class CommittingAPIClient(_CommitsEachRequest, APIClient):
    def __init__(self, capture: Any, **defaults: Any) -> None:
        super().__init__(**defaults)
        self.capture = capture


@pytest.fixture
def client(django_capture_on_commit_callbacks: Any) -> Client:
    """Django's test client; the tasks a request queues run when it ends."""
    return CommittingClient(django_capture_on_commit_callbacks)


@pytest.fixture
def api_client(django_capture_on_commit_callbacks: Any) -> APIClient:
    """DRF's test client; the tasks a request queues run when it ends."""
    return CommittingAPIClient(django_capture_on_commit_callbacks)


def token_client(user: User | None, capture: Any = None) -> APIClient:
    """DRF's test client with the user's token (anonymous for None); with ``capture``
    (``django_capture_on_commit_callbacks``) the tasks a request queues run when it ends."""
    api = APIClient() if capture is None else CommittingAPIClient(capture)
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return api


@pytest.fixture
def clock() -> Iterator[Clock]:
    """``django.utils.timezone.now`` under the test's hand, from Monday 2 March 2026, 09:00 UTC
    (:class:`tests.games.play.timing.Clock`)."""
    with frozen() as at:
        yield at


# --------------------------------------------------------------------------- people


@pytest.fixture
def organiser(db: None) -> User:
    return User.objects.create_user("olga", password="pw-olga-12345")


@pytest.fixture
def stranger(db: None) -> User:
    return User.objects.create_user("sam", password="pw-sam-12345")


# --------------------------------------------------------------------------- events


def event_form_data(name: str, game: str, **fields: str) -> dict[str, str]:
    """The new-event form's data: a round robin of single games scoring 1, 0.5 and 0, a bye 1, but
    for ``fields``."""
    return {
        "name": name,
        "game": game,
        "pairing_system": "round-robin",
        "games_per_pairing": "1",
        "win_points": "1",
        "draw_points": "0.5",
        "loss_points": "0",
        "bye_points": "1",
        **fields,
    }


def make_event(
    organiser: User,
    names: str = FOUR,
    *,
    name: str = "Club night",
    game: str = "gipf-basic",
    pairing_system: str = "round-robin",
    **fields: object,
) -> Event:
    """An event of ``organiser`` with the players of ``names`` ("Name rating" lines) registered."""
    event = event_services.create_event(
        organiser, name=name, game=game, pairing_system=pairing_system, **fields
    )
    if names:
        registration_services.register_list(event, organiser, names)
    return event


def make_swiss(organiser: User, names: str = SIX, rounds: int = 5, **fields: object) -> Event:
    fields.setdefault("name", "Dutch Open")
    fields.setdefault("game", "gipf-standard")
    return make_event(organiser, names, pairing_system="swiss-dutch", rounds=rounds, **fields)


def start(event: Event, organiser: User, top_seed_colour: str = "white") -> Round:
    """Start the event and pair round 1 (the pairing task's body, run here)."""
    round_ = event_services.start_event(event, organiser, top_seed_colour)
    return pairing_services.pair_round_now(round_.pk)


def next_round(event: Event, organiser: User) -> Round:
    """Create the next round and pair it (the pairing task's body, run here)."""
    round_ = pairing_services.pair_next_round(Event.objects.get(pk=event.pk), organiser)
    return pairing_services.pair_round_now(round_.pk)


def play_round(round_: Round, organiser: User, result: str = "1-0", close: bool = True) -> None:
    """White wins every game still without a result; then the round is closed."""
    for pairing in round_.pairings.exclude(black=None).filter(white_score=None):
        result_services.record_result(pairing, organiser, result)
    if close:
        result_services.close_round(round_, organiser)


def reg(event: Event, name: str) -> Registration:
    """The registration of the player called ``name``."""
    return event.registrations.get(player__display_name=name)


def boards(round_: Round) -> list[tuple[str, str | None]]:
    """The round as (white, black) names in board order; a bye has no black."""
    return [
        (p.white.player.display_name, p.black.player.display_name if p.black else None)
        for p in round_.pairings.select_related("white__player", "black__player").order_by("board")
    ]


def byes(round_: Round) -> dict[str, tuple[str, int | None]]:
    """Name -> (bye kind, half-points scored) for every bye of the round."""
    return {
        p.white.player.display_name: (p.bye, p.white_score)
        for p in round_.pairings.filter(black=None).select_related("white__player")
    }


def paired_names(round_: Round) -> set[str]:
    return {name for white, black in boards(round_) if black for name in (white, black)}


def pairings_of(event: Event, number: int) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__event=event, round__number=number)
        .select_related("white__player", "black__player")
        .order_by("board")
    )
