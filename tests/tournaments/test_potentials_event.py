"""A Swiss event of GIPF with potentials end to end (issue 18): created on the event form with the
variant, players registered, three rounds paired by the Dutch system, every game's record (a game of
GIPF with potentials with every kind of potential move, tests/games/potentials_game.py) submitted by
the organiser and verified by the arbiter, the standings after each round, and the ratings in the
GIPF family (docs/rules.md P-26).

Four players, three rounds and no pair meeting twice: each meets the other three, whatever the
pairings. The higher rated player wins every game (the record is chosen by his colour), so by hand:
Anna 3 wins, Bert 2, Cees 1, Dirk 0.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game, SubmittedRecord
from games.records import services as game_services
from tests.conftest import event_form_data, pairings_of
from tests.games import potentials_game as played
from tournaments.models import Event, Rating, RatingChange, Round, Standing
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

RATINGS = {"Anna": 2000, "Bert": 1900, "Cees": 1800, "Dirk": 1700}


def _create(client: Client) -> Event:
    data = event_form_data(
        "Potentials Swiss",
        "gipf-pot-standard",
        pairing_system="swiss-dutch",
        rounds="3",
        tie_break_1="buchholz",
        rated="on",
        location="Haarlem",
        start_date="2026-11-21",
    )
    response = client.post(reverse("tournaments:event-create"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Event.objects.get(name="Potentials Swiss")


def test_a_swiss_event_of_gipf_with_potentials_from_registration_to_ratings(
    client: Client, organiser: User, commit: Any
) -> None:
    client.force_login(organiser)
    event = _create(client)
    assert event.game == "gipf-pot-standard" and event.rated
    players = "\n".join(f"{name} {rating}" for name, rating in RATINGS.items())
    url = reverse("tournaments:registrations", args=[event.slug])
    assert client.post(url, {"action": "paste", "players": players}).status_code == 302
    assert event.registrations.count() == 4
    response = client.post(
        reverse("tournaments:event-start", args=[event.slug]), {"top_seed_colour": "white"}
    )
    assert response.status_code == 302

    met = set()
    for number in (1, 2, 3):
        if number > 1:
            response = client.post(reverse("tournaments:round-pair-next", args=[event.slug]))
            assert response.status_code == 302
        publish = reverse("tournaments:swiss-round-publish", args=[event.slug, number])
        assert client.post(publish, {"confirmed": "yes"}).status_code == 302
        round_ = Round.objects.get(event=event, number=number)
        assert round_.status == Round.Status.PAIRED and not round_.is_draft
        pairings = pairings_of(event, number)
        assert len(pairings) == 2 and not any(p.is_bye for p in pairings)
        for pairing in pairings:
            white, black = pairing.white.player.display_name, pairing.black.player.display_name
            met.add(frozenset({white, black}))
            winner = "white" if RATINGS[white] > RATINGS[black] else "black"
            text = played.record(white, black, winner)
            record = commit(game_services.submit_record, pairing, organiser, text)
            record.refresh_from_db()
            assert record.status == SubmittedRecord.Status.VALID, record.error_reason
            game = Game.objects.get(pk=record.game_id)
            assert game.game == "gipf-pot-standard" and game.state == Game.State.OFFICIAL
            assert game.result == ("1-0" if winner == "white" else "0-1")
            pairing.refresh_from_db()
            assert pairing.results == game.result
        commit(result_services.close_round, round_, organiser)
        assert Standing.objects.filter(event=event, after_round=number).count() == 4
    assert len(met) == 6  # every pair once: the three rounds are a round robin of four

    standings = Standing.objects.filter(event=event, after_round=3).select_related("registration__player")
    # half-points: a win is 2
    assert [(s.registration.player.display_name, s.rank, s.points) for s in standings] == [
        ("Anna", 1, 6),
        ("Bert", 2, 4),
        ("Cees", 3, 2),
        ("Dirk", 4, 0),
    ]
    page = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert (
        page.index(">Anna</a>") < page.index(">Bert</a>") < page.index(">Cees</a>") < page.index(">Dirk</a>")
    )

    # The GIPF family's list, K 40 (new players), one game a round, E = 1 / (1 + 10 ** (-d / 400)):
    # round 1 Anna 2000 - Cees 1800 and Bert 1900 - Dirk 1700, d 200: E 0.759747, 40 x 0.240253 = 9.61
    # -> +10: Anna 2010, Cees 1790, Bert 1910, Dirk 1690.
    # round 2 Anna 2010 - Bert 1910 and Cees 1790 - Dirk 1690, d 100: E 0.640065, 40 x 0.359935 =
    # 14.40 -> +14: Anna 2024, Bert 1896, Cees 1804, Dirk 1676.
    # round 3 Anna 2024 - Dirk 1676, d 348: E 0.881132, 40 x 0.118868 = 4.75 -> +5: Anna 2029,
    # Dirk 1671; Bert 1896 - Cees 1804, d 92: E 0.629392, 40 x 0.370608 = 14.82 -> +15: Bert 1911,
    # Cees 1789.
    ratings = {
        r.player.display_name: (r.rating, r.rated_games) for r in Rating.objects.select_related("player")
    }
    assert ratings == {"Anna": (2029, 3), "Bert": (1911, 3), "Cees": (1789, 3), "Dirk": (1671, 3)}
    assert set(Rating.objects.values_list("family", flat=True)) == {"gipf"}
    assert RatingChange.objects.filter(round__event=event, family="gipf").count() == 12
