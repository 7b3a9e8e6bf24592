"""The players page's pasted list: checked and shown before anything is registered, every problem of
the list told at once (a bad rating is never part of a name)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.models import Player
from tests.conftest import make_event

pytestmark = pytest.mark.django_db


def page_text(response) -> str:  # type: ignore[no-untyped-def]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_a_pasted_list_is_previewed_then_registered(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900")
    Player.objects.create(display_name="Known Player", handle="known")
    client.force_login(organiser)
    url = reverse("tournaments:registrations", args=[event.slug])
    text = "Zoe Brand, 1650\nKnown Player\nYves"
    preview = client.post(url, {"action": "preview", "players": text})
    assert preview.status_code == 200
    shown = page_text(preview)
    assert "This list registers 3 players: 2 of them are new." in shown
    assert "Zoe Brand 1650 new player" in shown
    assert "Known Player @known" in shown and "known player · rating not given" in shown
    assert "Register these 3 players" in shown
    assert event.registrations.count() == 1 and not Player.objects.filter(display_name="Yves").exists()
    # the preview's button posts the same list
    assert f'<textarea name="players" hidden>{text}</textarea>' in preview.content.decode()
    done = client.post(url, {"action": "paste", "players": text})
    assert done.status_code == 302
    assert set(event.registrations.values_list("player__display_name", flat=True)) == {
        "Ann",
        "Zoe Brand",
        "Known Player",
        "Yves",
    }


def test_every_problem_of_a_pasted_list_is_shown_at_once(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900")
    client.force_login(organiser)
    url = reverse("tournaments:registrations", args=[event.slug])
    text = "Marc Dupont 99999\nNina Peeters -5\nLotte Vos, abc\nAnn\nZoe 1500"
    for action in ("preview", "paste"):
        answer = client.post(url, {"action": action, "players": text})
        assert answer.status_code == 400
        shown = page_text(answer)
        for problem in (
            "Line 1 (Marc Dupont): '99999' is not a rating",
            "Line 2 (Nina Peeters): '-5' is not a rating",
            "Line 3 (Lotte Vos): 'abc' is not a rating",
            "Line 4 (Ann): Ann is already registered",
        ):
            assert problem in shown.replace("&#x27;", "'"), (action, problem)
        assert "Register these" not in shown
    assert event.registrations.count() == 1
    assert not Player.objects.filter(display_name__startswith="Marc").exists()


def test_a_rating_of_thousands_of_digits_is_a_problem_of_its_line(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    # Python refuses to convert more than 4,300 digits (a ValueError that was a 500): the rating is
    # refused by its length, as any rating over 4000, and every other line is still read.
    event = make_event(organiser, "Ann 1900")
    client.force_login(organiser)
    url = reverse("tournaments:registrations", args=[event.slug])
    digits = "9" * 5000
    for text, shown_rating in (
        (f"Marc Dupont {digits}\nZoe 1500", "9" * 20),
        (f"Nina Peeters, {digits}", "9" * 20),
    ):
        for action in ("preview", "paste"):
            answer = client.post(url, {"action": action, "players": text})
            assert answer.status_code == 400, (action, text[:20])
            shown = page_text(answer).replace("&#x27;", "'")
            assert f"'{shown_rating}' is not a rating: a rating is a whole number from 0 to 4000" in shown
    # leading zeros are still a rating
    assert client.post(url, {"action": "preview", "players": "Lotte Vos, 0001650"}).status_code == 200
    assert event.registrations.count() == 1
