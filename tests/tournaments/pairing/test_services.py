"""Pairing stored events: the next round, byes scored, forbidden pairs, refusals, failures and retries."""

from __future__ import annotations

from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from tests.conftest import SIX, boards, byes, make_event, make_swiss, next_round, play_round, reg, start
from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import ByeRequest, Event, Pairing, Round
from tournaments.pairing import services as pairing_services

pytestmark = pytest.mark.django_db


def test_pairing_allocated_bye_scores_the_configured_points(organiser: User) -> None:
    event = make_swiss(organiser, SIX + "\nGus 1300", bye_points=1)
    round_ = start(event, organiser)
    assert byes(round_) == {"Gus": ("pab", 1)}
    assert Event.objects.get(pk=event.pk).top_seed_colour == "white"
    board1 = round_.pairings.get(board=1)
    assert (board1.white.pairing_number, board1.black.pairing_number) == (1, 4)


def test_forbidden_pair_is_respected_from_round_one(organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600")
    pairing_services.add_forbidden_pair(event, organiser, reg(event, "Ann"), reg(event, "Cid"), "same club")
    with pytest.raises(ServiceError, match="already a forbidden pair"):
        pairing_services.add_forbidden_pair(event, organiser, reg(event, "Cid"), reg(event, "Ann"))
    with pytest.raises(ServiceError, match="two different players"):
        pairing_services.add_forbidden_pair(event, organiser, reg(event, "Cid"), reg(event, "Cid"))
    first = start(event, organiser)
    for pairing in first.pairings.select_related("white__player", "black__player"):
        assert {pairing.white.player.display_name, pairing.black.player.display_name} != {"Ann", "Cid"}
    # Without the forbidden pair round 1 is Ann-Cid, Dan-Bob; with it the next best: Ann-Dan, Cid-Bob.
    assert boards(first) == [("Ann", "Dan"), ("Cid", "Bob")]


def test_pair_next_round_refused_while_round_open(organiser: User) -> None:
    event = make_event(organiser)
    event_services.start_event(event, organiser, "white")
    with pytest.raises(ServiceError, match="round 1 is not closed yet"):
        pairing_services.pair_next_round(event, organiser)
    assert Round.objects.filter(event=event).count() == 1


def test_database_refuses_a_second_set_of_pairings(organiser: User) -> None:
    event = make_event(organiser)
    round1 = start(event, organiser)
    first = round1.pairings.first()
    assert first is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        Pairing.objects.create(round=round1, board=1, white=first.white, black=first.black)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, number=1)
    # pairing the same round again is a no-op
    pairing_services.pair_round_now(round1.pk)
    assert round1.pairings.count() == 2


def test_starting_queues_the_pairing_of_round_one_for_the_commit(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(organiser)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round1 = event_services.start_event(event, organiser, "white")
    assert len(callbacks) == 1 and not round1.pairings.exists()
    callbacks[0]()
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED and round1.pairings.count() == 2


def test_an_unexpected_pairing_failure_is_shown_not_stuck(
    organiser: User, monkeypatch: pytest.MonkeyPatch, commit: Any
) -> None:
    event = make_event(organiser)

    def broken(state: object) -> object:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(pairing_services, "pair_round", broken)
    round1 = commit(event_services.start_event, event, organiser, "white")
    round1.refresh_from_db()
    assert round1.status == Round.Status.PENDING
    assert "engine exploded" in round1.pairing_error and round1.pairing_progress == 0
    assert not round1.pairings.exists()
    monkeypatch.undo()
    commit(pairing_services.retry_pairing, round1, organiser)
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED and round1.pairing_error == ""
    assert round1.pairings.count() == 2


def test_a_pairing_stopped_by_the_time_limit_says_so(
    organiser: User, monkeypatch: pytest.MonkeyPatch, commit: Any
) -> None:
    event = make_event(organiser)

    def too_slow(state: object) -> object:
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(pairing_services, "pair_round", too_slow)
    round1 = commit(event_services.start_event, event, organiser, "white")
    round1.refresh_from_db()
    assert round1.status == Round.Status.PENDING and not round1.pairings.exists()
    assert "took longer than 1800 seconds" in round1.pairing_error


def test_round_without_a_valid_pairing_reports_it_and_can_be_retried(organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800", rounds=3)
    first = start(event, organiser)
    play_round(first, organiser)
    second = next_round(event, organiser)
    assert second.status == Round.Status.PENDING
    assert second.pairing_error.startswith("no valid pairing exists")
    assert second.pairing_progress == 0
    ByeRequest.objects.create(registration=reg(event, "Ann"), round_number=2, kind="zero")
    pairing_services.retry_pairing(second, organiser)
    second = pairing_services.pair_round_now(second.pk)
    assert second.status == Round.Status.PAIRED and second.pairing_progress == 100
    assert byes(second) == {"Ann": ("zero", 0), "Bob": ("pab", 2)}
