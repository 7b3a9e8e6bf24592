"""Bad submissions, one by one: each answers 4xx or is kept as a refused submission with a precise
reason; nothing else is stored and no result changes. (The record texts are built from the shared
reference record standard-01, which ends 1-0 after 32 moves, 64 plies.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import Player
from games.models import Game, SubmittedRecord
from tests.conftest import make_event, make_swiss, shared_path, start
from tournaments.models import Pairing, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairing(organiser: User) -> Pairing:
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Bad input", game="gipf-standard")
    start(event, organiser)
    found = Pairing.objects.filter(round__event=event).exclude(black=None).get()
    return found


def standard_01(**replace: str) -> str:
    text = shared_path("records", "gipf", "standard-01.txt").read_text(encoding="utf-8")
    text = text.replace('[White "reference"]', '[White "?"]').replace('[Black "reference"]', '[Black "?"]')
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    return text


def submit(api_client: Any, user: User, pairing: Pairing, record: str) -> Any:
    api_client.force_authenticate(user)
    return api_client.post("/api/games/submit/", {"pairing": pairing.pk, "record": record}, format="json")


def refused_with(pairing: Pairing) -> SubmittedRecord:
    """The one submission of the pairing, refused; the pairing still without a result."""
    record = SubmittedRecord.objects.get(game__pairing_game__pairing=pairing)
    assert record.status == SubmittedRecord.Status.INVALID
    pairing.refresh_from_db()
    assert pairing.results == "" and pairing.white_score is None
    return record


def test_an_oversized_record_is_refused_before_anything_is_stored(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    answer = submit(api_client, organiser, pairing, "1. a1-b2 " * 30_000)
    assert answer.status_code == 400
    assert "200000 characters" in str(answer.json()).replace(",", "").replace("\u202f", "")
    assert not SubmittedRecord.objects.exists()


def test_binary_bytes_are_refused_before_any_view(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    api_client.force_authenticate(organiser)
    answer = api_client.post(
        "/api/games/submit/",
        data=b'{"pairing": 1, "record": "\xff\xfe\x00"}',
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert not SubmittedRecord.objects.exists()


def test_a_binary_upload_on_the_page_is_a_form_error(client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    client.force_login(organiser)
    upload = SimpleUploadedFile("game.txt", b"\x89PNG\r\n\x1a\n\x00\x00\xff\xd8")
    answer = client.post(reverse("games:submit", args=[pairing.pk]), {"game_number": 1, "upload": upload})
    assert answer.status_code == 400
    assert "not UTF-8 text" in answer.content.decode()
    assert not SubmittedRecord.objects.exists()


@pytest.mark.parametrize("where", ["", "1. a1-b2 " * 2_000])
def test_a_surrogate_character_is_refused_by_name_before_anything_is_stored(  # type: ignore[no-untyped-def]
    api_client, organiser, pairing, where: str
) -> None:
    """A lone surrogate (escaped in the JSON: no UTF-8 encodes it) is no text: the first one named."""
    api_client.force_authenticate(organiser)
    body = f'{{"pairing": {pairing.pk}, "record": "{where}1. a1-b2 \\udc00 \\ud800"}}'
    answer = api_client.post("/api/games/submit/", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["record"] == ["Surrogate characters are not allowed: U+DC00."]
    assert not SubmittedRecord.objects.exists()


def test_garbage_text_is_kept_as_a_refused_submission(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    assert submit(api_client, organiser, pairing, "hello, this is not a game at all").status_code == 202
    record = refused_with(pairing)
    assert record.error_reason


def test_a_record_of_the_wrong_game_names_both_games(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    dvonn = shared_path("records", "dvonn", "littlegolem-dvonn.mc.2014.may.1.1.txt").read_text(
        encoding="utf-8"
    )
    assert submit(api_client, organiser, pairing, dvonn).status_code == 202
    assert refused_with(pairing).error_reason == "this is a record of DVONN, but this game is GIPF standard"


def test_unknown_coordinates_name_the_ply_and_the_move(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    text = standard_01(**{"1. i1-h2 f1-e2": "1. i1-h2 z9-e2"})
    assert submit(api_client, organiser, pairing, text).status_code == 202
    record = refused_with(pairing)
    assert (record.error_ply, record.error_move) == (2, "z9-e2")


def test_moves_after_the_end_are_refused_at_the_first_one(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    text = standard_01(**{"32. h6-h5 1-0": "32. h6-h5 a1-b2 33. a2-b3 1-0"})
    assert submit(api_client, organiser, pairing, text).status_code == 202
    record = refused_with(pairing)
    assert (record.error_ply, record.error_move) == (64, "a1-b2")
    assert "the game is over" in record.error_reason


def test_a_record_of_another_round_is_refused(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    text = standard_01(**{'[Game "GIPF standard"]': '[Game "GIPF standard"]\n[Round "3"]'})
    assert submit(api_client, organiser, pairing, text).status_code == 202
    assert refused_with(pairing).error_reason == "the record is of round 3, but this game is in round 1"


def test_the_right_round_tag_is_accepted(api_client, organiser, pairing) -> None:  # type: ignore[no-untyped-def]
    text = standard_01(**{'[Game "GIPF standard"]': '[Game "GIPF standard"]\n[Round "1.1"]'})
    assert submit(api_client, organiser, pairing, text).status_code == 202
    pairing.refresh_from_db()
    assert pairing.results == "1-0"


def test_a_user_who_is_not_a_player_of_the_game_is_refused(api_client, organiser, stranger, pairing) -> None:  # type: ignore[no-untyped-def]
    other = Player.objects.create(display_name="Cid", handle="cid", user=stranger)
    assert other.user == stranger
    answer = submit(api_client, stranger, pairing, standard_01())
    assert answer.status_code == 403
    assert "only the two players" in answer.json()["detail"]
    assert not SubmittedRecord.objects.exists()


def test_a_pairing_of_an_unpublished_round_is_refused(api_client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_swiss(organiser, "Ann 1900\nBob 1800")
    round_ = start(event, organiser)
    assert Round.objects.get(pk=round_.pk).is_draft
    draft = round_.pairings.exclude(black=None).get()
    answer = submit(api_client, organiser, draft, standard_01())
    assert 400 <= answer.status_code < 500
    assert not SubmittedRecord.objects.exists()
    assert not Game.objects.filter(pairing_game__pairing=draft, result__gt="").exists()
