"""Size limits named, never cut: an uploaded record longer than a record may be is refused naming the
limit (the first 200,000 characters are not stored), a request body over DATA_UPLOAD_MAX_MEMORY_SIZE
is refused naming that limit, and anonymous /api/replay/ is throttled per address."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import SubmittedRecord
from tests.conftest import make_event, start
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

RECORD_LIMIT = 200_000  # games.records.services.MAX_RECORD_CHARS, as docs/deployment.md's nginx note says


@pytest.fixture
def pairing(organiser: User) -> Pairing:
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Size limits", game="dvonn")
    start(event, organiser)
    return Pairing.objects.filter(round__event=event).exclude(black=None).get()


@pytest.mark.parametrize("size", [RECORD_LIMIT + 1, 3_000_000])
def test_an_oversized_upload_is_refused_naming_the_limit(client, organiser, pairing, size) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    # a record that would be valid if cut: the moves, then blanks to the size
    text = "1. a1-b2\n" + "\n" * (size - 9)
    assert len(text) == size
    upload = SimpleUploadedFile("game.txt", text.encode())
    answer = client.post(reverse("games:submit", args=[pairing.pk]), {"game_number": 1, "upload": upload})
    assert answer.status_code == 400
    assert "limit of 200000 characters" in answer.content.decode()
    assert not SubmittedRecord.objects.exists()


def test_an_upload_of_exactly_the_limit_in_multibyte_characters_is_read_whole(
    client, organiser, pairing
) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    text = "{" + "é" * (RECORD_LIMIT - 2) + "}"  # 200,000 characters, 399,998 bytes: a comment only
    upload = SimpleUploadedFile("game.txt", text.encode())
    answer = client.post(reverse("games:submit", args=[pairing.pk]), {"game_number": 1, "upload": upload})
    assert "limit of" not in answer.content.decode() and "not UTF-8" not in answer.content.decode()
    assert SubmittedRecord.objects.get().text == text


def test_a_replay_body_over_the_upload_limit_names_the_limit() -> None:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert limit == 2_621_440  # Django's default: 2.5 MB
    body = '{"record": "' + "x" * limit + '"}'
    answer = APIClient().post("/api/replay/", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["detail"] == ("the request body is larger than the limit of 2.5 MB (2621440 bytes)")
    text_body = APIClient().post("/api/replay/", data="x" * (limit + 1), content_type="text/plain")
    assert text_body.status_code in (400, 415)
    if text_body.status_code == 400:
        assert "2621440 bytes" in text_body.json()["detail"]


def test_a_page_form_over_the_field_limit_names_the_limit(client, organiser) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    fields = "&".join(f"f{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    answer = client.post("/new-event/", data=fields, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 400
    assert f"limit of {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields" in answer.content.decode()


@override_settings(
    REST_FRAMEWORK={
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "replays": "5/min"},
    },
)
def test_anonymous_replays_are_throttled_per_address() -> None:
    def replay(address: str) -> int:
        return int(
            APIClient()
            .post("/api/replay/", {"record": "1. x", "game": "dvonn"}, format="json", REMOTE_ADDR=address)
            .status_code
        )

    answers = [replay("198.51.100.1") for _ in range(6)]
    assert 429 not in answers[:5] and answers[5] == 429
    assert replay("198.51.100.2") != 429  # another address has its own allowance
