"""Stones is registered the way a deployment registers a game: its package named in the
``GAME_PACKAGES`` setting, read when the games app is ready. It is registered only for these
tests, so the rest of the suite sees the built-in games alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps

from arbiter import registry
from tests.toygame import SPEC


@pytest.fixture(autouse=True)
def stones_registered(settings: Any) -> Iterator[None]:
    settings.GAME_PACKAGES = [*settings.GAME_PACKAGES, "tests.toygame"]
    apps.get_app_config("games").ready()
    try:
        yield
    finally:
        registry.unregister(SPEC)
