"""The pages and API of confirmation, disputes, decisions and the arbiter's queue.

The same two-player DVONN board as ``test_confirmation`` (Ann White, Bob Black, Olga organiser, Ada
arbiter, Sam stranger); seed 5 ends 0-1, seed 0 ends 1-0, as the records' own tags state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Decision, Dispute, Game, SubmittedRecord
from tests.games.records.test_confirmation import BLACK_WINS, WHITE_WINS, Board, make_board
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

CONFIRM = 'action="/games/{}/confirm/"'
DISPUTE = 'action="/games/{}/dispute/"'
DECIDE = 'action="/games/{}/decide/"'


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def signed_in(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page(board: Board, user: User | None) -> str:
    response = signed_in(user).get(board.game().get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_confirm_and_dispute_buttons_only_for_the_opponent(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    pk = board.game().pk
    for user in (None, board.ann, board.sam, board.olga, board.ada):
        html = page(board, user)
        assert CONFIRM.format(pk) not in html and DISPUTE.format(pk) not in html
    html = page(board, board.bob)
    assert CONFIRM.format(pk) in html and DISPUTE.format(pk) in html
    assert "csrfmiddlewaretoken" in html and DECIDE.format(pk) not in html
    assert "provisional" in html


def test_the_decision_form_only_for_officials(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    pk = board.game().pk
    for user in (None, board.ann, board.bob, board.sam):
        assert DECIDE.format(pk) not in page(board, user)
    for user in (board.olga, board.ada):
        assert DECIDE.format(pk) in page(board, user)


def test_the_opponent_confirms_through_the_page(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    url = reverse("games:confirm", args=[game.pk])
    assert signed_in(board.ann).post(url).status_code == 403
    assert signed_in(board.sam).post(url).status_code == 403
    assert signed_in(None).post(url).status_code == 302  # sign in first
    shown = signed_in(board.bob).get(url)  # the game's page, with the form to confirm
    assert shown.status_code == 200 and CONFIRM.format(game.pk) in shown.content.decode()
    assert board.game().state != Game.State.CONFIRMED
    assert signed_in(board.bob).post(url).status_code == 302
    assert board.game().state == Game.State.CONFIRMED
    response = signed_in(board.bob).post(url)  # nothing left to confirm
    assert response.status_code == 400 and "no provisional result" in response.content.decode()


def test_a_dispute_through_the_page_needs_a_reason_and_shows_to_both(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    url = reverse("games:dispute", args=[game.pk])
    assert signed_in(board.sam).post(url, {"reason": "I saw it"}).status_code == 403
    assert signed_in(board.sam).post(url, {"reason": ""}).status_code == 403
    response = signed_in(board.bob).post(url, {"reason": "  "})
    assert response.status_code == 400 and "Say why" in response.content.decode()
    assert board.game().state == Game.State.PROVISIONAL
    assert signed_in(board.bob).post(url, {"reason": "we never played this game"}).status_code == 302
    assert board.game().state == Game.State.DISPUTED
    for user in (board.ann, board.bob):
        html = page(board, user)
        assert "we never played this game" in html and "disputed" in html


def test_the_arbiter_decides_through_the_page(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    board.submit(board.ann, WHITE_WINS)  # the invented game: a dispute
    game = board.game()
    url = reverse("games:decide", args=[game.pk])
    choice = {"kind": "submission", "submission": first.pk, "reason": ""}
    for user in (board.ann, board.bob, board.sam):
        assert signed_in(user).post(url, choice).status_code == 403
    response = signed_in(board.ada).post(url, {"kind": "forfeit", "result": "1-0", "reason": "late"})
    assert response.status_code == 400 and "forfeit" in response.content.decode().lower()
    response = signed_in(board.ada).post(url, {"kind": "submission", "reason": ""})
    assert response.status_code == 400 and "choose the submission" in response.content.decode()
    assert not Decision.objects.exists()
    assert (
        signed_in(board.ada).post(url, {**choice, "reason": "the second game was invented"}).status_code
        == 302
    )
    game = board.game()
    assert (game.state, game.result) == (Game.State.DECIDED, "0-1")
    html = page(board, board.bob)
    assert "the second game was invented" in html and "decided by the arbiter" in html.lower()
    assert DECIDE.format(game.pk) not in page(board, board.ada)  # final: no second decision


def test_the_queue_is_for_officials_and_lists_what_waits(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    # Round 1 of a 4-player round robin pairs numbers 1-4 and 2-3: Ann meets Bob, Cid meets Dee.
    board = make_board(django_capture_on_commit_callbacks, "Ann 1900\nCid 1800\nDee 1700\nBob 1600")
    other = Pairing.objects.get(round=board.round, board=1 if board.pairing.board == 2 else 2)
    url = reverse("games:queue", args=[board.event.slug])
    for user in (board.ann, board.sam):
        assert signed_in(user).get(url).status_code == 403
    assert signed_in(None).get(url).status_code == 302
    html = signed_in(board.ada).get(url).content.decode()
    assert html.count(reverse("games:pairing-game", args=[board.pairing.pk, 1])) == 1
    assert html.count(reverse("games:pairing-game", args=[other.pk, 1])) == 1

    board.submit(board.ann, BLACK_WINS)
    refused = board.submit(board.bob, "1. zz-q9")
    game = board.game()
    html = signed_in(board.olga).get(url).content.decode()
    provisional = html.split('id="queue-provisional"')[1].split("</section>")[0]
    assert game.get_absolute_url() in provisional
    assert reverse("games:record-detail", args=[refused.pk]) in html.split('id="queue-refused"')[1]
    missing = html.split('id="queue-missing"')[1].split("</section>")[0]
    assert reverse("games:pairing-game", args=[other.pk, 1]) in missing
    assert reverse("games:pairing-game", args=[board.pairing.pk, 1]) not in missing

    board.submit(board.ann, WHITE_WINS)
    html = signed_in(board.olga).get(url).content.decode()
    disputed = html.split('id="queue-disputed"')[1].split("</section>")[0]
    assert game.get_absolute_url() in disputed

    # The queue is linked from the event's pages for officials only.
    event_url = board.event.get_absolute_url()
    assert url in signed_in(board.ada).get(event_url).content.decode()
    assert url not in signed_in(board.ann).get(event_url).content.decode()
    # A board with no game yet opens a game page for the arbiter to decide.
    opened = signed_in(board.ada).get(reverse("games:pairing-game", args=[other.pk, 1]))
    assert opened.status_code == 302
    assert (
        opened["Location"]
        == Game.objects.get(pairing_game__pairing=other, pairing_game__number=1).get_absolute_url()
    )
    assert signed_in(board.ann).get(reverse("games:pairing-game", args=[other.pk, 1])).status_code == 403


def test_the_submit_page_records_the_address_and_recognises_a_repeat(
    board: Board, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    url = reverse("games:submit", args=[board.pairing.pk])
    client = Client(REMOTE_ADDR="198.51.100.4")
    client.force_login(board.ann)
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post(url, {"game_number": 1, "record": BLACK_WINS})
    again = client.post(url, {"game_number": 1, "record": BLACK_WINS.replace("\n", "\r\n")})
    assert first.status_code == again.status_code == 302 and first["Location"] == again["Location"]
    record = SubmittedRecord.objects.get()
    assert (record.submitted_by, record.submitted_from) == (board.ann, "198.51.100.4")


def test_api_confirm_dispute_decide(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    game = board.game()
    base = f"/api/games/{game.pk}"
    assert api(None).post(f"{base}/confirm/").status_code in (401, 403)
    assert api(board.ann).post(f"{base}/confirm/").status_code == 403
    assert api(board.sam).post(f"{base}/dispute/", {"reason": "x"}, format="json").status_code == 403
    response = api(board.bob).post(f"{base}/dispute/", {"reason": ""}, format="json")
    assert response.status_code == 400 and "say why" in response.json()["detail"]
    response = api(board.bob).post(f"{base}/dispute/", {"reason": "not our game"}, format="json")
    assert response.status_code == 200 and response.json()["state"] == "disputed"
    assert Dispute.objects.get().reason == "not our game"
    response = api(board.bob).post(f"{base}/confirm/")
    assert response.status_code == 400 and "no provisional result" in response.json()["detail"]

    decision = {"kind": "submission", "submission": first.pk}
    assert api(board.bob).post(f"{base}/decide/", decision, format="json").status_code == 403
    assert api(board.sam).post(f"{base}/decide/", {"kind": "nonsense"}, format="json").status_code == 403
    response = api(board.ada).post(f"{base}/decide/", {"kind": "nonsense"}, format="json")
    assert response.status_code == 400 and "kind" in response.json()
    response = api(board.ada).post(
        f"{base}/decide/", {"kind": "adjudication", "result": "+/-", "reason": "r"}
    )
    assert response.status_code == 400 and "detail" in response.json()
    response = api(board.ada).post(f"{base}/decide/", {**decision, "reason": "record checked"}, format="json")
    assert response.status_code == 201
    assert (response.json()["result"], response.json()["decided_by"]) == ("0-1", "ada")
    response = api(board.ada).post(f"{base}/decide/", decision, format="json")
    assert response.status_code == 400 and "final" in response.json()["detail"]
    listed = api(None).get(f"{base}/submissions/").json()
    assert [(item["id"], item["official"]) for item in listed] == [(first.pk, True)]
    assert api(None).get(f"{base}/").json()["state"] == "decided"


def test_api_schema_documents_the_new_endpoints() -> None:
    schema = APIClient().get("/api/schema/").content.decode()
    for path in ("/api/games/{id}/confirm/", "/api/games/{id}/dispute/", "/api/games/{id}/decide/"):
        assert path in schema
