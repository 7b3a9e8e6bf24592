"""Ratings after each round (the elo package): hand-computed values and idempotent updates."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_event, start
from tournaments.models import Player, RatingChange
from tournaments.ratings import services as rating_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


def test_closing_a_round_rates_it_once(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Ann 1600\nBob 1400\nCid 1500", name="Rated", game="dvonn")
    round1 = start(event, organiser)
    game = round1.pairings.exclude(black=None).get()  # 2 (Cid 1500) vs 3 (Bob 1400); Ann has the bye
    result_services.record_result(game, organiser, "0-1")
    commit(result_services.close_round, round1, organiser)
    cid, bob, ann = (Player.objects.get(display_name=n) for n in ("Cid", "Bob", "Ann"))
    # Bob (1400) beats Cid (1500): expected 0.3599 -> +12.8
    assert (cid.rating, bob.rating, ann.rating) == (1487, 1413, 1600)
    assert RatingChange.objects.count() == 2
    assert rating_services.rate_closed_rounds(event.pk) == 0  # re-running changes nothing
    assert Player.objects.get(display_name="Bob").rating == 1413
