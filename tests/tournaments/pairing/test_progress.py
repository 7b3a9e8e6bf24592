"""The progress of a running pairing: matcher calls counted on both matchers, the percentage
written when it grows and at most once per interval (a fake clock), recorded while the pairing
runs and shown on the round page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_swiss, next_round, play_round, start
from tournaments.models import Round
from tournaments.pairing import progress
from tournaments.pairing.matching import compiled_available, counting_calls
from tournaments.pairing.state import EventState, PlayerState, RoundEntry
from tournaments.pairing.systems import pair_round


def after_one_round() -> EventState:
    """Six players before round 2: 1, 2 and 3 beat 4, 5 and 6 -- two score groups of three."""
    players = [PlayerState(number=n, name=f"P{n}", rating=2000 - n) for n in range(1, 7)]
    for winner, loser in ((1, 4), (5, 2), (3, 6)):
        white, black = (winner, loser) if winner < loser else (loser, winner)
        for number, opponent, colour in ((white, black, "w"), (black, white, "b")):
            code = "1" if number in (1, 2, 3) else "0"
            players[number - 1].history.append(RoundEntry(opponent, colour, code))
            players[number - 1].points += 2 if code == "1" else 0
    return EventState(system="swiss-dutch", players=players, round_to_pair=2, total_rounds=5)


def heard_calls(matcher: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[int, int]], int]:
    monkeypatch.setenv("PAIRING_MATCHER", matcher)
    heard: list[tuple[int, int]] = []
    with counting_calls(lambda done, expected: heard.append((done, expected))) as calls:
        pair_round(after_one_round())
    return heard, calls.done


def test_matcher_calls_are_counted_on_the_fallback_and_the_compiled_matcher(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    heard, done = heard_calls("networkx", monkeypatch)
    assert done >= 1
    # Every call heard, in order; expected: 6 players // 2 + 2 per score group (2 groups) = 7.
    assert heard == [(k, 7) for k in range(1, done + 1)]
    if compiled_available():
        assert heard_calls("compiled", monkeypatch) == (heard, done)


def test_nothing_is_counted_outside_counting_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    with counting_calls() as calls:
        pass
    pair_round(after_one_round())
    assert calls.done == 0


def test_percent_runs_from_started_to_last() -> None:
    assert progress.percent(0, 0) == 10
    assert progress.percent(0, 100) == 10
    assert progress.percent(50, 100) == 10 + 85 // 2
    assert progress.percent(100, 100) == 95
    assert progress.percent(130, 100) == 95  # more calls than expected: stays below done


def test_throttled_writes_when_grown_and_not_more_often_than_the_interval() -> None:
    now = [0.0]
    written: list[int] = []
    listener = progress.Throttled(written.append, interval=1.0, clock=lambda: now[0])
    listener(0, 10)  # 10 %: what the field already holds
    assert written == []
    listener(1, 10)  # 18 %
    now[0] = 0.5
    listener(2, 10)  # 27 %, only half a second later
    now[0] = 1.0
    listener(3, 10)  # 35 %
    listener(4, 10)  # 44 %, at the same moment
    now[0] = 5.0
    listener(4, 10)  # 44 % again, later
    assert written == [18, 35, 44]


@pytest.mark.django_db
def test_a_pairing_records_its_progress_while_it_runs_and_clears_it(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = make_swiss(organiser)
    play_round(start(event, organiser), organiser)
    recorded: list[tuple[int, int]] = []
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    monkeypatch.setattr(progress, "store", lambda round_id, value: recorded.append((round_id, value)))
    second = next_round(event, organiser)
    assert second.status == Round.Status.PAIRED and second.pairing_progress == 100
    values = [value for round_id, value in recorded]
    assert recorded and {round_id for round_id, _ in recorded} == {second.pk}
    assert values == sorted(set(values)) and values[0] > 10 and values[-1] <= 95
    assert progress.live_percent(second.pk, "pending", "", 10) == 10  # nothing left in the cache


@pytest.mark.django_db
def test_round_page_shows_the_recorded_progress_while_pairing(organiser: User) -> None:
    event = make_swiss(organiser)
    play_round(start(event, organiser), organiser)
    # Requested just now: the sweep leaves it to its (imagined) worker.
    pending = Round.objects.create(
        event=event, number=2, pairing_progress=10, pairing_requested_at=timezone.now()
    )
    url = reverse("tournaments:round-detail", args=[event.slug, 2])
    client = Client()
    client.force_login(organiser)
    assert "10% done" in client.get(url).content.decode()
    progress.store(pending.pk, 55)
    page = client.get(url).content.decode()
    assert "55% done" in page and 'aria-valuenow="55"' in page
    Round.objects.filter(pk=pending.pk).update(pairing_error="no valid pairing exists")
    page = client.get(url).content.decode()
    assert "55% done" not in page and "no valid pairing exists" in page


@pytest.mark.django_db
def test_the_api_gives_the_recorded_progress_while_pairing(organiser: User) -> None:
    from rest_framework.test import APIClient

    event = make_swiss(organiser)
    play_round(start(event, organiser), organiser)
    pending = Round.objects.create(
        event=event, number=2, pairing_progress=10, pairing_requested_at=timezone.now()
    )
    client = APIClient()
    client.force_authenticate(organiser)
    url = f"/api/events/{event.slug}/rounds/2/"
    assert client.get(url).json()["pairing_progress"] == 10
    progress.store(pending.pk, 55)
    assert client.get(url).json()["pairing_progress"] == 55
    assert client.get(f"/api/events/{event.slug}/rounds/1/").json()["pairing_progress"] == 100
