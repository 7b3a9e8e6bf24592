"""Check-then-insert races: a concurrent request that inserts the same row between a service's
check and its insert makes the insert collide; the service answers cleanly, never a 500.

The race is staged in one process: the competing row is inserted just before the service's own
insert (as the other request's commit would land), so the unique constraint fires for real (the
staged rows share the service's transaction, so a refusal rolls them back too).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from tests.conftest import make_event
from tournaments import integrity
from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import Event
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def competing(module: Any, monkeypatch: pytest.MonkeyPatch, insert: Any, times: int = 1) -> None:
    """Before the next ``times`` inserts of ``module``, ``insert(fields)`` inserts the competing row."""
    real = integrity.create_or_refuse
    left = [times]

    def racing(model: Any, message: str, **fields: Any) -> Any:
        if left[0] > 0:
            left[0] -= 1
            insert(model, fields)
        return real(model, message, **fields)

    monkeypatch.setattr(module, "create_or_refuse", racing)


def test_an_event_created_at_the_same_moment_under_the_same_slug_gives_the_next_slug(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    competing(event_services, monkeypatch, lambda model, fields: model.objects.create(**fields))
    event = event_services.create_event(organiser, name="Club night", game="gipf-basic")
    assert event.slug == "club-night-2"
    assert Event.objects.filter(slug="club-night").exists()


def test_an_event_that_collides_every_time_is_refused_with_a_message(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    competing(event_services, monkeypatch, lambda model, fields: model.objects.create(**fields), times=99)
    with pytest.raises(ServiceError, match="an event with this name exists"):
        event_services.create_event(organiser, name="Club night", game="gipf-basic")


def test_the_same_new_player_registered_at_the_same_moment_is_one_player(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = make_event(organiser, names="")
    other = make_event(organiser, names="", name="Other")

    def other_request(model: Any, fields: dict[str, Any]) -> None:
        if model is Player:
            registration_services.register(other, organiser, Player.objects.create(**fields))

    competing(registration_services, monkeypatch, other_request)
    registration = registration_services.register_by_name(event, organiser, "Zed Zander", 1700)
    assert Player.objects.filter(display_name="Zed Zander").count() == 1
    assert registration.player.registrations.count() == 2


def test_a_registration_that_collides_is_already_registered(
    organiser: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = make_event(organiser, names="")
    player = Player.objects.create(display_name="Ann", handle="ann")

    def other_request(model: Any, fields: dict[str, Any]) -> None:
        model.objects.create(**fields)

    competing(registration_services, monkeypatch, other_request)
    with pytest.raises(ServiceError, match="Ann is already registered"):
        registration_services.register(event, organiser, player)


def test_registering_the_same_name_twice_on_the_page_answers_400(client: Any, organiser: User) -> None:
    event = make_event(organiser, names="")
    client.force_login(organiser)
    address = f"/events/{event.slug}/players/"
    assert client.post(address, {"action": "register", "name": "Ann"}).status_code == 302
    response = client.post(address, {"action": "register", "name": "Ann"})
    assert response.status_code == 400
    assert "already registered" in response.content.decode()
    assert event.registrations.count() == 1
