"""Unrated players stay unrated: registered without a rating, ranked after every rated player for
the initial order (FIDE C.04.3 Dutch system A.2: rating, then name; unrated players last), blank in
the TRF export, "unrated" on the pages; the rating list's initial rating is only their starting
point where the list rates their games."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import make_swiss, play_round, start
from tournaments.models import Rating
from tournaments.ratings.rounds import rate_closed_rounds
from tournaments.trf.io import export_event_text

pytestmark = pytest.mark.django_db

# Hand-worked order: 1600, 1490, 1490 (by name: Bea before Cor), then the unrated by name: Ada, Zed.
PLAYERS = "Zed\nCor 1490\nAda\nDirk 1600\nBea 1490"
ORDER = ["Dirk", "Bea", "Cor", "Ada", "Zed"]


def test_unrated_players_are_registered_without_a_rating(organiser: User) -> None:
    event = make_swiss(organiser, PLAYERS, game="dvonn")
    ratings = dict(event.registrations.values_list("player__display_name", "rating"))
    assert ratings == {"Zed": None, "Cor": 1490, "Ada": None, "Dirk": 1600, "Bea": 1490}


def test_the_initial_order_puts_the_unrated_after_the_rated(organiser: User) -> None:
    event = make_swiss(organiser, PLAYERS, game="dvonn")
    start(event, organiser)
    numbers = dict(event.registrations.values_list("player__display_name", "pairing_number"))
    assert sorted(numbers, key=numbers.__getitem__) == ORDER
    # before the start too, the players page lists them in that order
    other = make_swiss(organiser, PLAYERS, game="dvonn", name="Second open")
    assert [r.player.display_name for r in other.registrations.select_related("player")] == ORDER


def test_an_unrated_player_is_blank_in_the_trf_and_unrated_on_the_pages(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_swiss(organiser, PLAYERS, game="dvonn")
    start(event, organiser)
    lines = {
        line[14:47].strip(): line for line in export_event_text(event).splitlines() if line.startswith("001")
    }
    assert lines["Ada"][48:52] == "    " and lines["Dirk"][48:52] == "1600"
    page = client.get(reverse("tournaments:registrations", args=[event.slug])).content.decode()
    assert page.count(">unrated<") == 2


def test_the_list_starts_an_unrated_players_rating_from_its_initial_rating(organiser: User) -> None:
    event = make_swiss(organiser, "Ada\nDirk 1600", game="dvonn", rounds=1)
    play_round(start(event, organiser), organiser, "1-0")
    event.refresh_from_db()
    assert event.rated
    rate_closed_rounds(event.pk)
    ada = Rating.objects.get(player__display_name="Ada", family="dvonn")
    # Ada (unrated, so 1500 for the list) met Dirk (1600); her new rating moved from 1500, not from None
    assert ada.rated_games == 1 and ada.rating != 1500 and abs(ada.rating - 1500) <= 40
