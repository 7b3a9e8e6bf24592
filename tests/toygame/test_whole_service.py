"""A test-only game through the whole service: event, pairing, play, records, verification,
standings and a rating list of its own family.

Stones (``tests/toygame``) is registered through the ``GAME_PACKAGES`` setting (``conftest.py``);
no file of the service names it. Four players (Ann 1900, Bob 1800, Cid 1700, Dan 1600) meet in a
round robin of Stones created through the event form. Round 1 (Berger: 1-4, 2-3) is played move by
move through the arbiter's play API, written as records and submitted by the organiser; the
arbiter verifies them, the round closes, standings and ratings follow.

Hand-worked: in the board of Ann and Dan, Dan (Black) takes the last stone (9 - 3 - 2 - 1 - 3 = 0),
0-1; in the board of Bob and Cid, Bob (White) takes it (9 - 1 - 3 - 1 - 2 - 2 = 0), 1-0. Ratings
(K 40, new players): Ann 1900 expected 1 / (1 + 10^(-300/400)) = 0.849 against Dan, loses
40 * 0.849 = 34.0 -> 1866, Dan 1634; Bob expected 1 / (1 + 10^(-100/400)) = 0.640 against Cid, wins
40 * 0.360 = 14.4 -> 1814, Cid 1686.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from arbiter import registry
from arbiter.errors import IllegalMoveError
from arbiter.records import format_record
from tests.conftest import CommittingClient, event_form_data, start
from tests.toygame import KEY
from tournaments.models import Event, Pairing, Rating, RatingChange, Round
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db

FORM = event_form_data("Stones club night", KEY, rated="on")
#: the takes of each board, White first, and the result they give
GAMES = {
    ("Ann", "Dan"): (["3", "2", "1", "3"], "0-1"),
    ("Bob", "Cid"): (["1", "3", "1", "2", "2"], "1-0"),
}


def test_the_registry_knows_the_test_game_from_the_settings() -> None:
    assert KEY in registry.game_keys()
    assert registry.spec_for(KEY).family == "stones"


def test_a_round_of_the_test_game_through_the_whole_service(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga = CommittingClient(django_capture_on_commit_callbacks)
    olga.force_login(organiser)

    # the event form offers the game and creates its event
    form = olga.get(reverse("tournaments:event-create")).content.decode()
    assert f'value="{KEY}"' in form
    assert olga.post(reverse("tournaments:event-create"), FORM).status_code == 302
    event = Event.objects.get(name=FORM["name"])
    assert event.game == KEY
    registration_services.register_list(event, organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600")
    assert event.registrations.count() == 4

    # paired by the round robin's Berger table
    round_ = start(event, organiser)
    boards = {
        (p.white.player.display_name, p.black.player.display_name): p  # type: ignore[union-attr]
        for p in Pairing.objects.filter(round=round_).select_related("white__player", "black__player")
    }
    assert sorted(boards) == sorted(GAMES)
    if Round.objects.get(pk=round_.pk).is_draft:
        publish = reverse("tournaments:swiss-round-publish", args=[event.slug, 1])
        assert olga.post(publish, {"confirmed": "yes"}).status_code == 302

    for (white, black), (takes, result) in GAMES.items():
        # played move by move through the play API, every move offered by the arbiter
        position = registry.start(KEY)
        for ply, take in enumerate(takes, start=1):
            assert take in [move.notation for move in registry.legal_moves(position)]
            position = registry.play(position, take, ply=ply).position
        ended = registry.status(position)
        assert ended.ended and str(ended.result) == result
        with pytest.raises(IllegalMoveError):  # the game is over: no stone left to take
            registry.play(position, "1", ply=len(takes) + 1)

        # written as a record and submitted; the arbiter verifies it
        text = format_record(
            {"Event": event.name, "Round": "1", "White": white, "Black": black, "Game": KEY}, takes
        )
        pairing = boards[(white, black)]
        submitted = olga.post(reverse("games:submit", args=[pairing.pk]), {"game_number": 1, "record": text})
        assert submitted.status_code == 302, submitted.content.decode()[:2000]
        pairing.refresh_from_db()
        assert pairing.results == result

    # a record that breaks the game's rules is refused with the ply and the move
    bad = format_record({"Game": KEY}, ["3", "4"])
    assert (
        olga.post(
            reverse("games:submit", args=[boards[("Ann", "Dan")].pk]), {"game_number": 1, "record": bad}
        ).status_code
        == 302
    )
    refused = boards[("Ann", "Dan")].games.get().submissions.order_by("-pk").first()  # type: ignore[attr-defined]
    assert (
        refused is not None
        and refused.status == "invalid"
        and (refused.error_ply, refused.error_move) == (2, "4")
    )

    # the round closes: standings and the rating list of the game's own family follow
    assert (
        olga.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"confirmed": "yes"}).status_code
        == 302
    )
    rows = olga.get(reverse("api:event-standings", args=[event.slug])).json()
    points = {row["name"]: row["points_half"] for row in rows}
    assert points == {"Dan": 2, "Bob": 2, "Ann": 0, "Cid": 0}  # half-points
    changes = {
        c.player.display_name: (c.family, c.before, c.after)
        for c in RatingChange.objects.select_related("player")
    }
    assert changes == {
        "Ann": ("stones", 1900, 1866),
        "Dan": ("stones", 1600, 1634),
        "Bob": ("stones", 1800, 1814),
        "Cid": ("stones", 1700, 1686),
    }
    assert set(Rating.objects.values_list("family", flat=True)) == {"stones"}
    page = olga.get(reverse("tournaments:rating-list", args=["stones"]))
    assert page.status_code == 200 and "Stones" in page.content.decode()
