"""The one wording of a game's end (``games.play.endings``), and where it is read: the notices of a game
played on the service, which is official at once (no "submitted a record", no confirmation).

Expected sentences are written by hand from the games' ends: who lost is the side the result
says lost (White Ann, Black Bob)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from rest_framework.authtoken.models import Token

from accounts.models import Notice
from games.models import Game
from games.play import state as play_state
from games.play.endings import ending, result_line
from tests.conftest import CommittingAPIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("key", "result", "termination", "state", "said"),
    [
        ("dvonn", "0-1", "resignation", "official", "Ann resigned"),
        ("dvonn", "1-0", "resignation", "official", "Bob resigned"),
        ("gipf-standard", "1-0", "time", "official", "Bob lost on time"),
        ("yinsh", "1/2-1/2", "agreement", "official", "Drawn by agreement"),
        ("dvonn", "1-0", "arbiter", "decided", "Adjudicated by the arbiter: 1-0"),
        ("gipf-standard", "0-1", "no-reserve", "official", "Ann had no piece left in reserve"),
        ("gipf-tournament", "1-0", "no-gipf-piece", "official", "Bob had no GIPF-piece left on the board"),
        ("yinsh", "1-0", "rings", "official", "Ann removed the rings needed to win"),
        ("yinsh", "0-1", "markers", "official", "No marker left: Bob had removed more rings"),
        ("dvonn", "0-1", "score", "official", "Bob won on the stack totals"),
        ("dvonn", "1/2-1/2", "score", "official", "Drawn: stack totals at the end"),
        # no position to read which type is gone (tests/games/test_end_sentences.py reads it)
        ("tzaar", "1-0", "no-type", "official", "Bob had one of the three types no more on top of a stack"),
        ("dvonn", "", "", "annulled", "Annulled by the arbiter"),
        ("dvonn", "", "", "", ""),
    ],
)
def test_each_end_is_worded_by_how_the_game_ended(
    people: dict[str, Any], key: str, result: str, termination: str, state: str, said: str
) -> None:
    game = Game.objects.create(
        game=key,
        white=people["Ann"],
        black=people["Bob"],
        result=result,
        termination=termination,
        state=state,
    )
    assert ending(game) == said
    assert result_line(game) == (f"{result} · {said}" if result else said)


def test_the_wording_is_ukrainian_for_a_ukrainian_reader(people: dict[str, Any]) -> None:
    game = Game.objects.create(
        game="dvonn", white=people["Ann"], black=people["Bob"], result="0-1", termination="resignation"
    )
    drawn = Game.objects.create(
        game="dvonn", white=people["Ann"], black=people["Bob"], result="1/2-1/2", termination="agreement"
    )
    timed = Game.objects.create(
        game="dvonn", white=people["Ann"], black=people["Bob"], result="1-0", termination="time"
    )
    with translation.override("uk"):
        assert ending(game) == "Ann здає партію"
        assert ending(drawn) == "Нічия за згодою"
        assert ending(timed) == "У Bob закінчився час"


def test_a_resignation_tells_the_opponent_how_it_ended_and_is_official_at_once(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    ann = CommittingAPIClient(django_capture_on_commit_callbacks)
    ann.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=people['ann'])[0].key}")
    answer = ann.post(f"/api/play/{game.pk}/resign/")  # White, to move, resigns
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["result"], answer.json()["state"], answer.json()["ending"]) == (
        "0-1",
        "official",
        "Ann resigned",
    )
    assert [notice.text for notice in Notice.objects.filter(recipient=people["bob"])] == [
        "Ann – Bob (Played on the service) is over: 0-1 · Ann resigned"
    ]
    assert not Notice.objects.filter(recipient=people["ann"]).exists()  # she knows what she did
    # nothing to confirm: the opponent's confirmation is refused, the result stays official
    bob = CommittingAPIClient(django_capture_on_commit_callbacks)
    bob.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=people['bob'])[0].key}")
    assert bob.post(f"/api/games/{game.pk}/confirm/").status_code == 400
    game.refresh_from_db()
    assert game.state == Game.State.OFFICIAL
