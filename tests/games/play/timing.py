"""Shared by the clock tests: ``django.utils.timezone.now`` under the test's hand (no sleeping), and
players with accounts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db.models.signals import pre_save
from django.utils import timezone

from accounts.models import Player
from games.models import Game
from games.play import flags

START = datetime(2026, 3, 2, 9, 0)  # a Monday, 09:00 UTC


class Clock:
    """The time the service reads: ``clock.now``, moved by ``clock.advance`` or ``clock.at``."""

    def __init__(self) -> None:
        self.start = START.replace(tzinfo=UTC)
        self.now = self.start

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def at(self, **delta: float) -> None:
        """Set the time to the start plus ``delta``."""
        self.now = self.start + timedelta(**delta)


@contextmanager
def frozen() -> Iterator[Clock]:
    at = Clock()
    with mock.patch("django.utils.timezone.now", side_effect=lambda: at.now):
        yield at


def person(name: str, email: bool = True) -> tuple[User, Player]:
    address = f"{name.lower()}@example.org" if email else ""
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345", email=address)
    return user, Player.objects.create(display_name=name, handle=name.lower(), user=user)


def people_named(*names: str, email: bool = True) -> dict[str, Any]:
    """Players with accounts, in this order: ``found["ann"]`` Ann's user, ``found["Ann"]`` her player."""
    found: dict[str, Any] = {}
    for name in names:
        found[name.lower()], found[name] = person(name, email)
    return found


@pytest.fixture
def clocks_from_creation() -> Iterator[None]:
    """Games on the service created with White's clock running at once, as before the clocks waited
    for both first moves (``games.play.aborts``): for the tests of what a running clock does (flags,
    vacations, an arbiter's time), which start from a running clock and not from the first moves."""

    def started(sender: Any, instance: Game, **kwargs: Any) -> None:
        if instance.pk is None and instance.on_service and instance.first_move_by is not None:
            instance.turn_started, instance.first_move_by = timezone.now(), None
            flags.moments(instance)  # the flag's and warning's moments of the clock running now

    pre_save.connect(started, sender=Game, dispatch_uid="tests.clocks_from_creation")
    yield
    pre_save.disconnect(sender=Game, dispatch_uid="tests.clocks_from_creation")
