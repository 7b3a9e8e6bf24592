"""Registration: the pasted list, withdrawals (round robin forfeits, Swiss absences) and late entries."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from tests.conftest import boards, byes, make_event, make_swiss, next_round, play_round, reg, start
from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Registration
from tournaments.registration import byes as bye_services
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def test_register_list_parses_names_and_ratings(organiser: User) -> None:
    event = make_event(organiser, "Ann Smith, 1900\n\n# comment\nBob Jones 1750\nCid\tDe Wit\t1600\nEve")
    registered = {r.player.display_name: r.rating for r in event.registrations.select_related("player")}
    assert registered == {"Ann Smith": 1900, "Bob Jones": 1750, "Cid De Wit": 1600, "Eve": None}  # unrated


def test_register_list_is_all_or_nothing(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900")
    with pytest.raises(ServiceError, match="line 2 \\(Ann\\): Ann is already registered"):
        registration_services.register_list(event, organiser, "Zoe 1500\nAnn")
    assert not Player.objects.filter(display_name="Zoe").exists()
    assert event.registrations.count() == 1


def test_withdrawn_player_is_forfeited_in_a_round_robin(organiser: User) -> None:
    event = make_event(organiser)
    play_round(start(event, organiser), organiser)
    dan = reg(event, "Dan")
    registration_services.withdraw(dan, organiser)
    dan.refresh_from_db()
    assert dan.withdrawn_from_round == 2 and dan.status == Registration.Status.WITHDRAWN
    round2 = next_round(event, organiser)
    # Berger round 2 for four: 4-3 and 1-2. Dan (4) has White against Cid, who wins by forfeit.
    assert boards(round2) == [("Dan", "Cid"), ("Ann", "Bob")]
    forfeited = round2.pairings.get(white=dan)
    assert forfeited.source == Pairing.Source.FORFEIT
    assert (forfeited.results, forfeited.white_score, forfeited.black_score) == ("-/+", 0, 2)
    assert round2.pairings.get(board=2).source != Pairing.Source.FORFEIT


def test_withdrawn_players_are_no_longer_paired(organiser: User) -> None:
    event = make_swiss(organiser)
    first = start(event, organiser)
    assert boards(first) == [("Ann", "Dan"), ("Eve", "Bob"), ("Cid", "Fay")]
    registration_services.withdraw(reg(event, "Dan"), organiser)
    play_round(first, organiser)
    second = next_round(event, organiser)
    # Ann, Eve and Cid won. In their group Ann meets Cid and Eve floats down; Eve has met Bob,
    # so she meets Fay and Bob, the one left, gets the pairing-allocated bye. Dan is not paired.
    assert boards(second) == [("Cid", "Ann"), ("Fay", "Eve"), ("Bob", None)]
    assert byes(second) == {"Bob": ("pab", 2)}


def test_late_entry_before_round_four_takes_its_rating_place_with_missed_round_byes(organiser: User) -> None:
    event = make_swiss(organiser)
    bye_services.update_settings(event, organiser, late_entry_bye="half")
    first = start(event, organiser)
    play_round(first, organiser)
    late = registration_services.add_late_entry(Event.objects.get(pk=event.pk), organiser, "Kim", 1750)
    assert late.pairing_number == 3  # after Ann 1900 and Bob 1800
    assert reg(event, "Cid").pairing_number == 4
    numbers = sorted(event.registrations.values_list("pairing_number", flat=True))
    assert numbers == list(range(1, 8))
    missed = Pairing.objects.get(round=first, white=late)
    assert (missed.bye, missed.white_score) == ("half", 1)
    second = next_round(event, organiser)
    # Round 1: Ann, Eve and Cid won; Kim has ½. Ann meets Cid, Eve floats down to Kim, Bob meets
    # Dan, and Fay, the lowest of the lowest score group, gets the pairing-allocated bye.
    assert boards(second) == [("Cid", "Ann"), ("Kim", "Eve"), ("Bob", "Dan"), ("Fay", None)]
    assert byes(second) == {"Fay": ("pab", 2)}
    assert second.pairings.count() == 4


def test_late_entry_from_round_four_gets_the_next_number_and_zero_byes(organiser: User) -> None:
    event = make_swiss(organiser)
    round_ = start(event, organiser)
    for _ in range(2):
        play_round(round_, organiser)
        round_ = next_round(event, organiser)
    play_round(round_, organiser)
    late = registration_services.add_late_entry(Event.objects.get(pk=event.pk), organiser, "Kim", 2500)
    assert late.pairing_number == 7
    assert list(Pairing.objects.filter(white=late).values_list("bye", "white_score")) == [("zero", 0)] * 3
    fourth = next_round(event, organiser)
    assert fourth.status == fourth.Status.PAIRED
    assert "Kim" in {name for board in boards(fourth) for name in board}
    with pytest.raises(ServiceError, match="round robin"):
        rr = event_services.create_event(organiser, name="RR", game="dvonn", pairing_system="round-robin")
        registration_services.add_late_entry(rr, organiser, "Lou")


def test_a_pasted_list_of_1000_players_is_written_in_a_fixed_number_of_queries(
    organiser: User, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900")
    Player.objects.create(display_name="Known Player", handle="known")
    lines = [f"Player Number{n}, {1000 + n}" for n in range(998)] + ["Known Player 1700", "@known"]
    with (
        django_assert_max_num_queries(30),
        pytest.raises(ServiceError, match="line 1000 \\(@known\\): also on line 999"),
    ):
        registration_services.register_list(event, organiser, "\n".join(lines))
    with django_assert_max_num_queries(30):  # was 17 a player
        added = registration_services.register_list(event, organiser, "\n".join(lines[:999]))
    assert len(added) == 999
    assert event.registrations.count() == 1000
    stored = {r.player.display_name: r.rating for r in event.registrations.select_related("player")}
    assert stored["Player Number0"] == 1000 and stored["Player Number997"] == 1997
    assert stored["Known Player"] == 1700
    assert Player.objects.filter(display_name="Known Player").count() == 1


def test_every_problem_of_a_pasted_list_is_reported_and_nothing_registered(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900")
    Player.objects.create(display_name="Twin", handle="twin-a")
    Player.objects.create(display_name="Twin", handle="twin-b")
    text = "Zoe 1500\nAnn\nTwin\n@nobody\nZoe\nMarc Dupont 99999"
    with pytest.raises(ServiceError) as raised:
        registration_services.register_list(event, organiser, text)
    assert raised.value.problems == [  # type: ignore[attr-defined]
        "line 2 (Ann): Ann is already registered",
        "line 3 (Twin): several players are called Twin (@twin-a, @twin-b): write the handle of the one meant instead",
        "line 4 (@nobody): no player has the handle @nobody",
        "line 5 (Zoe): also on line 1 of the list",
        "line 6 (Marc Dupont): '99999' is not a rating: a rating is a whole number from 0 to 4000",
    ]
    assert not Player.objects.filter(display_name="Zoe").exists()
    assert event.registrations.count() == 1


def test_new_players_of_a_list_get_free_handles(organiser: User) -> None:
    Player.objects.create(display_name="Ann Lee", handle="ann-lee")
    Player.objects.create(display_name="Someone", handle="ann-lee-2")
    event = make_event(organiser, "Bob")
    registration_services.register_list(event, organiser, "Ann-Lee 1500\nAnn  lee! 1400")
    handles = set(event.registrations.values_list("player__handle", flat=True))
    assert handles == {"bob", "ann-lee-3", "ann-lee-4"}
