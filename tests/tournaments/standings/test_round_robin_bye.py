"""Round robins with an odd number of players: the bye is unscored unless the event says so.

Worked by hand: five players, ratings 1900 > 1800 > 1700 > 1600 > 1500, and the higher-rated
player wins every game. A 5-player round robin has 5 rounds; each player sits out once and plays
the other four. Ann wins her 4 games (4 points), Bob 3, Cid 2, Dan 1, Eve 0: a player's points are
his game points only. Scoring the bye (the organiser's choice) adds one point each: 5, 4, 3, 2, 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import event_form_data, make_event, next_round, start
from tournaments.models import Event, Pairing
from tournaments.results import services as result_services
from tournaments.standings.services import standing_lines

FIVE = "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500"

pytestmark = pytest.mark.django_db


def play_all_rounds(event: Event, organiser: User, commit: Callable[..., Any]) -> None:
    """The higher-rated player wins every game; each round is closed (standings stored)."""
    round_ = start(event, organiser)
    while True:
        for pairing in round_.pairings.exclude(black=None).select_related("white", "black"):
            stronger_white = pairing.white.rating > pairing.black.rating  # type: ignore[union-attr]
            result_services.record_result(pairing, organiser, "1-0" if stronger_white else "0-1")
        commit(result_services.close_round, round_, organiser)
        event.refresh_from_db()
        if round_.number == event.rounds:
            return
        round_ = next_round(event, organiser)


def points_by_name(event: Event) -> dict[str, int]:
    lines, after_round, live = standing_lines(event)
    assert after_round == event.rounds and not live
    return {line.registration.player.display_name: line.points for line in lines}


def test_the_bye_of_a_five_player_round_robin_is_unscored_by_default(
    organiser: User, commit: Callable[..., Any]
) -> None:
    event = make_event(organiser, FIVE)
    assert event.round_robin_bye_scored is False
    play_all_rounds(event, organiser, commit)
    assert event.rounds == 5
    byes = Pairing.objects.filter(round__event=event, black=None)
    assert sorted(p.white.player.display_name for p in byes) == ["Ann", "Bob", "Cid", "Dan", "Eve"]
    assert {p.white_score for p in byes} == {0}
    # half-points: 4, 3, 2, 1, 0 points
    assert points_by_name(event) == {"Ann": 8, "Bob": 6, "Cid": 4, "Dan": 2, "Eve": 0}
    lines, _, _ = standing_lines(event)
    assert [(line.rank, line.games) for line in lines] == [(1, 4), (2, 4), (3, 4), (4, 4), (5, 4)]


def test_the_organiser_may_score_the_round_robin_bye(organiser: User, commit: Callable[..., Any]) -> None:
    event = make_event(organiser, FIVE, round_robin_bye_scored=True)
    play_all_rounds(event, organiser, commit)
    assert {p.white_score for p in Pairing.objects.filter(round__event=event, black=None)} == {2}
    assert points_by_name(event) == {"Ann": 10, "Bob": 8, "Cid": 6, "Dan": 4, "Eve": 2}


def test_the_event_form_offers_the_choice(organiser: User, client: Any) -> None:
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-create")).content.decode()
    assert 'name="round_robin_bye_scored"' in page
    data = event_form_data("Odd club night", "gipf-basic", round_robin_bye_scored="on")
    assert client.post(reverse("tournaments:event-create"), data).status_code == 302
    assert Event.objects.get(name="Odd club night").round_robin_bye_scored is True
    data["name"] = "Even club night"
    del data["round_robin_bye_scored"]
    assert client.post(reverse("tournaments:event-create"), data).status_code == 302
    assert Event.objects.get(name="Even club night").round_robin_bye_scored is False
