"""Submitting records: the arbiter's verdict decides the result; bad records are kept with the reason."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.errors import PermissionRefused
from accounts.models import Player
from arbiter import registry
from games.models import Game, SubmittedRecord
from games.records import services
from tests.conftest import make_event, shared_path, start
from tournaments.models import Event, Pairing

pytestmark = pytest.mark.django_db


def running_event(organiser: User, game: str = "gipf-standard", games_per_pairing: int = 1) -> Event:
    event = make_event(
        organiser, "Ann 1900\nBob 1800", name="Record test", game=game, games_per_pairing=games_per_pairing
    )
    start(event, organiser)
    return event


def first_pairing(event: Event) -> Pairing:
    pairing = Pairing.objects.filter(round__event=event, round__number=1).select_related("round").first()
    assert pairing is not None
    return pairing


def reference_record(name: str) -> str:
    return shared_path("records", "gipf", name).read_text()


def test_a_valid_record_sets_the_pairing_result(organiser: User, commit: Any) -> None:
    event = running_event(organiser)
    pairing = first_pairing(event)
    text = reference_record("standard-01.txt")
    tagged = re.search(r'\[Result "([^"]+)"\]', text)
    assert tagged is not None
    winner = tagged.group(1)
    text = text.replace('[White "reference"]', '[White "Ann"]').replace(
        '[Black "reference"]', '[Black "Bob"]'
    )
    record = commit(services.submit_record, pairing, organiser, text)
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.VALID, record.error_message()
    assert record.applied
    pairing.refresh_from_db()
    assert pairing.results == winner and pairing.source == Pairing.Source.VERIFIED
    game = Game.objects.get(pairing_game__pairing=pairing)
    # The record stops after White's 32nd move (63 plies): Black, to move, has no piece in reserve.
    assert (game.result, game.termination, game.plies) == (winner, "no-reserve", 63)


def test_an_illegal_move_is_reported_with_ply_move_and_reason(organiser: User, commit: Any) -> None:
    event = running_event(organiser)
    pairing = first_pairing(event)
    # Ply 2 pushes from a spot that is not a dot.
    text = '[Game "GIPF standard"]\n\n1. i3-h3 e5-e6 2. a1-b2 *\n'
    record = commit(services.submit_record, pairing, organiser, text)
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID
    assert record.error_ply == 2 and record.error_move == "e5-e6"
    assert record.error_reason
    pairing.refresh_from_db()
    assert pairing.results == "" and pairing.white_score is None


def test_a_record_of_the_wrong_game_is_refused(organiser: User, commit: Any) -> None:
    event = running_event(organiser, game="dvonn")
    record = commit(services.submit_record, first_pairing(event), organiser, reference_record("basic-01.txt"))
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID
    assert record.error_reason


def test_names_in_the_record_must_match_the_pairing(organiser: User, commit: Any) -> None:
    event = running_event(organiser)
    text = reference_record("standard-02.txt").replace('[White "reference"]', '[White "Somebody Else"]')
    record = commit(services.submit_record, first_pairing(event), organiser, text)
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID
    assert "Somebody Else" in record.error_reason


def test_only_players_and_managers_may_submit(organiser: User, stranger: User, commit: Any) -> None:
    event = running_event(organiser)
    pairing = first_pairing(event)
    with pytest.raises(PermissionRefused):
        services.submit_record(pairing, stranger, reference_record("standard-01.txt"))
    ann = Player.objects.get(display_name="Ann")
    ann.user = User.objects.create_user("ann", password="pw-ann-12345")
    ann.save()
    pairing = Pairing.objects.get(pk=pairing.pk)
    record = commit(services.submit_record, pairing, ann.user, "not a record at all")
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID
    assert SubmittedRecord.objects.count() == 1


def test_a_two_game_match_waits_for_both_games(organiser: User, commit: Any) -> None:
    event = running_event(organiser, game="dvonn", games_per_pairing=2)
    pairing = first_pairing(event)
    first = registry.random_record("dvonn", 11, {"White": "Ann", "Black": "Bob"})
    second = registry.random_record("dvonn", 12, {"White": "Bob", "Black": "Ann"})
    r1 = commit(services.submit_record, pairing, organiser, first, 1)
    r1.refresh_from_db()
    assert r1.status == SubmittedRecord.Status.VALID and not r1.applied
    assert "other game" in r1.note
    r2 = commit(services.submit_record, pairing, organiser, second, 2)
    r2.refresh_from_db()
    assert r2.status == SubmittedRecord.Status.VALID and r2.applied
    pairing.refresh_from_db()
    v1, v2 = registry.replay(first), registry.replay(second)
    assert pairing.results == f"{v1.result} {v2.result}"


def test_submit_page_shows_errors_not_500(client, organiser: User, stranger: User) -> None:  # type: ignore[no-untyped-def]
    event = running_event(organiser)
    pairing = first_pairing(event)
    url = reverse("games:submit", args=[pairing.pk])
    assert client.get(url).status_code == 302  # sign in first
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    response = client.post(url, {"game_number": 1, "record": "   "})
    assert response.status_code == 400 and b"paste the record" in response.content
    response = client.post(url, {"game_number": 1, "record": '[Game "GIPF standard"]\n1. zz-q9 *'})
    assert response.status_code == 302
    record = SubmittedRecord.objects.get()
    page = client.get(reverse("games:record-detail", args=[record.pk]))
    assert page.status_code == 200 and b"invalid" in page.content
    client.force_login(stranger)
    assert client.post(url, {"game_number": 1, "record": "x"}).status_code == 403


def test_round_page_links_verified_records(client, organiser: User, commit: Any) -> None:  # type: ignore[no-untyped-def]
    event = running_event(organiser, game="dvonn")
    pairing = first_pairing(event)
    record = commit(
        services.submit_record,
        pairing,
        organiser,
        registry.random_record("dvonn", 5, {"White": "Ann", "Black": "Bob"}),
    )
    game = Game.objects.get(pairing_game__pairing=pairing)
    page = client.get(reverse("tournaments:round-detail", args=[event.slug, 1])).content.decode()
    assert game.get_absolute_url() in page
    assert reverse("games:submit", args=[pairing.pk]) not in page  # anonymous: no submit link
    detail = client.get(game.get_absolute_url()).content.decode()
    assert "Verdict" in detail and html.escape(record.text.splitlines()[0]) in detail
