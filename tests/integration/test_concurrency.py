"""Concurrent requests on PostgreSQL with a real worker: result entry racing round closes (no 500,
every closed round rated), and 20 identical writes at once of each kind (one effect, no 500)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts.models import Player, ThrottleBucket
from games.models import SubmittedRecord
from tests.integration.conftest import Workers, wait_for
from tournaments.events import services as event_services
from tournaments.models import Event, RatingChange, Registration, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.integration

RESULTS = ["1-0", "0-1", "1/2-1/2"]


@pytest.fixture
def organiser(workers: Workers) -> User:
    return User.objects.create_user("org", password="pw-organiser-1")


def at_once(count: int, request: Callable[[int], int]) -> list[int]:
    """Run ``request(i)`` for i in 0..count-1 in threads released together; their status codes."""
    barrier = threading.Barrier(count)
    codes: list[int] = []
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            codes.append(request(index))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return codes


def logged_in(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_result_entry_racing_round_closes_never_answers_500(workers: Workers, organiser: User) -> None:
    workers.start()
    event = event_services.create_event(
        organiser, name="Busy club", game="gipf-standard", pairing_system="round-robin", rated=True
    )
    registration_services.register_list(
        event, organiser, "\n".join(f"Racer {i:02d} {1900 + i}" for i in range(40))
    )
    round_ = event_services.start_event(event, organiser, "white")
    codes: Counter[int] = Counter()
    closed = []
    for number in (1, 2, 3):
        wait_for(
            lambda pk=round_.pk: Round.objects.get(pk=pk).status == Round.Status.PAIRED,
            what=f"round {number}",
        )
        boards = list(round_.pairings.exclude(black=None).order_by("board").values_list("board", flat=True))
        assert len(boards) == 20
        clients = [logged_in(organiser) for _ in range(40)]
        # the per-user rate of result entry (30 a minute, counted in the database) is not what this
        # test is about
        cache.clear()
        ThrottleBucket.objects.all().delete()

        def act(
            index: int, boards: list[int] = boards, clients: list[Client] = clients, number: int = number
        ) -> int:
            client = clients[index]
            if index < 20:  # one result per board
                url = reverse("tournaments:pairing-result", args=[event.slug, number, boards[index]])
                return client.post(url, {"result": RESULTS[index % 3]}).status_code
            # the closes: again and again until the round is closed (each answer counted)
            url = reverse("tournaments:round-close", args=[event.slug, number])
            deadline = time.monotonic() + 20
            code = 0
            while time.monotonic() < deadline:
                code = client.post(url, {"confirmed": "yes"}).status_code
                if code >= 500 or Round.objects.filter(event=event, number=number, status="closed").exists():
                    break
                time.sleep(0.01)
            return code

        codes.update(at_once(40, act))
        assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED, f"round {number} never closed"
        closed.append(round_.pk)
        if number < 3:
            round_ = pairing_services.pair_next_round(Event.objects.get(pk=event.pk), organiser)
    assert not [code for code in codes if code >= 500], codes
    for round_id in closed:
        wait_for(
            lambda round_id=round_id: RatingChange.objects.filter(round_id=round_id).count() == 40,
            timeout=60,
            what="every closed round rated",
        )
    assert not Round.objects.filter(event=event, ratings_stale_since__isnull=False).exists()
    assert not Round.objects.filter(event=event, standings_stale_since__isnull=False).exists()


def event_form_data(name: str) -> dict[str, object]:
    """The event form as a browser sends it untouched, with ``name`` typed in."""
    form = EventForm()
    data: dict[str, object] = {}
    for field in form:
        value = field.value()
        if value is None:
            continue
        data[field.name] = [str(v) for v in value] if isinstance(value, list | tuple) else value
    data["name"] = name
    data["game"] = "gipf-standard"
    return data


def test_twenty_identical_writes_of_each_kind_have_one_effect(workers: Workers, organiser: User) -> None:
    workers.start()
    clients = [logged_in(organiser) for _ in range(20)]

    # event creation: the same form (one creation key) sent twenty times at once creates one event,
    # the other nineteen are refused with "this form was sent already"
    form_data = event_form_data("Twin cup")
    codes = at_once(20, lambda i: clients[i].post(reverse("tournaments:event-create"), form_data).status_code)
    created = Event.objects.filter(name="Twin cup")
    assert Counter(codes) == {302: 1, 400: 19}, codes
    assert created.count() == 1
    assert created.get().organisers.filter(pk=organiser.pk).exists()
    event = created.get(slug="twin-cup")

    # registration of one new player: one player, one registration, the others refused
    url = reverse("tournaments:registrations", args=[event.slug])
    data = {"action": "register", "name": "Jo Twin", "rating": "1500"}
    codes = at_once(20, lambda i: clients[i].post(url, data).status_code)
    assert Player.objects.filter(display_name="Jo Twin").count() == 1
    assert Registration.objects.filter(event=event, player__display_name="Jo Twin").count() == 1
    assert Counter(codes)[302] == 1 and all(400 <= code < 500 for code in codes if code != 302), codes

    registration_services.register_list(event, organiser, "Al Twin 1600\nBo Twin 1400\nCy Twin 1300")
    round1 = event_services.start_event(Event.objects.get(pk=event.pk), organiser, "white")
    wait_for(lambda: Round.objects.get(pk=round1.pk).status == Round.Status.PAIRED, what="round 1")
    pairing = round1.pairings.exclude(black=None).order_by("board").first()
    assert pairing is not None

    # result entry: the same result twenty times is one result
    cache.clear()  # each kind below stays under the per-user rate (30 a minute)
    url = reverse("tournaments:pairing-result", args=[event.slug, 1, pairing.board])
    codes = at_once(20, lambda i: clients[i].post(url, {"result": "0-1"}).status_code)
    assert all(code < 500 for code in codes), codes
    pairing.refresh_from_db()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("0-1", 0, 2)

    cache.clear()
    # submission of one record: stored once; the repeats answer with the first (200) or a 4xx
    other = round1.pairings.exclude(black=None).exclude(pk=pairing.pk).order_by("board").first()
    assert other is not None
    record = '[Game "GIPF standard"]\n1. zz9'
    payload = {"pairing": other.pk, "record": record}
    codes = at_once(
        20,
        lambda i: clients[i].post("/api/games/submit/", payload, content_type="application/json").status_code,
    )
    assert SubmittedRecord.objects.filter(game__pairing_game__pairing=other).count() == 1
    assert Counter(codes)[202] == 1 and all(
        code in (200, 429) or 400 <= code < 500 for code in codes if code != 202
    ), codes
