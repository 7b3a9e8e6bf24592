"""Event services: creation, permissions, the start (numbers, round count, round 1) and the finish."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from accounts.errors import PermissionRefused
from accounts.policy import Action, can
from tests.conftest import make_event, play_round
from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def test_create_event_makes_the_creator_organiser_and_a_unique_slug(organiser: User) -> None:
    first = event_services.create_event(
        organiser, name="Spring Open", game="dvonn", pairing_system="swiss-dutch", rounds=5
    )
    second = event_services.create_event(
        organiser, name="Spring Open", game="dvonn", pairing_system="swiss-dutch", rounds=5
    )
    assert first.slug == "spring-open" and second.slug == "spring-open-2"
    assert can(organiser, Action.MANAGE_EVENT, first)
    # the Swiss default as FIDE C.07 codes (issue 10)
    assert first.tie_breaks == ["BH-C1", "BH", "DE", "SB"]


def test_anonymous_cannot_create_events() -> None:
    with pytest.raises(PermissionRefused):
        event_services.create_event(AnonymousUser(), name="X", game="dvonn")


def test_strangers_and_anonymous_cannot_write(organiser: User, stranger: User) -> None:
    event = make_event(organiser)
    for user in (stranger, AnonymousUser()):
        with pytest.raises(PermissionRefused):
            registration_services.register_by_name(event, user, "Mallory")
        with pytest.raises(PermissionRefused):
            event_services.start_event(event, user)
    assert event.registrations.count() == 4
    assert Event.objects.get(pk=event.pk).status == Event.Status.CREATED


def test_start_freezes_numbers_by_rating_then_name_and_pairs_round_one(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Bob 1700\nAnn 1700\nCid 1900\nDan 1500")
    round1 = commit(event_services.start_event, event, organiser, "white")
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


def test_full_round_robin_and_finish(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700")
    round_ = commit(event_services.start_event, event, organiser, "white")
    for number in range(1, 4):
        round_.refresh_from_db()
        commit(play_round, round_, organiser)
        if number < 3:
            with pytest.raises(ServiceError, match=f"only {number} of 3 rounds have been played"):
                event_services.finish_event(event, organiser)
            round_ = commit(pairing_services.pair_next_round, event, organiser)
    with pytest.raises(ServiceError, match="all 3 rounds have been played"):
        pairing_services.pair_next_round(event, organiser)
    event_services.finish_event(event, organiser)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # Every player had one bye (unscored in a round robin by default) and met the other two once.
    byes = Pairing.objects.filter(round__event=event, black=None)
    assert sorted(p.white.pairing_number for p in byes) == [1, 2, 3]
    stored = {s.registration.pairing_number: s.points for s in event.standings.filter(after_round=3)}
    # With White winning every game: 1 had White vs ?, computed by hand from the Berger table for 4:
    # R1 1-4(bye 1) 2-3 ; R2 4-3 (bye 3) 1-2 ; R3 2-4 (bye 2) 3-1
    # 2 beats 3 (R1), 1 beats 2 (R2), 3 beats 1 (R3): each 1 win + 1 unscored bye = 2 half-points
    assert stored == {1: 2, 2: 2, 3: 2}


def test_finishing_needs_every_round_closed(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800")
    round1 = commit(event_services.start_event, event, organiser, "white")
    with pytest.raises(ServiceError, match="close the last round before finishing"):
        event_services.finish_event(event, organiser)
    commit(play_round, round1, organiser)
    event_services.finish_event(event, organiser)
    with pytest.raises(ServiceError, match="only a running event can be finished"):
        event_services.finish_event(event, organiser)
