"""Start options chosen from their values (issue 42): an option declaring its choices (TZAAR's start,
``StartOption.choices``: fixed, random, placement, tzaar.md Z-5) is a select on the challenge and
event forms, a value the API refuses naming the choices when it is none of them, and shown by its
choice's label in the reader's language; an option without choices (GIPF with potentials' set of
potentials) stays a text. An option of one name declared otherwise by another game (LYNGK's start:
its 43 placements, a text) is a field of its own for that game, under the same name. Each option's field is marked with the games that take it, which the page
shows it for (``static/js/option_fields.js``; the browser test of the event form checks the hiding)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.games.web.test_play_page import client_of, people

pytestmark = pytest.mark.django_db

__all__ = ["people"]  # the fixture, imported for this module's tests


def _select(page: str, name: str) -> list[tuple[str, str]]:
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert found, f"no select named {name}"
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1))


def test_the_challenge_form_offers_tzaar_s_starts_as_a_choice_in_english_and_ukrainian(
    people: dict[str, Any],
) -> None:
    client = client_of(people["ann"])
    page = client.get(reverse("games:challenges")).content.decode()
    assert _select(page, "start") == [
        ("", "—"),
        ("fixed", "fixed set-up"),
        ("random", "random set-up"),
        ("placement", "placement by the players"),
    ]
    assert '<div data-option-games="tzaar">' in page  # shown for TZAAR alone (option_fields.js)
    assert re.search(r'<div data-option-games="lyngk">.*?<input type="text" name="start"', page, re.S)
    assert '<input type="text" name="potentials"' in page  # a free text: its sets are no closed list
    client.cookies["django_language"] = "uk"
    page = client.get(reverse("games:challenges"), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert ("placement", "розставляння гравцями") in _select(page, "start")


def test_a_start_not_among_the_choices_is_refused_by_the_form_and_the_api(people: dict[str, Any]) -> None:
    client = client_of(people["ann"])
    form = {"opponent": "bob", "game": "tzaar", "clock": "5+3", "colour": "white", "start": "blitz"}
    answer = client.post(reverse("games:challenges"), form)
    assert answer.status_code == 400 and "blitz" in answer.content.decode()
    from games.models import Challenge

    assert not Challenge.objects.exists()  # nothing stored
    refused = client.post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": "tzaar", "start": "random a1:wO"},
        content_type="application/json",
    )
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "“random a1:wO” is not a start of TZAAR: choose one of fixed, random, placement"
    )
    sent = client.post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": "tzaar", "start": "placement"},
        content_type="application/json",
    )
    assert sent.status_code == 201 and sent.json()["start"] == "placement"


def test_a_challenge_s_start_is_shown_by_its_label_in_ukrainian(people: dict[str, Any]) -> None:
    ann = client_of(people["ann"])
    sent = ann.post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": "tzaar", "start": "fixed"},
        content_type="application/json",
    )
    assert sent.status_code == 201
    bob = client_of(people["bob"])
    bob.cookies["django_language"] = "uk"
    page = bob.get(reverse("games:challenges"), HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "початок: фіксована розстановка" in page and "початок fixed" not in page


def test_the_event_form_marks_each_option_with_the_games_that_take_it(db: None) -> None:
    organiser = User.objects.create_user("olga", is_staff=True)
    page = client_of(organiser).get(reverse("tournaments:event-create")).content.decode()
    found = re.findall(
        r'<div data-option-games="([^"]*)">.*?<(select|input type="text") name="(\w+)"', page, re.S
    )
    marks = {(name, kind): games for games, kind, name in found}
    assert marks[("start", "select")] == "tzaar"  # TZAAR's starts: a choice
    assert marks[("start", 'input type="text"')] == "lyngk"  # LYNGK's: its placements written
    assert set(marks[("potentials", 'input type="text"')].split()) == {
        "gipf-pot-standard",
        "gipf-pot-tournament",
        "gipf-ult-standard",
        "gipf-ult-tournament",
    }
    assert _select(page, "start")[1:] == [
        ("fixed", "fixed set-up"),
        ("random", "random set-up"),
        ("placement", "placement by the players"),
    ]
