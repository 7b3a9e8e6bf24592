"""Organisers appoint and remove arbiters and co-organisers; arbiters run the event but appoint nobody."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.policy import Action, can
from tournaments.errors import ServiceError
from tournaments.events import officials
from tournaments.events import services as event_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(organiser: User, stranger: User) -> dict[str, User]:
    """olga organises, arno will be her arbiter, sam has no part in the event."""
    arno = User.objects.create_user("arno", password="pw-arno-12345")
    return {"olga": organiser, "arno": arno, "sam": stranger}


def test_organiser_appoints_an_arbiter_who_can_then_manage(client, people: dict[str, User]) -> None:  # type: ignore[no-untyped-def]
    event = event_services.create_event(
        people["olga"], name="Officials", game="dvonn", pairing_system="round-robin"
    )
    url = reverse("tournaments:event-officials", args=[event.slug])
    assert not can(people["arno"], Action.MANAGE_EVENT, event)
    client.force_login(people["olga"])
    assert client.post(url, {"action": "add", "username": "ARNO", "role": "arbiter"}).status_code == 302
    assert can(people["arno"], Action.MANAGE_EVENT, event) and list(event.arbiters.all()) == [people["arno"]]
    response = client.post(url, {"action": "add", "username": "arno", "role": "arbiter"})
    assert response.status_code == 400 and "already an arbiter" in response.content.decode()
    response = client.post(url, {"action": "add", "username": "nobody", "role": "arbiter"})
    assert response.status_code == 400 and "here is no account" in response.content.decode()
    response = client.post(url, {"action": "add", "username": "sam", "role": "king"})
    assert response.status_code == 400 and "nknown role" in response.content.decode()
    # the arbiter sees the page but may not appoint
    client.force_login(people["arno"])
    assert client.get(url).status_code == 200
    assert client.post(url, {"action": "add", "username": "sam", "role": "organiser"}).status_code == 403
    assert not event.organisers.filter(pk=people["sam"].pk).exists()
    # strangers and anonymous users get nothing
    client.force_login(people["sam"])
    assert client.get(url).status_code == 403
    client.logout()
    assert client.post(url, {"action": "add", "username": "sam", "role": "arbiter"}).status_code == 302
    assert not event.arbiters.filter(pk=people["sam"].pk).exists()


def test_the_last_organiser_stays(client, people: dict[str, User]) -> None:  # type: ignore[no-untyped-def]
    event = event_services.create_event(
        people["olga"], name="Officials", game="dvonn", pairing_system="round-robin"
    )
    with pytest.raises(ServiceError, match="at least one organiser"):
        officials.remove_official(event, people["olga"], "olga", "organiser")
    officials.add_official(event, people["olga"], "sam", "organiser")
    officials.remove_official(event, people["sam"], "olga", "organiser")
    assert list(event.organisers.all()) == [people["sam"]]
