"""The games API: the replay check for anyone, record submission for players and managers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.conftest import make_event, shared_path, start
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_replay_endpoint_matches_the_cli_shape() -> None:
    client = APIClient()
    text = shared_path("records", "gipf", "basic-02.txt").read_text()
    tagged = re.search(r'\[Result "([^"]+)"\]', text)
    assert tagged is not None
    verdict = client.post("/api/replay/", {"record": text}, format="json").json()
    assert verdict["valid"] is True and verdict["game"] == "gipf-basic"
    assert verdict["result"] == tagged.group(1) == "1-0"
    broken = client.post("/api/replay/", {"record": "hello"}, format="json")
    assert broken.status_code == 400 and broken.json()["valid"] is False


def test_submit_via_api(organiser: User, api_client: Any) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700", name="API Cup")
    start(event, organiser)
    pairing = Pairing.objects.get(round__event=event, board=1)
    response = api_client.post("/api/games/submit/", {"pairing": pairing.pk, "record": "x"}, format="json")
    assert response.status_code == 401  # anonymous: sign in first
    api_client.force_authenticate(organiser)
    response = api_client.post(
        "/api/games/submit/", {"pairing": pairing.pk, "record": "1. e5-e6"}, format="json"
    )
    assert response.status_code == 202
    record = api_client.get(f"/api/records/{response.json()['id']}/").json()
    assert record["status"] == "invalid" and record["error"]["reason"]
    pairing.refresh_from_db()
    assert pairing.results == "" and pairing.white_score is None
