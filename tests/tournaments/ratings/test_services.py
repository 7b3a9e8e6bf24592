"""Ratings after each round (the elo package): hand-computed values and idempotent updates."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments.events import services as event_services
from tournaments.models import Player, RatingChange
from tournaments.ratings import services as rating_services
from tournaments.ratings.elo import RatedGame, expected_score, rate_round
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services


def test_expected_score_by_hand() -> None:
    assert expected_score(1500, 1500) == pytest.approx(0.5)
    # 1 / (1 + 10 ** (-200 / 400)) = 0.7597...
    assert expected_score(1600, 1400) == pytest.approx(0.75975, abs=1e-4)


def test_rate_round_by_hand() -> None:
    ratings = {1: 1500, 2: 1500, 3: 1600, 4: 1400, 5: 1500}
    games = [RatedGame(1, 2, 1.0), RatedGame(3, 4, 0.5)]
    new = rate_round(ratings, games)
    assert new[1] == 1510 and new[2] == 1490  # K=20 * (1 - 0.5)
    # draw: 1600 loses 20 * (0.5 - 0.7597) = -5.19 ; 1400 gains 5.19
    assert new[3] == 1595 and new[4] == 1405
    assert 5 not in new  # did not play


@pytest.mark.django_db(transaction=True)
def test_closing_a_round_rates_it_once() -> None:
    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(organiser, name="Rated", game="dvonn", pairing_system="round-robin")
    registration_services.register_list(event, organiser, "Ann 1600\nBob 1400\nCid 1500")
    round1 = event_services.start_event(event, organiser, "white")
    game = round1.pairings.exclude(black=None).get()  # 2 (Cid 1500) vs 3 (Bob 1400); Ann has the bye
    result_services.record_result(game, organiser, "0-1")
    result_services.close_round(round1, organiser)
    cid, bob, ann = (Player.objects.get(display_name=n) for n in ("Cid", "Bob", "Ann"))
    # Bob (1400) beats Cid (1500): expected 0.3599 -> +12.8
    assert (cid.rating, bob.rating, ann.rating) == (1487, 1413, 1600)
    assert RatingChange.objects.count() == 2
    assert rating_services.rate_closed_rounds(event.pk) == 0  # re-running changes nothing
    assert Player.objects.get(display_name="Bob").rating == 1413


@pytest.mark.django_db(transaction=True)
def test_player_page_shows_the_rating_history(client) -> None:  # type: ignore[no-untyped-def]
    from django.urls import reverse

    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(organiser, name="Rated", game="dvonn", pairing_system="round-robin")
    registration_services.register_list(event, organiser, "Ann 1500\nBob 1500")
    round1 = event_services.start_event(event, organiser, "white")
    result_services.record_result(round1.pairings.get(), organiser, "1-0")
    result_services.close_round(round1, organiser)
    page = client.get(
        reverse("tournaments:player-detail", args=[Player.objects.get(display_name="Ann").handle])
    )
    html = page.content.decode()
    assert "Rating history" in html and "1510" in html and "+10" in html
