"""A game disputed stops the autopilot (issue 36): a round robin of two that finishes by itself;
Ann submits her record (Bob wins), Bob disputes it. Nothing else is left to play, and the round
cannot close while its result is disputed: the autopilot stops, with the close's own reason, and the
organiser is told. The arbiter decides; the round closes by itself; the autopilot stays stopped
until the organiser resumes it, and then finishes the event."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token

from accounts.models import Notice
from games.models import Decision
from games.records import confirmation, decisions
from tests.conftest import CommittingAPIClient
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Any) -> Board:
    made = make_board(django_capture_on_commit_callbacks)
    Event.objects.filter(pk=made.event.pk).update(auto_finish=True)
    return made


def test_a_dispute_with_nothing_else_to_play_stops_it_and_the_organiser_resumes_it(
    board: Board, django_capture_on_commit_callbacks: Any
) -> None:
    api = CommittingAPIClient(django_capture_on_commit_callbacks)
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=board.olga).key}")
    autopilot = f"/api/events/{board.event.slug}/autopilot/"
    board.submit(board.ann, BLACK_WINS)
    assert api.get(autopilot).json()["stopped"] == ""  # provisional: the round waits for Bob's answer
    board.run(confirmation.dispute, board.game(), board.bob, "I resigned in a won position by mistake")
    stopped = api.get(autopilot).json()["stopped"]
    assert stopped.startswith("a result is disputed on board 1 (Ann – Bob)"), stopped
    told = Notice.objects.get(recipient=board.olga, kind=Notice.AUTOPILOT_STOPPED)
    assert "a result is disputed on board 1" in told.text
    board.run(
        decisions.decide,
        board.game(),
        board.ada,
        kind=str(Decision.Kind.OTHER),
        result="0-1",
        reason="heard both",
    )
    state = api.get(f"/api/events/{board.event.slug}/").json()
    assert state["status"] == "running" and state["autopilot_stopped"] == stopped  # closed, not finished
    assert api.post(autopilot + "resume/", format="json").status_code == 200
    assert api.get(f"/api/events/{board.event.slug}/").json()["status"] == "finished"
