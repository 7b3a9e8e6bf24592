"""Issue 36 on the embedded default (SQLite, Celery eager, no beat): the scenario of
``swiss_scenario`` through the HTTP API, the organiser's calls being the event, its players, its
webhook and the start; every later step taken by the event itself, each told to a real HTTP
receiver with a valid signature."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from tests.conftest import CommittingAPIClient
from tests.tournaments.autopilot import swiss_scenario as scenario
from tests.tournaments.autopilot.receiver import start_receiver

pytestmark = pytest.mark.django_db


@pytest.fixture
def receiver():  # type: ignore[no-untyped-def]
    found, server = start_receiver()
    with override_settings(WEBHOOKS_ALLOW_PRIVATE=True):
        yield found
    server.shutdown()


def test_a_swiss_pairs_publishes_closes_and_finishes_by_itself(
    receiver: Any, django_capture_on_commit_callbacks: Any
) -> None:
    def client(key: str | None) -> CommittingAPIClient:
        api = CommittingAPIClient(django_capture_on_commit_callbacks)
        if key:
            api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return api

    organiser_key, keys = scenario.people()
    slug, secret = scenario.create_and_start(client(organiser_key), receiver.url)
    scenario.play_until_finished(client, keys, slug, timeout=300)
    scenario.check_the_end(client, organiser_key, slug)
    scenario.check_the_webhooks(receiver.received, secret, slug)
