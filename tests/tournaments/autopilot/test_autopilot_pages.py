"""The autopilot's and the webhooks' pages, and the autopilot's fields of the new-event form (issue 36),
as an organiser meets them: the settings saved or refused with the reason (a 400 page naming the
field), pausing and resuming, a URL added, refused or removed."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.conftest import event_form_data, make_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_autopilot_page_saves_refuses_pauses_and_resumes(client: Any, organiser: User) -> None:
    event = make_event(organiser, name="Paged")
    client.force_login(organiser)
    url = f"/events/{event.slug}/autopilot/"
    assert "Off: the event takes no step by itself." in client.get(url).content.decode()
    refused = client.post(url, {"round_times": "2026-05-01 18:00\nnext friday", "auto_pair_delay": "0"})
    assert refused.status_code == 400
    assert "the time of round 2 is not a date and time" in refused.content.decode()
    saved = client.post(
        url,
        {
            "auto_pair": "on",
            "auto_pair_delay": "0",
            "auto_finish": "on",
            "first_move_grace": "45",
            "round_times": "2026-05-01 18:00",
        },
    )
    assert saved.status_code == 302
    event.refresh_from_db()
    assert (event.auto_pair, event.auto_pair_delay, event.auto_finish, event.first_move_grace) == (
        True,
        0,
        True,
        45,
    )
    assert event.round_times == ["2026-05-01T18:00:00+00:00"]
    assert "2026-05-01 18:00:00+00:00" in client.get(url).content.decode()  # shown as it is read back
    assert client.post(url, {"action": "pause"}).status_code == 302
    assert Event.objects.get(pk=event.pk).autopilot_paused is True
    assert "the event takes no step by itself until you resume it." in client.get(url).content.decode()
    client.post(url, {"action": "resume"})
    assert Event.objects.get(pk=event.pk).autopilot_paused is False
    # the event's page says the autopilot is on and links its page
    overview = client.get(f"/events/{event.slug}/").content.decode()
    assert 'id="autopilot"' in overview and url in overview


def test_the_webhooks_page_adds_refuses_and_removes(client: Any, organiser: User) -> None:
    event = make_event(organiser, name="Hooked page")
    client.force_login(organiser)
    url = f"/events/{event.slug}/webhooks/"
    refused = client.post(url, {"url": "http://192.168.1.5/hooks"})
    assert refused.status_code == 400 and "loopback or private" in refused.content.decode()
    assert client.post(url, {"url": "https://results.example.org/gipf"}).status_code == 302
    hook = event.webhooks.get()
    page = client.get(url).content.decode()
    assert (
        "https://results.example.org/gipf" in page and Event.objects.get(pk=event.pk).webhook_secret in page
    )
    assert client.post(url, {"remove": str(hook.pk)}).status_code == 302
    assert not event.webhooks.exists()


def test_the_new_event_form_takes_the_autopilot(client: Any, organiser: User) -> None:
    client.force_login(organiser)
    fields = event_form_data(
        "Form autopilot",
        "dvonn",
        play_mode="service",
        time_control="3d/15d",
        all_rounds_at_once="on",
        auto_finish="on",
    )
    assert client.post("/new-event/", fields).status_code == 302
    event = Event.objects.get(name="Form autopilot")
    assert (event.all_rounds_at_once, event.auto_finish, event.auto_pair, event.auto_pair_delay) == (
        True,
        True,
        False,
        60,
    )
    wrong = client.post("/new-event/", {**fields, "name": "Wrong form", "time_control": "5+3"})
    assert wrong.status_code == 400 and "correspondence" in wrong.content.decode()
