"""Correcting a closed round's result through the round page (form, confirmation naming the rounds
that change, then the correction) and through ``POST /api/pairings/{id}/correct/``."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.records.services import games_of
from tests.conftest import make_event, next_round, pairings_of, play_round, start
from tournaments.models import Event, Pairing, ResultCorrection, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser: User, commit: Any) -> Event:
    """A 4-player round robin with rounds 1 and 2 closed (White won every game) and round 3 open."""
    event = make_event(organiser, "Ann\nBob\nCid\nDan", name="Page night")
    commit(play_round, start(event, organiser), organiser)
    commit(play_round, next_round(event, organiser), organiser)
    next_round(event, organiser)
    return event


def correct_url(event: Event, number: int, board: int) -> str:
    return reverse("tournaments:pairing-correct", args=[event.slug, number, board])


def first_board(event: Event) -> Pairing:
    return pairings_of(event, 1)[0]


def test_the_round_page_offers_corrections_to_managers_only(
    client: Any, event: Event, organiser: User, stranger: User
) -> None:
    page = reverse("tournaments:round-detail", args=[event.slug, 1])
    client.force_login(stranger)
    assert correct_url(event, 1, 1) not in client.get(page).content.decode()
    assert client.get(correct_url(event, 1, 1)).status_code == 403
    client.force_login(organiser)
    assert correct_url(event, 1, 1) in client.get(page).content.decode()
    # an open round offers no correction: its results are entered the normal way
    assert (
        correct_url(event, 3, 1)
        not in client.get(reverse("tournaments:round-detail", args=[event.slug, 3])).content.decode()
    )


def test_correct_with_confirmation(client: Any, event: Event, organiser: User) -> None:
    client.force_login(organiser)
    url = correct_url(event, 1, 1)
    form = client.get(url)
    assert form.status_code == 200
    # step 1: the confirmation names the rounds whose standings and ratings change; nothing stored
    step = client.post(url, {"result": "0-1", "reason": "scoresheet"})
    assert step.status_code == 200
    text = step.content.decode()
    assert "rounds 1–2" in text and 'name="confirm"' in text
    assert not ResultCorrection.objects.exists()
    # the confirmation without the box ticked is refused
    unticked = client.post(url, {"result": "0-1", "reason": "scoresheet", "step": "confirm"})
    assert unticked.status_code == 400
    assert not ResultCorrection.objects.exists()
    done = client.post(url, {"result": "0-1", "reason": "scoresheet", "step": "confirm", "confirm": "on"})
    assert done.status_code == 302
    correction = ResultCorrection.objects.get()
    assert (correction.new_results, correction.reason, correction.recomputed_at is not None) == (
        "0-1",
        "scoresheet",
        True,
    )
    pairing = first_board(event)
    assert (pairing.white_score, pairing.black_score) == (0, 2)
    # shown on the round page, to everyone
    client.logout()
    page = client.get(reverse("tournaments:round-detail", args=[event.slug, 1])).content.decode()
    assert 'id="corrections"' in page and "scoresheet" in page
    # and on the game's page, whose official result follows the correction
    (game,) = games_of(pairing)
    game_page = client.get(game.get_absolute_url()).content.decode()
    assert 'id="corrections"' in game_page and "scoresheet" in game_page
    assert game.result == "0-1"
    # White won every game first; after the correction Ann (white on board 1) has 0 after round 1
    ann = Standing.objects.get(event=event, after_round=1, registration=pairing.white)
    assert ann.points == 0


def test_the_page_refuses_a_missing_reason_and_an_open_round(
    client: Any, event: Event, organiser: User
) -> None:
    client.force_login(organiser)
    missing = client.post(
        correct_url(event, 1, 1), {"result": "0-1", "reason": "  ", "step": "confirm", "confirm": "on"}
    )
    assert missing.status_code == 400
    assert "reason" in missing.content.decode()
    open_round = client.post(
        correct_url(event, 3, 1), {"result": "0-1", "reason": "x", "step": "confirm", "confirm": "on"}
    )
    assert open_round.status_code == 409
    assert "not closed" in open_round.content.decode()
    assert not ResultCorrection.objects.exists()


# --------------------------------------------------------------------------- API


def api_url(pairing: Pairing) -> str:
    return f"/api/pairings/{pairing.pk}/correct/"


def test_api_correct(api_client: Any, event: Event, organiser: User) -> None:
    api_client.force_authenticate(organiser)
    pairing = first_board(event)
    answer = api_client.post(api_url(pairing), {"result": "1/2-1/2", "reason": "misread"}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["old_result"], body["new_result"], body["round"], body["board"]) == ("1-0", "1/2-1/2", 1, 1)
    assert (body["new_white_score"], body["new_black_score"], body["corrected_by"]) == (1, 1, "olga")
    assert body["reason"] == "misread"


def test_api_refusals(api_client: Any, event: Event, organiser: User, stranger: User) -> None:
    pairing = first_board(event)
    body = {"result": "0-1", "reason": "why"}
    assert api_client.post(api_url(pairing), body, format="json").status_code == 401
    api_client.force_authenticate(stranger)
    assert api_client.post(api_url(pairing), body, format="json").status_code == 403
    # a player of the game (his account linked to his player) cannot correct it either
    player = pairing.black.player  # type: ignore[union-attr]
    player.user = User.objects.create_user("dan", password="pw-dan-12345")
    player.save(update_fields=["user"])
    api_client.force_authenticate(player.user)
    assert (
        api_client.post(api_url(pairing), {"result": "0-1", "reason": "I won"}, format="json").status_code
        == 403
    )
    api_client.force_authenticate(organiser)
    assert api_client.post(api_url(pairing), {"result": "0-1"}, format="json").status_code == 400
    assert (
        api_client.post(api_url(pairing), {"result": "0-1", "reason": " "}, format="json").status_code == 400
    )
    assert (
        api_client.post(api_url(pairing), {"result": "1-0", "reason": "same"}, format="json").status_code
        == 400
    )
    open_pairing = pairings_of(event, 3)[0]
    conflict = api_client.post(api_url(open_pairing), body, format="json")
    assert conflict.status_code == 409
    assert "not closed" in conflict.json()["detail"]
    assert not ResultCorrection.objects.exists()


def test_the_schema_documents_the_endpoint(client: Any) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/pairings/{id}/correct/"]["post"]
    assert {"201", "400", "401", "403", "409"} <= set(operation["responses"])
    assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/CorrectionInput"
    )
    assert sorted(schema["components"]["schemas"]["CorrectionInput"]["required"]) == ["reason", "result"]
