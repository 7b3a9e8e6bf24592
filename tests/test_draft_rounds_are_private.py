"""A draft Swiss round (paired, not published) is its managers' alone: no one else reads its
pairings through the API, nobody submits a game record for it, and it counts in no standings
(its boards may still change). The TRF download is checked in tests/tournaments/web/test_trf.py."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.errors import PermissionRefused
from accounts.models import Player
from games.records import services as game_services
from tests.conftest import make_swiss, reg, start
from tournaments.errors import ServiceError
from tournaments.models import Pairing
from tournaments.pairing import edits
from tournaments.registration import byes as bye_services
from tournaments.standings import services as standing_services

pytestmark = pytest.mark.django_db


def _draft_board(organiser: User) -> Pairing:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3, game="dvonn")
    round_1 = start(event, organiser)
    assert round_1.is_draft
    return round_1.pairings.exclude(black=None).select_related("white__player", "black__player").first()


def test_the_pairings_api_hides_a_draft_board_from_all_but_its_managers(
    organiser: User, stranger: User, api_client
) -> None:  # type: ignore[no-untyped-def]
    pairing = _draft_board(organiser)
    address = f"/api/pairings/{pairing.pk}/"
    assert api_client.get(address).status_code == 404
    api_client.force_authenticate(stranger)
    assert api_client.get(address).status_code == 404
    api_client.force_authenticate(organiser)
    response = api_client.get(address)
    assert response.status_code == 200
    assert response.json()["white"]["name"] == pairing.white.player.display_name
    edits.publish_round(pairing.round, organiser)
    api_client.force_authenticate(None)
    assert api_client.get(address).status_code == 200


def test_nobody_submits_a_record_for_a_draft_board(organiser: User) -> None:
    pairing = _draft_board(organiser)
    player = Player.objects.get(pk=pairing.white.player_id)
    player.user = User.objects.create_user("ann", password="pw-ann-12345")
    player.save()
    pairing = Pairing.objects.select_related("round__event", "white__player", "black__player").get(
        pk=pairing.pk
    )
    for user in (player.user, organiser):
        with pytest.raises(ServiceError, match="round 1 is not published yet"):
            game_services.submit_record(pairing, user, "irrelevant: refused before it is read")
    assert not pairing.games.exists()
    edits.publish_round(pairing.round, organiser)
    with pytest.raises(PermissionRefused):
        game_services.submit_record(pairing, User.objects.create_user("eve", password="pw-eve-12345"), "x")


def test_a_draft_round_counts_in_nobodys_standings_until_it_is_published(organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500", rounds=3, game="dvonn")
    bye_services.request_bye(reg(event, "Ann"), organiser, 1, "half")
    round_1 = start(event, organiser)
    assert round_1.is_draft

    def points() -> dict[str, int]:
        lines, _after, live = standing_services.standing_lines(event)
        assert live
        return {line.registration.player.display_name: line.points for line in lines}

    # Ann's half-point bye (1 half-point) is on the draft's last board, but nobody has points yet
    assert points() == {"Ann": 0, "Bob": 0, "Cid": 0, "Dan": 0, "Eve": 0}
    edits.publish_round(round_1, organiser)
    assert points()["Ann"] == 1


def test_a_draft_boards_submit_page_and_api_answer_as_for_a_board_that_does_not_exist(
    organiser: User, client, api_client
) -> None:  # type: ignore[no-untyped-def]
    pairing = _draft_board(organiser)
    player = Player.objects.get(pk=pairing.white.player_id)
    player.user = User.objects.create_user("ann", password="pw-ann-12345")
    player.save()
    missing = Pairing.objects.order_by("-pk").first().pk + 1000  # type: ignore[union-attr]
    client.force_login(player.user)
    for target in (pairing.pk, missing):
        page = client.get(f"/games/pairings/{target}/submit/")
        assert page.status_code == 404
        assert pairing.black.player.display_name not in page.content.decode()
    api_client.force_authenticate(player.user)

    def submitted(target: int) -> tuple[int, object]:
        answer = api_client.post("/api/games/submit/", {"pairing": target, "record": "1. x"}, format="json")
        return answer.status_code, answer.json()

    code, body = submitted(pairing.pk)
    assert "not published" not in str(body)
    missing_code, missing_body = submitted(missing)
    assert code == missing_code
    assert str(body).replace(str(pairing.pk), "N") == str(missing_body).replace(str(missing), "N")
    # its managers still see the page, where the submission says why it is refused
    client.force_login(organiser)
    assert client.get(f"/games/pairings/{pairing.pk}/submit/").status_code == 200
    edits.publish_round(pairing.round, organiser)
    client.force_login(player.user)
    assert client.get(f"/games/pairings/{pairing.pk}/submit/").status_code == 200
