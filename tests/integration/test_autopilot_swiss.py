"""Issue 36's done-when on the scaled setup: PostgreSQL, Redis, a real Celery worker and beat. The
organiser creates by API a 6-player Swiss played on the service with ``auto_pair`` and
``auto_finish`` and a webhook, and starts it; the bots play every game through the play API (each
request of theirs answered by the test process, every task run by the worker); rounds 2 and 3 are
paired, published and closed with no organiser call; the event ends finished with its standings and
ratings, and the local receiver (a real HTTP server in the test) got a delivery for each step, each
signed with the event's secret. The scenario and its figures, worked by hand:
``tests/tournaments/autopilot/swiss_scenario.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.integration.conftest import Workers, wait_for
from tests.tournaments.autopilot import swiss_scenario as scenario
from tests.tournaments.autopilot.receiver import Receiver, start_receiver
from tournaments.models import WebhookDelivery

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    """The local receiver; loopback addresses allowed here and in the worker's process."""
    found, server = start_receiver()
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "1")
    with override_settings(WEBHOOKS_ALLOW_PRIVATE=True):
        yield found
    server.shutdown()


def client(key: str | None) -> Any:
    api = APIClient()
    if key:
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_a_swiss_runs_itself_through_a_worker_and_beat(
    receiver: Receiver, workers: Workers, tmp_path: Path
) -> None:
    workers.start()
    workers.start_beat(tmp_path / "beat-schedule")
    organiser_key, keys = scenario.people()
    slug, secret = scenario.create_and_start(client(organiser_key), receiver.url)
    scenario.play_until_finished(client, keys, slug, timeout=600)
    # the standings and ratings of the last round are the worker's work after the close: waited for
    wait_for(
        lambda: (
            client(None).get(f"/api/events/{slug}/standings/").json()[0]["points"] == "3"
            and len(client(None).get("/api/ratings/gipf/").json()["results"]) == 6
            and all(r["rated_games"] == 3 for r in client(None).get("/api/ratings/gipf/").json()["results"])
        ),
        timeout=120,
        what="the last round's standings and ratings",
    )
    scenario.check_the_end(client, organiser_key, slug)
    wait_for(
        lambda: (
            not WebhookDelivery.objects.exclude(status="delivered").exists()
            and len(receiver.received) == sum(scenario.EXPECTED_KINDS.values())
        ),
        timeout=120,
        what="every webhook delivered",
    )
    scenario.check_the_webhooks(receiver.received, secret, slug)
