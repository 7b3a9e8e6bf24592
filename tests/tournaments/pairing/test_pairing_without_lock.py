"""Pairing a round holds no transaction and no lock while the engine computes: result entry on the
event goes through meanwhile, and a change of what the pairing rests on is seen before the pairing
is stored (it is computed again, or refused after a few changed attempts).

The slow engine here is a fake that waits on a ``threading.Event`` set by the thread entering the
result (the wait's timeout only keeps a broken test from hanging; nothing is measured by the clock).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone, translation

from common.sweep import sweep
from tests.conftest import boards, make_swiss, play_round, start
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import services as pairing_services
from tournaments.pairing.state import EventState, PairedRound
from tournaments.pairing.systems import pair_round
from tournaments.pairing.tasks import pair_round_task
from tournaments.results import corrections

WAIT = 60  # seconds a fake engine or a thread waits at most before the test fails (never reached)


def in_order(state: EventState) -> PairedRound:
    """A fake engine: the available players two by two in pairing-number order (1-2, 3-4, ...)."""
    numbers = [player.number for player in state.players if player.available]
    return PairedRound(pairs=list(zip(numbers[0::2], numbers[1::2])))


def second_round_pending(organiser: User, names: str, engine: Callable[[EventState], PairedRound]) -> Round:
    """A Swiss event with round 1 paired by ``engine``, played (white wins) and closed, and round 2
    asked for but not paired yet."""
    event = make_swiss(organiser, names)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pairing_services, "pair_round", engine)
        round1 = start(event, organiser)
    play_round(round1, organiser)
    return Round.objects.create(event=event, number=2, pairing_requested_at=timezone.now())


def board(event: Event, number: int) -> Pairing:
    return Pairing.objects.select_related("round__event").get(
        round__event=event, round__number=1, board=number
    )


@pytest.mark.django_db(transaction=True)
def test_no_transaction_is_open_while_the_engine_computes(organiser: User, monkeypatch: Any) -> None:
    round2 = second_round_pending(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", pair_round)
    seen: list[bool] = []

    def engine(state: EventState) -> PairedRound:
        seen.append(connection.in_atomic_block)
        return pair_round(state)

    monkeypatch.setattr(pairing_services, "pair_round", engine)
    round2 = pairing_services.pair_round_now(round2.pk)
    assert seen == [False]
    assert round2.status == Round.Status.PAIRED and round2.pairing_started_at is None
    # Round 1 was Ann-Cid, Dan-Bob (white won): round 2 pairs the winners, then the losers. Both
    # winners had white, both losers black: the higher ranked gets his preference (C.04.3 E.4).
    assert boards(round2) == [("Dan", "Ann"), ("Bob", "Cid")]


def run_during_the_computation(
    round_id: int, change: Callable[[], object], monkeypatch: Any
) -> tuple[Round, list[BaseException], int]:
    """Pair the round with a fake engine that waits until ``change`` has run in another thread
    (with its own database connection); the round, the thread's errors and the engine's calls."""
    computing, changed = threading.Event(), threading.Event()
    errors: list[BaseException] = []
    calls = [0]

    def slow_engine(state: EventState) -> PairedRound:
        calls[0] += 1
        if calls[0] == 1:
            computing.set()
            assert changed.wait(WAIT), "the change did not go through during the computation"
        return in_order(state)

    def enter_change() -> None:
        try:
            assert computing.wait(WAIT)
            change()
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)
        finally:
            changed.set()
            connection.close()

    monkeypatch.setattr(pairing_services, "pair_round", slow_engine)
    thread = threading.Thread(target=enter_change)
    thread.start()
    try:
        round_ = pairing_services.pair_round_now(round_id)
    finally:
        changed.set()
        thread.join()
    return round_, errors, calls[0]


@pytest.mark.django_db(transaction=True)
def test_a_correction_goes_through_during_the_computation_and_the_round_is_paired_again(
    organiser: User, monkeypatch: Any
) -> None:
    round2 = second_round_pending(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", in_order)
    event = round2.event
    # Round 1 (in order): Ann-Bob, Cid-Dan; white won both. The arbiter corrects board 2 to 0-1.
    round2, errors, calls = run_during_the_computation(
        round2.pk,
        lambda: corrections.correct_result(board(event, 2), "0-1", "scoresheet misread", organiser),
        monkeypatch,
    )
    assert errors == []
    assert board(event, 2).results == "0-1"  # the correction was stored while the engine computed
    assert calls == 2  # the basis changed under the first computation: computed again
    assert round2.status == Round.Status.PAIRED and round2.pairing_error == ""
    assert round2.pairings.count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_400_player_round_takes_results_while_it_computes(organiser: User, monkeypatch: Any) -> None:
    names = "\n".join(f"Player {number:03} {2400 - number}" for number in range(1, 401))
    round2 = second_round_pending(organiser, names, in_order)
    event = round2.event
    assert event.registrations.count() == 400 and board(event, 200).black is not None
    round2, errors, calls = run_during_the_computation(
        round2.pk,
        lambda: corrections.correct_result(board(event, 137), "0-1", "wrong board reported", organiser),
        monkeypatch,
    )
    assert errors == []
    assert board(event, 137).results == "0-1"
    assert calls == 2
    assert round2.status == Round.Status.PAIRED and round2.pairings.count() == 200


@pytest.mark.django_db(transaction=True)
def test_a_basis_that_keeps_changing_refuses_the_pairing_with_a_clear_error(
    organiser: User, monkeypatch: Any
) -> None:
    round2 = second_round_pending(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", in_order)
    event = round2.event
    results = iter(["0-1", "1-0", "0-1", "1-0"])

    def changing_engine(state: EventState) -> PairedRound:
        corrections.correct_result(board(event, 1), next(results), "the arbiter keeps changing it", organiser)
        return in_order(state)

    monkeypatch.setattr(pairing_services, "pair_round", changing_engine)
    with translation.override("en"):  # the worker's language
        round2 = pairing_services.pair_round_now(round2.pk)
    assert round2.status == Round.Status.PENDING and not round2.pairings.exists()
    assert round2.pairing_error == (
        "the event changed while the round was being paired (results, players or byes), "
        "3 times in a row; retry the pairing"
    )
    assert round2.pairing_progress == 0 and round2.pairing_started_at is None
    assert next(results) == "1-0"  # three attempts, no more


@pytest.mark.django_db(transaction=True)
def test_a_withdrawal_during_the_computation_is_seen(organiser: User, monkeypatch: Any) -> None:
    round2 = second_round_pending(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500", in_order)
    event = round2.event
    eve = event.registrations.get(player__display_name="Eve")
    seen: list[list[int]] = []

    def engine(state: EventState) -> PairedRound:
        seen.append([player.number for player in state.players if player.available])
        if len(seen) == 1:
            event.registrations.filter(pk=eve.pk).update(withdrawn_from_round=2)
        return in_order(state)

    monkeypatch.setattr(pairing_services, "pair_round", engine)
    round2 = pairing_services.pair_round_now(round2.pk)
    assert seen == [[1, 2, 3, 4, 5], [1, 2, 3, 4]]
    assert round2.status == Round.Status.PAIRED
    assert not round2.pairings.filter(white=eve).exists() and not round2.pairings.filter(black=eve).exists()


@pytest.mark.django_db
def test_the_sweep_leaves_a_pairing_being_computed_to_its_worker(organiser: User, monkeypatch: Any) -> None:
    event = make_swiss(organiser)
    round1 = event_services.start_event(event, organiser, "white")
    queued: list[int] = []
    monkeypatch.setattr(pair_round_task, "delay", lambda round_id: queued.append(round_id))
    asked = timezone.now() - timedelta(minutes=5)  # past the sweep's grace
    Round.objects.filter(pk=round1.pk).update(pairing_requested_at=asked, pairing_started_at=timezone.now())
    assert sweep().pairings == [] and queued == []
    # A worker killed while computing: past the task's hard limit (1,800 + 30 s), the round is queued again.
    Round.objects.filter(pk=round1.pk).update(pairing_started_at=timezone.now() - timedelta(seconds=1831))
    assert sweep(timezone.now() + timedelta(seconds=1)).pairings == [round1.pk] and queued == [round1.pk]
