"""Idempotency as docs/api.md promises it (issue 41 item 5), on PostgreSQL: 50 organiser's requests
creating an event with one ``Idempotency-Key`` at the same moment (50 threads, each its own
connection) create one event; one is answered 201 and the 49 others 200 with that same event (2 to 7
of them were answered 400 ``already_exists``). Another organiser sending the same key at the same
moment gets an event of his own, and nothing in his answers names the first one's."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from rest_framework.test import APIClient

from tournaments.models import Event

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SENDERS = 50


def _send_together(requests: list[tuple[User, dict[str, Any], str]]) -> list[tuple[int, Any]]:
    """Each (user, body, key) posted from a thread of its own, all released at once."""
    answers: list[tuple[int, Any]] = [(0, None)] * len(requests)
    gate = threading.Barrier(len(requests))

    def send(index: int, user: User, body: dict[str, Any], key: str) -> None:
        client = APIClient()
        client.force_authenticate(user)
        try:
            gate.wait(timeout=60)
            answer = client.post("/api/events/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
            answers[index] = (answer.status_code, answer.json())
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i, *request)) for i, request in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers


def test_fifty_creates_with_one_key_at_once_give_one_event_and_its_answer_to_all() -> None:
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    key = uuid.uuid4().hex
    body = {"name": "Club Swiss", "game": "dvonn", "pairing_system": "swiss-dutch", "rounds": 3}
    answers = _send_together([(olga, body, key)] * SENDERS)
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * (SENDERS - 1) + [201], [a for a in answers if a[0] not in (200, 201)][:3]
    assert {answer["url"] for _, answer in answers} == {answers[0][1]["url"]}
    assert Event.objects.filter(name="Club Swiss").count() == 1


def test_another_organisers_same_key_is_a_key_of_his_own_and_reveals_nothing() -> None:
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    sam = User.objects.create_user("sam", password="pw-sam-12345")
    key = uuid.uuid4().hex
    secret = {"name": "Olga's secret cup", "game": "dvonn", "pairing_system": "round-robin"}
    own = {"name": "Sam's open", "game": "dvonn", "pairing_system": "round-robin"}
    answers = _send_together([(olga, secret, key)] * 10 + [(sam, own, key)] * 10)
    olgas, sams = answers[:10], answers[10:]
    assert sorted(status for status, _ in olgas) == [200] * 9 + [201]
    assert sorted(status for status, _ in sams) == [200] * 9 + [201]
    assert {answer["name"] for _, answer in sams} == {"Sam's open"}
    assert all("secret" not in str(answer).lower() for _, answer in sams)
    assert (
        Event.objects.filter(organisers=olga).count() == 1
        and Event.objects.filter(organisers=sam).count() == 1
    )
