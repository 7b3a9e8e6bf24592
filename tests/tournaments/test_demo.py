"""The demo command: the data a newcomer clicks through, built through the services and the arbiter."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from games.models import SubmittedRecord
from tournaments.models import Event, Pairing, Round

pytestmark = pytest.mark.django_db(transaction=True)


def test_demo_builds_a_finished_round_robin_and_a_running_swiss_and_is_idempotent() -> None:
    call_command("demo", "--known-passwords", verbosity=0)
    gipf = Event.objects.get(slug="gipf-club-championship")
    assert gipf.status == Event.Status.FINISHED and gipf.rounds == 5
    assert gipf.registrations.count() == 6
    games = Pairing.objects.filter(round__event=gipf)
    assert games.count() == 15 and all(p.source == Pairing.Source.VERIFIED for p in games)
    dvonn = Event.objects.get(slug="dvonn-open")
    assert dvonn.status == Event.Status.RUNNING
    assert list(dvonn.round_set.values_list("number", "status")) == [
        (1, Round.Status.CLOSED),
        (2, Round.Status.CLOSED),
        (3, Round.Status.PAIRED),
    ]
    assert all(hasattr(r, "publication") for r in dvonn.round_set.all())  # Swiss pairings published
    assert SubmittedRecord.objects.exclude(status=SubmittedRecord.Status.VALID).count() == 0
    assert (
        gipf.arbiters.filter(username="arbiter").exists()
        and dvonn.arbiters.filter(username="arbiter").exists()
    )
    call_command("demo", "--known-passwords", verbosity=0)
    assert Event.objects.count() == 2 and Pairing.objects.filter(round__event=gipf).count() == 15


def test_demo_removes_a_half_built_event(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.core.management.base import CommandError

    from tournaments.errors import ServiceError
    from tournaments.management.commands import demo

    def failing_finish(*args: object, **kwargs: object) -> None:
        raise ServiceError("disk on fire")

    monkeypatch.setattr(demo, "finish_event", failing_finish)
    with pytest.raises(CommandError, match="disk on fire"):
        call_command("demo", "--known-passwords", verbosity=0)
    assert not Event.objects.filter(slug="gipf-club-championship").exists()


def test_the_demo_refuses_published_passwords_when_debug_is_off() -> None:
    from django.core.management.base import CommandError

    # the test settings run with DEBUG off, as production does
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command("demo", verbosity=0)
    assert not Event.objects.exists()
    assert not User.objects.filter(username="admin").exists()
