"""The organisers' webhooks (issue 36) against a real HTTP receiver: what a message carries and how it
is signed, each delivery logged with its status, the retries with back-off the database remembers
(the sweep sends what is due), the organisers told when a URL keeps failing, and no message to a
loopback or private address unless the setting allows it, nor through a redirect.

Worked by hand: starting a round robin of four pairs and publishes its round 1 at once: two
messages, ``round.paired`` then ``round.published``. The back-off is 30 s after the first failure,
60 s after the second, doubling (docs/tournaments.md, "Webhooks"); the eighth failure is the last."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from rest_framework.authtoken.models import Token

from accounts.models import Notice
from common.sweep import sweep
from tests.conftest import CommittingAPIClient
from tests.games.play.timing import Clock
from tests.tournaments.autopilot.receiver import Receiver, start_receiver
from tournaments.models import WebhookDelivery

pytestmark = pytest.mark.django_db

PLAYERS = "Ann 2000\nBob 1900\nCid 1800\nDan 1700"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found, server = start_receiver()
    with override_settings(WEBHOOKS_ALLOW_PRIVATE=True):
        yield found
    server.shutdown()


@pytest.fixture
def api(django_capture_on_commit_callbacks: Any, organiser: User) -> CommittingAPIClient:
    client = CommittingAPIClient(django_capture_on_commit_callbacks)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organiser).key}")
    return client


def started_with_a_webhook(api: CommittingAPIClient, url: str) -> tuple[str, str]:
    body = {"name": "Hooked", "game": "dvonn", "pairing_system": "round-robin"}
    slug = api.post("/api/events/", body, format="json").json()["slug"]
    assert (
        api.post(f"/api/events/{slug}/registrations/list/", {"players": PLAYERS}, format="json").status_code
        == 201
    )
    secret = api.post(f"/api/events/{slug}/webhooks/", {"url": url}, format="json").json()["secret"]
    assert (
        api.post(f"/api/events/{slug}/start/", {"top_seed_colour": "white"}, format="json").status_code == 202
    )
    return slug, secret


def test_each_step_is_a_signed_message_logged_as_delivered(
    api: CommittingAPIClient, receiver: Receiver
) -> None:
    slug, secret = started_with_a_webhook(api, receiver.url)
    assert receiver.kinds() == ["round.paired", "round.published"]
    for item in receiver.received:
        expected = "sha256=" + hmac.new(secret.encode(), item.body, hashlib.sha256).hexdigest()
        assert item.headers["X-Gipf-Signature"] == expected
        assert item.headers["Content-Type"] == "application/json" and item.path == "/hooks/gipf"
        message = json.loads(item.body)
        assert set(message) == {"id", "kind", "event", "sent_at", "data"}
        assert message["event"] == slug and item.headers["X-Gipf-Delivery"] == str(message["id"])
    published = receiver.received[1].message["data"]
    assert published["round"] == 1 and published["status"] == "paired"
    assert [(b["board"], b["white"], b["black"]) for b in published["boards"]] == [
        (1, "ann", "dan"),
        (2, "bob", "cid"),
    ]
    deliveries = api.get(f"/api/events/{slug}/webhooks/deliveries/").json()["results"]
    assert [(d["kind"], d["status"], d["attempts"], d["response_status"]) for d in deliveries] == [
        ("round.published", "delivered", 1, 200),
        ("round.paired", "delivered", 1, 200),
    ]
    assert deliveries[0]["body"].encode() == receiver.received[1].body  # the bytes signed and sent


def test_a_failed_delivery_is_tried_again_after_its_back_off(
    api: CommittingAPIClient, receiver: Receiver, clock: Clock, commit: Any
) -> None:
    receiver.answers = [500, 503]  # the first two attempts (one per message) fail
    slug, _secret = started_with_a_webhook(api, receiver.url)
    failed = WebhookDelivery.objects.order_by("pk")
    assert [(d.status, d.attempts, d.response_status) for d in failed] == [
        ("pending", 1, 500),
        ("pending", 1, 503),
    ]
    assert failed[0].error == "the receiver answered 500"
    assert failed[0].next_attempt_at == clock.start + timedelta(seconds=30)
    clock.at(seconds=29)
    commit(sweep, clock.now)
    assert len(receiver.received) == 2  # not due yet
    clock.at(seconds=31)
    commit(sweep, clock.now)
    assert [(d.status, d.attempts) for d in WebhookDelivery.objects.order_by("pk")] == [("delivered", 2)] * 2
    assert receiver.received[0].body == receiver.received[2].body  # the same message again


def test_a_webhook_failing_to_the_end_tells_the_organisers(
    api: CommittingAPIClient, receiver: Receiver, clock: Clock, commit: Any, organiser: User
) -> None:
    receiver.answers = [500] * 16
    started_with_a_webhook(api, receiver.url)
    waited = timedelta(0)
    for attempts in range(1, 8):  # 30 s, 60 s, 120 s, … an hour at most
        waited += min(timedelta(seconds=30 * 2 ** (attempts - 1)), timedelta(hours=1))
        clock.now = clock.start + waited + timedelta(seconds=1)
        commit(sweep, clock.now)
    assert [(d.status, d.attempts) for d in WebhookDelivery.objects.all()] == [("failed", 8)] * 2
    told = Notice.objects.filter(recipient=organiser, kind=Notice.WEBHOOK_FAILING)
    assert told.count() == 2 and receiver.url in told.first().text


def test_no_message_to_a_loopback_address_unless_allowed(
    api: CommittingAPIClient, receiver: Receiver, commit: Any
) -> None:
    slug = api.post(
        "/api/events/", {"name": "Local", "game": "dvonn", "pairing_system": "round-robin"}, format="json"
    ).json()["slug"]
    api.post(f"/api/events/{slug}/registrations/list/", {"players": PLAYERS}, format="json")
    api.post(f"/api/events/{slug}/webhooks/", {"url": receiver.url}, format="json")  # allowed while adding
    with override_settings(WEBHOOKS_ALLOW_PRIVATE=False):
        api.post(f"/api/events/{slug}/start/", {"top_seed_colour": "white"}, format="json")
    assert receiver.received == []
    refused = WebhookDelivery.objects.order_by("pk").first()
    assert refused.status == "pending" and refused.response_status is None
    assert "127.0.0.1 is a loopback or private address" in refused.error


def test_a_redirect_is_an_answer_not_a_place_to_go(api: CommittingAPIClient, receiver: Receiver) -> None:
    receiver.answers = [302]
    started_with_a_webhook(api, receiver.url)
    first = WebhookDelivery.objects.order_by("pk").first()
    assert (first.status, first.response_status, first.error) == ("pending", 302, "the receiver answered 302")
    assert len(receiver.received) == 2  # the redirect was not followed
