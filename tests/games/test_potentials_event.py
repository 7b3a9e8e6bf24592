"""GIPF with potentials in an event (issue 18): an organiser chooses Ultimate GIPF, a record with
potential moves is submitted and verified, and the game page steps through it with the variant's
board (loaded pieces, stacks). Its games count for the GIPF rating list (docs/rules.md, P-26)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.records import services
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def test_an_ultimate_gipf_event_verifies_a_record_and_draws_its_potentials(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(
        olga, name="Ultimate GIPF", game="gipf-ult-standard", pairing_system="round-robin"
    )
    assert registry.family_of(event.game) == "gipf" and event.rated
    registration_services.register_list(event, olga, "Ann 1900\nBob 1800")
    with django_capture_on_commit_callbacks(execute=True):
        round_ = event_services.start_event(event, olga, "white")
    pairing = Pairing.objects.get(round=round_, white__player__display_name="Ann")
    text = registry.random_record("gipf-ult-standard", 7, {"White": "Ann", "Black": "Bob"})
    verdict = registry.replay(text)
    assert verdict.valid and verdict.result == "1-0"
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_record(pairing, olga, text, 1)
    game = services.games_of(pairing)[0]
    game.refresh_from_db()
    assert game.game == "gipf-ult-standard" and game.result == "1-0"
    html = Client().get(game.get_absolute_url() + "?ply=1").content.decode()
    assert html.count('class="dot"') == 24 and "piece loaded white kind-" in html
    final = Client().get(reverse("games:board-svg", args=[game.pk])).content.decode()
    assert 'class="piece stack' in final and "potentials in hand" in final
