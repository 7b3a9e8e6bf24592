"""Fixtures of the page tests: a running Swiss event with a draft round, and a snapshot of the tables."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts.models import Player
from tests.conftest import make_swiss, reg, start
from tournaments.events import services as event_services
from tournaments.models import (
    ByeRequest,
    Event,
    ForbiddenPair,
    Pairing,
    PairingAudit,
    Registration,
    Round,
    RoundPublication,
    SwissSettings,
)
from tournaments.pairing import services as pairing_services
from tournaments.registration import byes as bye_services


def url(name: str, *args: object) -> str:
    return reverse(f"tournaments:{name}", args=args)


def texts(response) -> str:  # type: ignore[no-untyped-def]
    """The messages a response left for the next page, as one string."""
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def snapshot() -> tuple:  # type: ignore[type-arg]
    """Everything the write views could change."""
    return tuple(
        list(model.objects.order_by("pk").values())
        for model in (
            Event,
            Registration,
            Round,
            Pairing,
            Player,
            SwissSettings,
            ByeRequest,
            ForbiddenPair,
            PairingAudit,
            RoundPublication,
        )
    )


@pytest.fixture
def swiss_running(organiser: User, stranger: User) -> tuple[Event, User, User, ByeRequest, ForbiddenPair]:
    """A Swiss event of ``organiser`` with round 1 paired (a draft), a bye request and a forbidden
    pair; ``stranger`` organises an event of his own."""
    event = make_swiss(
        organiser,
        "Ann 2000\nBob 1900\nCid 1800\nDan 1700\nEve 1600\nFay 1500",
        rounds=4,
        name="Owner's Swiss",
        game="dvonn",
    )
    start(event, organiser)
    bye = bye_services.request_bye(reg(event, "Cid"), organiser, 2, "half")
    pair = pairing_services.add_forbidden_pair(
        event, organiser, reg(event, "Ann"), reg(event, "Bob"), "family"
    )
    event_services.create_event(
        stranger, name="Rival's own", pairing_system="swiss-dutch", rounds=3, game="dvonn"
    )
    return event, organiser, stranger, bye, pair
