"""The service layer: permissions, transactions, constraints and the round life cycle."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Player, Registration, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def organiser() -> User:
    return User.objects.create_user("olga", password="pw-olga-12345")


@pytest.fixture
def stranger() -> User:
    return User.objects.create_user("sam", password="pw-sam-12345")


def round_robin(
    organiser: User, names: str = "Ann 1900\nBob 1800\nCid 1700\nDan 1600", **extra: object
) -> Event:
    event = event_services.create_event(
        organiser, name="Club night", game="gipf-basic", pairing_system="round-robin", **extra
    )
    registration_services.register_list(event, organiser, names)
    return event


def test_create_event_makes_the_creator_organiser_and_a_unique_slug(organiser: User) -> None:
    first = event_services.create_event(
        organiser, name="Spring Open", game="dvonn", pairing_system="swiss-dutch", rounds=5
    )
    second = event_services.create_event(
        organiser, name="Spring Open", game="dvonn", pairing_system="swiss-dutch", rounds=5
    )
    assert first.slug == "spring-open" and second.slug == "spring-open-2"
    assert first.can_manage(organiser)
    assert first.tie_breaks == ["buchholz-cut1", "buchholz", "direct-encounter", "sonneborn-berger"]


def test_anonymous_cannot_create_events() -> None:
    with pytest.raises(PermissionDenied):
        event_services.create_event(AnonymousUser(), name="X", game="dvonn")


def test_register_list_parses_names_and_ratings(organiser: User) -> None:
    event = round_robin(organiser, "Ann Smith, 1900\n\n# comment\nBob Jones 1750\nCid\tDe Wit\t1600\nEve")
    registered = {r.player.display_name: r.rating for r in event.registrations.select_related("player")}
    assert registered == {"Ann Smith": 1900, "Bob Jones": 1750, "Cid De Wit": 1600, "Eve": 1500}


def test_register_list_is_all_or_nothing(organiser: User) -> None:
    event = round_robin(organiser, "Ann 1900")
    with pytest.raises(ServiceError, match="line 2 \\(Ann\\): Ann is already registered"):
        registration_services.register_list(event, organiser, "Zoe 1500\nAnn")
    assert not Player.objects.filter(display_name="Zoe").exists()
    assert event.registrations.count() == 1


def test_strangers_and_anonymous_cannot_write(organiser: User, stranger: User) -> None:
    event = round_robin(organiser)
    for user in (stranger, AnonymousUser()):
        with pytest.raises(PermissionDenied):
            registration_services.register_by_name(event, user, "Mallory")
        with pytest.raises(PermissionDenied):
            event_services.start_event(event, user)
    assert event.registrations.count() == 4
    assert Event.objects.get(pk=event.pk).status == Event.Status.CREATED


def test_start_freezes_numbers_by_rating_then_name_and_pairs_round_one(organiser: User) -> None:
    event = round_robin(organiser, "Bob 1700\nAnn 1700\nCid 1900\nDan 1500")
    round1 = event_services.start_event(event, organiser, "white")
    event.refresh_from_db()
    numbers = {r.player.display_name: r.pairing_number for r in event.registrations.select_related("player")}
    assert numbers == {"Cid": 1, "Ann": 2, "Bob": 3, "Dan": 4}
    assert event.rounds == 3 and event.status == Event.Status.RUNNING and event.top_seed_colour == "white"
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED
    boards = [(p.white.pairing_number, p.black.pairing_number) for p in round1.pairings.all()]
    assert boards == [(1, 4), (2, 3)]
    with pytest.raises(ServiceError, match="already started"):
        event_services.start_event(event, organiser)


def test_close_round_lists_missing_results_and_results_lock_after_close(organiser: User) -> None:
    event = round_robin(organiser)
    round1 = event_services.start_event(event, organiser, "white")
    first, second = round1.pairings.all()
    result_services.record_result(first, organiser, "1-0")
    with pytest.raises(ServiceError, match=r"results missing on board 2 \(Bob - Cid\)"):
        result_services.close_round(round1, organiser)
    result_services.record_result(second, organiser, "1/2-1/2")
    result_services.record_result(first, organiser, "0-1")  # a correction
    result_services.close_round(round1, organiser)
    first.refresh_from_db()
    assert (first.white_score, first.black_score, first.results) == (0, 2, "0-1")
    with pytest.raises(ServiceError, match="closed"):
        result_services.record_result(second, organiser, "1-0")


def test_bad_result_text_changes_nothing(organiser: User) -> None:
    event = round_robin(organiser)
    pairing = event_services.start_event(event, organiser, "white").pairings.first()
    assert pairing is not None
    with pytest.raises(ServiceError, match="'3-0' is not a result"):
        result_services.record_result(pairing, organiser, "3-0")
    pairing.refresh_from_db()
    assert pairing.white_score is None and pairing.results == ""


def test_full_round_robin_and_finish(organiser: User) -> None:
    event = round_robin(organiser, "Ann 1900\nBob 1800\nCid 1700")
    round_ = event_services.start_event(event, organiser, "white")
    for number in range(1, 4):
        round_.refresh_from_db()
        for pairing in round_.pairings.exclude(black=None):
            result_services.record_result(pairing, organiser, "1-0")
        result_services.close_round(round_, organiser)
        if number < 3:
            with pytest.raises(ServiceError, match="close the last round|rounds have been played"):
                event_services.finish_event(event, organiser)
            round_ = pairing_services.pair_next_round(event, organiser)
    with pytest.raises(ServiceError, match="all 3 rounds have been played"):
        pairing_services.pair_next_round(event, organiser)
    event_services.finish_event(event, organiser)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # Every player had one bye (a win, 2 half-points) and met the other two once.
    byes = Pairing.objects.filter(round__event=event, black=None)
    assert sorted(p.white.pairing_number for p in byes) == [1, 2, 3]
    stored = {s.registration.pairing_number: s.points for s in event.standings.filter(after_round=3)}
    # With White winning every game: 1 had White vs ?, computed by hand from the Berger table for 4:
    # R1 1-4(bye 1) 2-3 ; R2 4-3 (bye 3) 1-2 ; R3 2-4 (bye 2) 3-1
    # 2 beats 3 (R1), 1 beats 2 (R2), 3 beats 1 (R3): each 1 win + 1 bye = 4 half-points
    assert stored == {1: 4, 2: 4, 3: 4}


def test_withdrawn_player_is_forfeited_in_a_round_robin(organiser: User) -> None:
    event = round_robin(organiser)
    round1 = event_services.start_event(event, organiser, "white")
    for pairing in round1.pairings.all():
        result_services.record_result(pairing, organiser, "1-0")
    result_services.close_round(round1, organiser)
    dan = event.registrations.get(player__display_name="Dan")
    registration_services.withdraw(dan, organiser)
    dan.refresh_from_db()
    assert dan.withdrawn_from_round == 2 and dan.status == Registration.Status.WITHDRAWN
    round2 = pairing_services.pair_next_round(event, organiser)
    forfeited = (
        round2.pairings.get(black=dan)
        if round2.pairings.filter(black=dan).exists()
        else round2.pairings.get(white=dan)
    )
    assert forfeited.source == Pairing.Source.FORFEIT
    assert forfeited.results in ("+/-", "-/+")
    assert (forfeited.white_score if forfeited.black_id == dan.pk else forfeited.black_score) == 2


def test_database_refuses_a_second_set_of_pairings(organiser: User) -> None:
    event = round_robin(organiser)
    round1 = event_services.start_event(event, organiser, "white")
    first = round1.pairings.first()
    assert first is not None
    with pytest.raises(IntegrityError), transaction.atomic():
        Pairing.objects.create(round=round1, board=1, white=first.white, black=first.black)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, number=1)
    # pairing the same round again is a no-op
    pairing_services.pair_round_now(round1.pk)
    assert round1.pairings.count() == 2


def test_pair_next_round_refused_while_round_open(organiser: User) -> None:
    event = round_robin(organiser)
    event_services.start_event(event, organiser, "white")
    with pytest.raises(ServiceError, match="round 1 is not closed yet"):
        pairing_services.pair_next_round(event, organiser)
    assert Round.objects.filter(event=event).count() == 1


def test_an_unexpected_pairing_failure_is_shown_not_stuck(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = round_robin(organiser)

    def broken(state: object) -> object:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(pairing_services, "pair_round", broken)
    round1 = event_services.start_event(event, organiser, "white")
    round1.refresh_from_db()
    assert round1.status == Round.Status.PENDING
    assert "engine exploded" in round1.pairing_error and round1.pairing_progress == 0
    assert not round1.pairings.exists()
    monkeypatch.undo()
    pairing_services.retry_pairing(round1, organiser)
    round1.refresh_from_db()
    assert round1.status == Round.Status.PAIRED and round1.pairing_error == ""
    assert round1.pairings.count() == 2


def test_a_pairing_stopped_by_the_time_limit_says_so(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    from celery.exceptions import SoftTimeLimitExceeded

    event = round_robin(organiser)

    def too_slow(state: object) -> object:
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(pairing_services, "pair_round", too_slow)
    round1 = event_services.start_event(event, organiser, "white")
    round1.refresh_from_db()
    assert round1.status == Round.Status.PENDING and not round1.pairings.exists()
    assert "took longer than 1800 seconds" in round1.pairing_error
