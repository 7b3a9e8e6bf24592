"""Fixtures of the games' tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db.models.signals import pre_save
from django.utils import timezone

from games.models import Game


@pytest.fixture
def clocks_from_creation() -> Iterator[None]:
    """Games on the service created with White's clock running at once, as before the clocks waited
    for both first moves (``games.aborts``): for the tests of what a running clock does (flags,
    vacations, an arbiter's time), which start from a running clock and not from the first moves."""

    def started(sender: Any, instance: Game, **kwargs: Any) -> None:
        if instance.pk is None and instance.on_service and instance.first_move_by is not None:
            instance.turn_started, instance.first_move_by = timezone.now(), None

    pre_save.connect(started, sender=Game, dispatch_uid="tests.clocks_from_creation")
    yield
    pre_save.disconnect(sender=Game, dispatch_uid="tests.clocks_from_creation")
