"""Faults on the scaled setup: a worker killed with ``kill -9`` in the middle of a standings and
ratings job (a 200-player round) and of a pairing, and Redis stopped while a round closes. In each
case a new worker and Celery beat's sweep finish the work with nobody acting, and the figures equal
those of a clean run."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.integration.conftest import Redis, Workers, wait_for
from tournaments.events import services as event_services
from tournaments.locking import pairing_being_computed
from tournaments.models import Event, Pairing, Rating, RatingChange, Round, Standing
from tournaments.pairing import edits as pairing_edits
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.standings.refresh import refresh_event

pytestmark = pytest.mark.integration


@pytest.fixture
def organiser(workers: Workers) -> User:
    return User.objects.create_user("org", password="pw-organiser-1")


def big_event(organiser: User, players: int, **fields: object) -> Event:
    event = event_services.create_event(
        organiser, name="Big open", game="gipf-standard", rated=True, **fields
    )
    registration_services.register_list(
        event, organiser, "\n".join(f"Player {i:03d} {2300 - 3 * i}" for i in range(players))
    )
    return event


def play(round_: Round, organiser: User) -> None:
    """White wins on odd boards, Black on even ones, draws on every fifth; then the round closes."""
    changes = []
    for pairing in round_.pairings.exclude(black=None).order_by("board"):
        code = "1/2-1/2" if pairing.board % 5 == 0 else ("1-0" if pairing.board % 2 else "0-1")
        changes.append((pairing, code))
    result_services.record_round(round_, organiser, changes)
    result_services.close_round(round_, organiser)


def marked(round_id: int) -> tuple[bool, bool]:
    round_ = Round.objects.get(pk=round_id)
    return round_.standings_stale_since is not None, round_.ratings_stale_since is not None


def figures(
    event: Event,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], list[tuple[object, ...]]]:
    standings = list(
        Standing.objects.filter(event=event)
        .order_by("after_round", "rank", "registration_id")
        .values_list("after_round", "rank", "registration_id", "points", "games", "tie_breaks")
    )
    changes = list(
        RatingChange.objects.filter(round__event=event)
        .order_by("round_id", "player_id")
        .values_list("round_id", "player_id", "before", "after", "games")
    )
    players = event.registrations.values_list("player_id", flat=True)
    ratings = list(
        Rating.objects.filter(player_id__in=players)
        .order_by("player_id")
        .values_list("player_id", "rating", "rated_games")
    )
    return standings, changes, ratings


def clean_run(
    event: Event,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The same figures computed again from nothing, in this process."""
    players = list(event.registrations.values_list("player_id", flat=True))
    Standing.objects.filter(event=event).delete()
    RatingChange.objects.filter(round__event=event).delete()
    Rating.objects.filter(player_id__in=players).delete()
    refresh_event(event.pk)
    return figures(event)


