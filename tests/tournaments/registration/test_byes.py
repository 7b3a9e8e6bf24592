"""Bye requests: each kind paired around and scored, and the organiser's half-point bye rules."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.conftest import boards, byes, make_swiss, next_round, play_round, reg, start
from tournaments.errors import ServiceError
from tournaments.models import Round
from tournaments.registration import byes as bye_services

pytestmark = pytest.mark.django_db


def test_requested_half_zero_and_full_byes_are_paired_around_and_scored(organiser: User) -> None:
    event = make_swiss(organiser)
    start_round = start(event, organiser)
    bye_services.request_bye(reg(event, "Ann"), organiser, 2, "half")
    bye_services.request_bye(reg(event, "Bob"), organiser, 2, "zero")
    bye_services.request_bye(reg(event, "Cid"), organiser, 2, "full")
    play_round(start_round, organiser)
    second = next_round(event, organiser)
    assert second.status == Round.Status.PAIRED
    # Left to pair: Eve (won round 1 against Bob), Dan and Fay (lost). Eve floats down to Dan,
    # whom she has not met (Dan had Black, so he gets White); Fay gets the pairing-allocated bye.
    assert byes(second) == {"Ann": ("half", 1), "Bob": ("zero", 0), "Cid": ("full", 2), "Fay": ("pab", 2)}
    assert [board for board in boards(second) if board[1]] == [("Dan", "Eve")]


def test_half_point_byes_follow_the_organisers_rules(organiser: User) -> None:
    event = make_swiss(organiser)
    bye_services.update_settings(event, organiser, max_half_byes=1, half_bye_refused_rounds=[5])
    ann = reg(event, "Ann")
    with pytest.raises(ServiceError, match="not given in round 5"):
        bye_services.request_bye(ann, organiser, 5, "half")
    bye_services.request_bye(ann, organiser, 2, "half")
    with pytest.raises(ServiceError, match="already had the 1 half-point bye"):
        bye_services.request_bye(ann, organiser, 3, "half")
    bye_services.request_bye(ann, organiser, 3, "zero")  # an absence is always accepted
    with pytest.raises(ServiceError, match="already has a bye in round 3"):
        bye_services.request_bye(ann, organiser, 3, "full")
    with pytest.raises(ServiceError, match="does not exist"):
        bye_services.request_bye(ann, organiser, 6, "zero")
    with pytest.raises(ServiceError, match="not a bye"):
        bye_services.request_bye(ann, organiser, 4, "pab")
    first = start(event, organiser)
    with pytest.raises(ServiceError, match="already paired"):
        bye_services.request_bye(reg(event, "Bob"), organiser, 1, "zero")
    assert first.status == Round.Status.PAIRED
