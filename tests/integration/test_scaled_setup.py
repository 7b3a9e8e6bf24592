"""The organiser's pairing path on PostgreSQL with Redis and a real Celery worker, including
pairing the same round from several requests at once."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.urls import reverse

from games.models import SubmittedRecord
from games.records import services as game_services
from tests.integration.conftest import wait_for
from tests.integration.test_concurrency import at_once, logged_in
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.integration


def make_event(players: int = 6) -> tuple[User, Event]:
    organiser = User.objects.create_user("org", password="pw-organiser-1")
    event = event_services.create_event(
        organiser, name="Scaled club", game="gipf-standard", pairing_system="round-robin"
    )
    registration_services.register_list(
        event, organiser, "\n".join(f"Player {i} {2000 - i}" for i in range(players))
    )
    return organiser, event


def paired(round_id: int) -> bool:
    return Round.objects.get(pk=round_id).status == Round.Status.PAIRED


def test_settings_are_the_scaled_setup() -> None:
    from django.conf import settings

    assert connection.vendor == "postgresql"
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert settings.CELERY_BROKER_URL.startswith("redis://")


def test_worker_pairs_rounds_and_computes_standings(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    organiser, event = make_event(6)
    round1 = event_services.start_event(event, organiser, "white")
    wait_for(lambda: paired(round1.pk), what="the worker to pair round 1")
    boards = list(Pairing.objects.filter(round=round1).order_by("board"))
    # Berger round 1 for six players: 1-6, 2-5, 3-4
    assert [(p.white.pairing_number, p.black.pairing_number) for p in boards] == [(1, 6), (2, 5), (3, 4)]
    for pairing in boards:
        result_services.record_result(pairing, organiser, "1-0")
    result_services.close_round(round1, organiser)
    standings = wait_for(lambda: list(event.standings.filter(after_round=1)), what="stored standings")
    assert sorted(row.points for row in standings) == [0, 0, 0, 2, 2, 2]


def test_concurrent_pair_requests_create_one_round(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    organiser, event = make_event(8)
    round1 = event_services.start_event(event, organiser, "black")
    wait_for(lambda: paired(round1.pk), what="round 1")
    for pairing in round1.pairings.all():
        result_services.record_result(pairing, organiser, "0-1")
    result_services.close_round(round1, organiser)

    clients = [logged_in(organiser) for _ in range(4)]
    pair_next = reverse("tournaments:round-pair-next", args=[event.slug])
    statuses = at_once(4, lambda index: clients[index].post(pair_next).status_code)

    assert len(statuses) == 4 and all(code < 500 for code in statuses), statuses
    assert Round.objects.filter(event=event, number=2).count() == 1
    round2 = Round.objects.get(event=event, number=2)
    wait_for(lambda: paired(round2.pk), what="round 2")
    assert Pairing.objects.filter(round=round2).count() == 4
    assert Round.objects.filter(event=event).count() == 2


def test_pairing_task_run_twice_at_once_stores_one_set(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    """Two workers (here: threads calling the task body) racing on one pending round."""
    organiser, event = make_event(6)
    event.status = Event.Status.RUNNING
    event.rounds = 5
    event.save()
    for number, registration in enumerate(event.registrations.order_by("-rating"), start=1):
        registration.pairing_number = number
        registration.save()
    round_ = Round.objects.create(event=event, number=1)

    def run_task(_index: int) -> int:
        pairing_services.pair_round_now(round_.pk)
        return 0

    at_once(3, run_task)
    assert Pairing.objects.filter(round=round_).count() == 3
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PAIRED


def test_a_refused_record_with_a_long_move_is_stored_by_the_worker(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    organiser, event = make_event(2)
    round1 = event_services.start_event(event, organiser, "white")
    wait_for(lambda: paired(round1.pk), what="the worker to pair round 1")
    pairing = Pairing.objects.filter(round=round1).exclude(black=None).get()
    move = "b1-b3" * 50  # 250 characters: more than the former 200-character column
    record = game_services.submit_record(pairing, organiser, f'[Game "GIPF standard"]\n1. {move}')
    done = wait_for(
        lambda: (
            SubmittedRecord.objects.exclude(status=SubmittedRecord.Status.PENDING)
            .filter(pk=record.pk)
            .first()
        ),
        what="the worker to verify the record",
    )
    assert done.status == SubmittedRecord.Status.INVALID and done.error_move == move


def test_a_worker_keeps_its_database_connection_from_task_to_task(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    # Five records verified one after the other by the worker: after each, the database still has
    # the connection (the same server process, started at the same time) the worker used for the
    # first; Celery's Django fix-up closed it after every task before (issue 20 item 17).
    organiser, event = make_event(2)
    round1 = event_services.start_event(event, organiser, "white")
    wait_for(lambda: paired(round1.pk), what="the worker to pair round 1")
    pairing = Pairing.objects.filter(round=round1).exclude(black=None).get()

    def others() -> set[tuple[int, object]]:
        """The other connections to the test database: (server process, its start)."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid, backend_start FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            return {(pid, started) for pid, started in cursor.fetchall()}

    seen = []
    for n in range(5):
        record = game_services.submit_record(pairing, organiser, f'[Game "GIPF standard"]\n{{game {n}}}')
        wait_for(
            lambda pk=record.pk: (
                SubmittedRecord.objects.exclude(status=SubmittedRecord.Status.PENDING).filter(pk=pk).exists()
            ),
            what="the worker to verify the record",
        )
        time.sleep(0.3)  # the task's end (Celery's task_postrun) is past
        seen.append(others())
    assert set.intersection(*seen), seen
