"""The event form sent twice (a double click, a retry) creates one event; a new form may reuse the name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournaments.events.services import create_event
from tournaments.integrity import AlreadyExists
from tournaments.models import Event
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db


def form_data(name: str) -> dict[str, object]:
    """The event form as a browser sends it untouched, with ``name`` typed in."""
    data: dict[str, object] = {}
    for field in EventForm():
        value = field.value()
        if value is not None:
            data[field.name] = [str(v) for v in value] if isinstance(value, list | tuple) else value
    data.update(name=name, game="gipf-standard")
    return data


def test_each_empty_form_has_its_own_key() -> None:
    first, second = form_data("A")["creation_key"], form_data("A")["creation_key"]
    assert isinstance(first, str) and len(first) == 32 and first != second


def test_the_same_form_sent_twice_creates_one_event(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    data = form_data("Spring cup")
    assert client.post(reverse("tournaments:event-create"), data).status_code == 302
    again = client.post(reverse("tournaments:event-create"), data)
    assert again.status_code == 400
    assert "This form was sent already: the event Spring cup exists (spring-cup)" in again.content.decode()
    assert Event.objects.filter(name="Spring cup").count() == 1
    # A new form with the same name is another event.
    assert client.post(reverse("tournaments:event-create"), form_data("Spring cup")).status_code == 302
    assert sorted(Event.objects.filter(name="Spring cup").values_list("slug", flat=True)) == [
        "spring-cup",
        "spring-cup-2",
    ]


def test_a_forged_key_is_a_form_error(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    data = form_data("Forged") | {"creation_key": "'; DROP TABLE--"}
    assert client.post(reverse("tournaments:event-create"), data).status_code == 400
    assert not Event.objects.filter(name="Forged").exists()


def test_service_refuses_a_used_key(organiser: User) -> None:
    create_event(organiser, creation_key="a" * 32, name="Keyed", game="dvonn")
    with pytest.raises(AlreadyExists, match="sent already"):
        create_event(organiser, creation_key="a" * 32, name="Keyed", game="dvonn")
    assert Event.objects.filter(name="Keyed").count() == 1