def in_transaction_elsewhere(table_word: str) -> bool:
    """Another connection to the test database is inside a transaction touching ``table_word``."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND query ILIKE %s",
            [f"%{table_word}%"],
        )
        return bool(cursor.fetchone()[0])


def test_worker_killed_during_standings_and_ratings_of_200_players(
    workers: Workers, organiser: User, tmp_path: Path
) -> None:
    event = big_event(organiser, 200, pairing_system="round-robin")
    round1 = event_services.start_event(event, organiser, "white")
    pairing_services.pair_round_now(round1.pk)  # here: the pairing is not what this test kills
    play(Round.objects.get(pk=round1.pk), organiser)  # queues the standings and ratings job
    assert marked(round1.pk) == (True, True)

    worker = workers.start(wait=False)
    deadline = time.monotonic() + 60
    while not in_transaction_elsewhere("tournaments_"):
        assert time.monotonic() < deadline, "the worker never started the job"
        time.sleep(0.002)
    workers.kill(worker)
    # killed in the middle: at least the ratings are still owed, nothing is half-written
    assert marked(round1.pk)[1] is True
    assert not RatingChange.objects.filter(round=round1).exists()
    stored = Standing.objects.filter(event=event).count()
    assert stored in (0, 200)

    workers.start()
    workers.start_beat(tmp_path / "beat-schedule")
    wait_for(lambda: marked(round1.pk) == (False, False), timeout=90, what="the sweep and a new worker")
    after_fault = figures(event)
    assert len(after_fault[0]) == 200 and len(after_fault[1]) == 200 and len(after_fault[2]) == 200
    assert after_fault == clean_run(event)


def test_worker_killed_during_a_pairing(workers: Workers, organiser: User, tmp_path: Path) -> None:
    event = big_event(organiser, 300, pairing_system="swiss-dutch", rounds=5)
    round1 = event_services.start_event(event, organiser, "white")
    pairing_services.pair_round_now(round1.pk)
    pairing_edits.publish_round(Round.objects.get(pk=round1.pk), organiser)
    play(Round.objects.get(pk=round1.pk), organiser)
    round2 = pairing_services.pair_next_round(Event.objects.get(pk=event.pk), organiser)  # queued

    worker = workers.start(wait=False)
    # the pairing writes 10 % before it starts, then pairs 300 players holding no transaction, its
    # connection's advisory lock marking the round as being computed
    deadline = time.monotonic() + 60
    while not (
        Round.objects.filter(pk=round2.pk, pairing_progress=10).exists() and pairing_being_computed(round2.pk)
    ):
        assert time.monotonic() < deadline, "the worker never started the pairing"
        time.sleep(0.002)
    workers.kill(worker)
    assert Round.objects.get(pk=round2.pk).status == Round.Status.PENDING, "the kill came too late"
    assert not Pairing.objects.filter(round=round2).exists()

    workers.start()
    workers.start_beat(tmp_path / "beat-schedule")
    wait_for(
        lambda: Round.objects.get(pk=round2.pk).status == Round.Status.PAIRED,
        timeout=120,
        what="the sweep and a new worker to pair round 2",
    )
    boards = list(round2.pairings.order_by("board").values_list("board", "white_id", "black_id", "bye"))
    assert len(boards) == 150

    # a clean run of the same pairing, in this process
    Pairing.objects.filter(round=round2).delete()
    Round.objects.filter(pk=round2.pk).update(status=Round.Status.PENDING, paired_at=None)
    pairing_services.pair_round_now(round2.pk)
    assert (
        list(round2.pairings.order_by("board").values_list("board", "white_id", "black_id", "bye")) == boards
    )


def test_redis_down_while_a_round_closes(
    workers: Workers, redis_server: Redis, organiser: User, tmp_path: Path
) -> None:
    event = big_event(organiser, 6, pairing_system="round-robin")
    round1 = event_services.start_event(event, organiser, "white")
    pairing_services.pair_round_now(round1.pk)
    changes = [(p, "1-0") for p in Round.objects.get(pk=round1.pk).pairings.exclude(black=None)]
    result_services.record_round(round1, organiser, changes)
    workers.start()
    workers.start_beat(tmp_path / "beat-schedule")

    redis_server.stop()
    client = Client()
    client.force_login(organiser)
    began = time.monotonic()
    response = client.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"confirmed": "yes"})
    took = time.monotonic() - began
    assert response.status_code == 302, response.content.decode()[:3000]
    assert took < 15, f"the close waited {took:.1f} s for the broker"
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED
    assert marked(round1.pk) == (True, True)
    page = client.get(reverse("tournaments:standings", args=[event.slug]))
    assert page.status_code == 200 and "being updated" in page.content.decode()
    time.sleep(2)
    redis_server.start()

    wait_for(lambda: marked(round1.pk) == (False, False), timeout=90, what="standings and ratings")
    assert Standing.objects.filter(event=event, after_round=1).count() == 6
    assert RatingChange.objects.filter(round=round1).count() == 6
    assert (
        "being updated"
        not in client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    )
    connection.close()
