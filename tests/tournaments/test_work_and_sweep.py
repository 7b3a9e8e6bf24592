"""The work the database still owes (stale marks, pairing requested, pending records), queueing it
after commit with a broker that may be down, the sweep that queues lost work again, the pages that
say "being updated", and the retry of a transaction that lost a deadlock. On SQLite, eager tasks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth.models import User
from django.db import OperationalError, transaction
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerDown

from common import sweep as sweep_module
from common.sweep import sweep
from games.models import SubmittedRecord
from games.records import services as game_services
from games.records.tasks import verify_record_task
from tests.conftest import make_event, next_round, play_round, start
from tournaments.events import services as event_services
from tournaments.locking import retry_on_conflict
from tournaments.models import Event, Rating, RatingChange, Round, Standing
from tournaments.pairing.tasks import pair_round_task
from tournaments.results import services as result_services
from tournaments.standings.tasks import update_standings_task
from tournaments.work import clear_marks, event_updating, mark_standings_stale, read_marks

pytestmark = pytest.mark.django_db

LATER = timedelta(hours=1)


def broker_down(task: Any) -> Any:
    """``task.delay`` raising what kombu raises when Redis refuses the connection."""
    return mock.patch.object(task, "delay", side_effect=BrokerDown("Error 111 connecting to 127.0.0.1:6379"))


def played_round(organiser: User, rated: bool = True) -> tuple[Event, Round]:
    event = make_event(organiser, rated=rated)
    round1 = start(event, organiser)
    play_round(round1, organiser, close=False)
    return event, round1


def marks(round_: Round) -> tuple[bool, bool]:
    round_.refresh_from_db()
    return round_.standings_stale_since is not None, round_.ratings_stale_since is not None


def test_closing_marks_standings_and_ratings_stale_in_its_transaction(organiser: User) -> None:
    event, round1 = played_round(organiser)
    result_services.close_round(round1, organiser)  # on-commit callbacks do not run here
    assert marks(round1) == (True, True)
    assert not Standing.objects.filter(event=event).exists()


def test_the_task_clears_the_marks_after_storing_standings_and_ratings(organiser: User, commit: Any) -> None:
    event, round1 = played_round(organiser)
    commit(result_services.close_round, round1, organiser)
    assert marks(round1) == (False, False)
    assert Standing.objects.filter(event=event, after_round=1).count() == 4
    # four players, two games: each player has one rating change
    assert RatingChange.objects.filter(round=round1).count() == 4


def test_a_refused_close_leaves_no_mark(organiser: User) -> None:
    event = make_event(organiser)
    round1 = start(event, organiser)
    with pytest.raises(Exception, match="results missing"):
        result_services.close_round(round1, organiser)
    assert marks(round1) == (False, False)


def test_a_mark_written_again_during_the_work_stays(organiser: User) -> None:
    event, round1 = played_round(organiser)
    result_services.close_round(round1, organiser)
    read = read_marks(event.pk)
    Round.objects.filter(pk=round1.pk).update(standings_stale_since=timezone.now() + timedelta(seconds=1))
    clear_marks(read)
    assert marks(round1) == (True, False)


def test_broker_down_at_close_the_write_commits_and_the_sweep_queues_the_work(
    organiser: User, commit: Any
) -> None:
    event, round1 = played_round(organiser)
    with broker_down(update_standings_task):
        commit(result_services.close_round, round1, organiser)  # no exception: the sweep takes over
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED
    assert marks(round1) == (True, True)
    assert not Standing.objects.filter(event=event).exists()

    assert sweep().standings == []  # within the grace period: the task may still be on its way
    assert sweep(timezone.now() + LATER).standings == [event.pk]
    assert marks(round1) == (False, False)
    assert Standing.objects.filter(event=event, after_round=1).count() == 4
    assert Rating.objects.filter(family="gipf").count() == 4


def test_broker_down_the_close_page_redirects_and_says_being_updated(organiser: User, client: Any) -> None:
    event, round1 = played_round(organiser)
    client.force_login(organiser)
    with broker_down(update_standings_task):
        response = client.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"confirmed": "yes"})
    assert response.status_code == 302
    page = client.get(reverse("tournaments:standings", args=[event.slug]))
    text = page.content.decode()
    assert "being updated" in text and 'http-equiv="refresh"' in text
    sweep(timezone.now() + LATER)
    text = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert "being updated" not in text and 'http-equiv="refresh"' not in text


def test_pages_say_being_updated_only_while_marked(organiser: User, client: Any) -> None:
    event, round1 = played_round(organiser, rated=False)
    result_services.close_round(round1, organiser)
    assert event_updating(event).standings and not event_updating(event).ratings  # not rated
    for name in ("event-detail", "standings", "crosstable"):
        text = client.get(reverse(f"tournaments:{name}", args=[event.slug])).content.decode()
        assert "The standings are being updated" in text, name
    update_standings_task(event.pk)
    assert not event_updating(event).any
    text = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert "being updated" not in text


def test_a_correction_marked_stale_is_recomputed(organiser: User, commit: Any) -> None:
    """What correcting a result after the close does: the same transaction marks the round."""
    event, round1 = played_round(organiser, rated=False)
    commit(result_services.close_round, round1, organiser)
    pairing = round1.pairings.get(board=1)
    with transaction.atomic():
        type(pairing).objects.filter(pk=pairing.pk).update(results="0-1", white_score=0, black_score=2)
        mark_standings_stale(round1)
    assert marks(round1) == (True, False)
    sweep(timezone.now() + LATER)
    assert marks(round1) == (False, False)
    loser = Standing.objects.get(event=event, registration=pairing.white)
    assert loser.points == 0


def test_broker_down_when_pairing_is_asked_the_sweep_pairs_the_round(organiser: User, commit: Any) -> None:
    event = make_event(organiser)
    with broker_down(pair_round_task):
        round1 = commit(event_services.start_event, event, organiser, "white")
    round1.refresh_from_db()
    assert round1.status == Round.Status.PENDING and round1.pairing_requested_at is not None
    assert event_updating(event).pairing
    assert sweep(timezone.now() + LATER).pairings == [round1.pk]
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED and round1.pairings.count() == 2


def test_retrying_a_pairing_asks_for_it_again(organiser: User, commit: Any) -> None:
    from tournaments.pairing import services as pairing_services

    event = make_event(organiser)
    with broker_down(pair_round_task):
        round1 = commit(event_services.start_event, event, organiser, "white")
    asked = Round.objects.get(pk=round1.pk).pairing_requested_at
    assert asked is not None
    commit(pairing_services.retry_pairing, round1, organiser)
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED and round1.pairing_requested_at >= asked  # type: ignore[operator]


@override_settings(PAIRING_TIME_LIMIT=10)
def test_a_pairing_pending_far_beyond_its_limit_is_stopped_with_an_error(
    organiser: User, client: Any
) -> None:
    event = make_event(organiser)
    with broker_down(pair_round_task):
        round1 = event_services.start_event(event, organiser, "white")
    Round.objects.filter(pk=round1.pk).update(pairing_requested_at=timezone.now() - timedelta(minutes=10))
    done = sweep()
    assert done.stopped == [round1.pk] and done.pairings == []
    round1.refresh_from_db()
    assert "did not finish within its time limit (10 seconds)" in round1.pairing_error
    client.force_login(organiser)
    text = client.get(round1.get_absolute_url()).content.decode()
    assert "Retry the pairing" in text and "did not finish within its time limit" in text
    assert not event_updating(event).pairing


def test_a_record_left_pending_is_verified_by_the_sweep(organiser: User) -> None:
    event = make_event(organiser, game="gipf-basic")
    round1 = start(event, organiser)
    pairing = round1.pairings.exclude(black=None).first()
    assert pairing is not None
    with broker_down(verify_record_task):
        record = game_services.submit_record(pairing, organiser, '[Game "GIPF basic"]\n1. zz9')
    assert record.status == SubmittedRecord.Status.PENDING
    assert sweep().records == []  # just submitted: its task may be running
    assert sweep(timezone.now() + LATER).records == [record.pk]
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID


def test_a_verification_past_its_soft_time_limit_refuses_the_record(organiser: User) -> None:
    event = make_event(organiser, game="gipf-basic")
    pairing = start(event, organiser).pairings.exclude(black=None).first()
    assert pairing is not None
    with broker_down(verify_record_task):
        record = game_services.submit_record(pairing, organiser, '[Game "GIPF basic"]\n1. zz9')
    with mock.patch("arbiter.registry.replay", side_effect=SoftTimeLimitExceeded()):
        game_services.verify_record(record.pk)
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID
    assert "took longer than 60 seconds" in record.error_reason


def test_an_eager_task_that_fails_leaves_its_mark_and_no_500(organiser: User, client: Any) -> None:
    event, round1 = played_round(organiser)
    client.force_login(organiser)
    with mock.patch("tournaments.standings.refresh.store_standings", side_effect=RuntimeError("boom")):
        response = client.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"confirmed": "yes"})
    assert response.status_code == 302
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED and marks(round1) == (True, True)


def test_the_embedded_default_sweeps_on_a_request_at_most_once_an_interval(
    organiser: User, client: Any
) -> None:
    event, round1 = played_round(organiser)
    with broker_down(update_standings_task):
        result_services.close_round(round1, organiser)
    Round.objects.filter(pk=round1.pk).update(standings_stale_since=timezone.now() - LATER)
    sweep_module._last_sweep = 0.0
    with mock.patch.object(sweep_module, "sweep", wraps=sweep_module.sweep) as swept:
        client.get(reverse("tournaments:event-list"))
        client.get(reverse("tournaments:event-list"))
    assert swept.call_count == 1
    assert marks(round1)[0] is False and Standing.objects.filter(event=event).exists()


def test_next_round_after_a_lost_standings_task(organiser: User, commit: Any) -> None:
    """Pairing the next round does not wait for the standings: they come when the sweep runs."""
    event, round1 = played_round(organiser)
    with broker_down(update_standings_task):
        commit(result_services.close_round, round1, organiser)
    round2 = next_round(event, organiser)
    assert round2.status == Round.Status.PAIRED
    sweep(timezone.now() + LATER)
    assert marks(round1) == (False, False)


# --------------------------------------------------------------------------- retry_on_conflict


def deadlock() -> OperationalError:
    return OperationalError("deadlock detected")


def failing(
    error: Callable[[], Exception], times: int | None = None, calls: list[int] | None = None
) -> tuple[list[int], Callable[[], str]]:
    """A write under ``retry_on_conflict`` that raises ``error()`` on its first ``times`` calls (on every
    call when None), then answers "done"; and the list its calls are counted in (``calls`` when given)."""
    counted: list[int] = [] if calls is None else calls

    @retry_on_conflict
    def write() -> str:
        counted.append(1)
        if times is None or len(counted) <= times:
            raise error()
        return "done"

    return counted, write


@pytest.mark.django_db(transaction=True)  # outside a test's transaction
def test_a_deadlock_is_retried_until_it_passes() -> None:
    calls, write = failing(deadlock, times=2)
    with mock.patch("common.locking.time.sleep"):
        assert write() == "done"
    assert len(calls) == 3


@pytest.mark.django_db(transaction=True)  # outside a test's transaction
def test_other_errors_and_nested_transactions_are_not_retried() -> None:
    calls, broken = failing(lambda: OperationalError("no such table: x"))
    with pytest.raises(OperationalError):
        broken()
    assert len(calls) == 1

    _calls, inner = failing(deadlock, calls=calls)
    with pytest.raises(OperationalError), transaction.atomic():
        inner()  # the outer transaction is lost: only its owner may run it again
    assert len(calls) == 2


@pytest.mark.django_db(transaction=True)  # outside a test's transaction
def test_a_deadlock_that_never_passes_gives_up_after_five_attempts() -> None:
    calls, write = failing(deadlock)
    with mock.patch("common.locking.time.sleep"), pytest.raises(OperationalError):
        write()
    assert len(calls) == 5
