"""The event form's "Rated" box decides whether an event's games change ratings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import event_form_data, play_round, start
from tournaments.models import Event, Rating, RatingChange
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def create_and_play(
    client: Any, organiser: User, commit: Callable[..., Any], name: str, rated: bool
) -> Event:
    client.force_login(organiser)
    data = event_form_data(name, "dvonn")
    if rated:
        data["rated"] = "on"
    assert client.post(reverse("tournaments:event-create"), data).status_code == 302
    event = Event.objects.get(name=name)
    registration_services.register_list(event, organiser, "Ann 1600\nBob 1400")
    round_ = commit(start, event, organiser)
    commit(play_round, round_, organiser)
    return event


def test_an_unrated_event_changes_no_rating(client: Any, organiser: User, commit: Callable[..., Any]) -> None:
    event = create_and_play(client, organiser, commit, "Friendly", rated=False)
    assert event.rated is False
    assert event.round_set.get(number=1).status == "closed"
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_a_rated_event_changes_ratings(client: Any, organiser: User, commit: Callable[..., Any]) -> None:
    event = create_and_play(client, organiser, commit, "Rated open", rated=True)
    assert event.rated is True
    # White (pairing number 1 in round 1, Ann 1600) beats Bob 1400: K 40, expected score
    # 1 / (1 + 10^(-200/400)) = 0.7597, so Ann gains 40 * 0.2403 = 9.6 -> +10, Bob loses 10.
    changes = {
        c.player.display_name: (c.before, c.after) for c in RatingChange.objects.select_related("player")
    }
    assert changes == {"Ann": (1600, 1610), "Bob": (1400, 1390)}


def test_the_form_shows_the_rated_box_ticked(client: Any, organiser: User) -> None:
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-create")).content.decode()
    tag = re.search(r'<input[^>]*name="rated"[^>]*>', page)
    assert tag is not None and "checked" in tag.group(0)
