"""Clocks that start with each side's first move, games aborted when their first moves do not come,
the abort button, and takebacks in casual games (``games.play.aborts``, ``games.play.takebacks``), through the
play API as players meet them.

Figures worked by hand from the settings (``GAME_START_LIVE`` 180 s, ``GAME_START_CORRESPONDENCE``
7 days) and the time controls (1+0: 60 s each; 5+3: 300 s each and 3 s a move). GIPF standard's
first moves (docs/rules.md): White ``a1-c3``, Black ``e9-e7``, White ``i1-g3``, Black ``i4-g4``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.sweep import sweep
from games.live import game_events
from games.models import Game, SubmittedRecord
from games.play import service
from games.play import state as play_state
from tests.conftest import token_client as api_of
from tests.games.play.timing import Clock, frozen, people_named

pytestmark = pytest.mark.django_db

GIPF = ["a1-c3", "e9-e7", "i1-g3", "i4-g4"]


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    found = people_named("Ann", "Bob")
    found["sam"] = User.objects.create_user("sam", password="pw-sam-12345")
    return found


def move(user: User, game: Game, text: str, ply: int) -> Any:
    return api_of(user).post(f"/api/play/{game.pk}/move/", {"move": text, "expected_ply": ply})


def state(user: User, game: Game) -> dict[str, Any]:
    answer = api_of(user).get(f"/api/play/{game.pk}/")
    assert answer.status_code == 200
    return answer.json()  # type: ignore[no-any-return]


def test_the_issues_repro_is_not_lost_on_time(people: dict[str, Any], clock: Clock) -> None:
    """1+0, Ann White: 71 s after the acceptance the game is in play with 60 s each; Ann moves, then
    Bob 50 s later: still 60 s each; Ann's clock runs from Bob's move: 20 s later she has 40 s."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    clock.advance(seconds=71)
    now = state(people["bob"], game)
    assert (now["finished_at"], now["white_seconds"], now["black_seconds"]) == (None, 60.0, 60.0)
    assert move(people["ann"], game, GIPF[0], 0).status_code == 201
    clock.advance(seconds=50)
    assert (state(people["ann"], game)["white_seconds"], state(people["ann"], game)["black_seconds"]) == (
        60,
        60,
    )
    assert move(people["bob"], game, GIPF[1], 1).status_code == 201
    clock.advance(seconds=20)
    now = state(people["ann"], game)
    assert (now["white_seconds"], now["black_seconds"], now["first_move_by"]) == (40.0, 60.0, None)


def test_a_casual_game_never_started_is_aborted_without_a_result(
    people: dict[str, Any], clock: Clock
) -> None:
    """White's first move is due 180 s after the creation: at 179 s the game is in play, at 180 s
    the first read aborts it: no result, no record submitted, the stream told ``aborted``."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    assert game.flag_at == clock.start + timedelta(seconds=180)  # its flag's moment, for the ticker
    clock.advance(seconds=179)
    assert state(people["bob"], game)["finished_at"] is None
    clock.advance(seconds=1)
    with (
        mock.patch.object(game_events, "publish") as published,
        mock.patch("django.db.transaction.on_commit", side_effect=lambda f, robust=False: f()),
    ):
        now = state(people["bob"], game)
    assert (now["state"], now["result"], now["termination"]) == ("aborted", "", "aborted")
    assert not SubmittedRecord.objects.filter(game=game).exists()
    (call,) = [c for c in published.call_args_list if c.args[1] == game_events.END]
    assert (call.args[2]["how"], call.args[2]["result"], call.args[2]["winner"]) == ("aborted", "", None)
    assert move(people["ann"], game, GIPF[0], 0).status_code == 409  # over


def test_blacks_first_move_is_due_from_whites(people: dict[str, Any], clock: Clock) -> None:
    """Ann moves at 100 s: Bob's first move is due at 280 s; the sweep aborts the game then, not before."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    clock.advance(seconds=100)
    move(people["ann"], game, GIPF[0], 0)
    clock.advance(seconds=179)
    assert sweep(clock.now).timed_out == []
    clock.advance(seconds=1)
    assert sweep(clock.now).timed_out == [game.pk]
    game.refresh_from_db()
    assert (game.state, game.plies, game.finished_at) == ("aborted", 1, clock.now)


def test_a_move_after_the_first_move_was_due_is_refused_and_the_game_aborted(
    people: dict[str, Any], clock: Clock
) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    clock.advance(seconds=181)
    late = move(people["ann"], game, GIPF[0], 0)
    assert late.status_code == 409 and "aborted" in late.json()["detail"]
    game.refresh_from_db()
    assert (game.state, game.moves.count()) == ("aborted", 0)


def test_correspondence_and_games_without_a_clock_wait_seven_days(
    people: dict[str, Any], clock: Clock
) -> None:
    for control in ("3d/15d", ""):
        game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", control)
        assert game.first_move_by == clock.now + timedelta(days=7)


def test_an_events_game_is_lost_by_forfeit_when_its_first_move_did_not_come(
    organiser: User, clock: Clock, commit: Any
) -> None:
    """A round of 5+3 played on the service: White makes no first move within the service's 180 s;
    he loses the game by forfeit then (issue 36: not on time, the way lichess's Swiss does); the
    arbiter's only way back is his decision (docs/tournaments.md). tests/games/play/test_forfeits.py
    has the rest."""
    from tests.games.play.test_event_clocks import event_round

    _round, users, (game, _other) = event_round(organiser, time_control="5+3")
    white = users[game.white.display_name]
    assert game.first_move_by == clock.start + timedelta(seconds=180)
    clock.at(seconds=179)
    assert state(white, game)["finished_at"] is None
    abort = api_of(white).post(f"/api/play/{game.pk}/abort/")
    assert abort.status_code == 409 and "arbiter" in abort.json()["detail"]
    clock.at(seconds=240)
    commit(sweep, clock.now)
    game.refresh_from_db()
    assert (game.result, game.termination, game.finished_at) == ("-/+", "forfeit", clock.now)


def test_the_abort_button(people: dict[str, Any], clock: Clock) -> None:
    """Either player, before both have moved; not a spectator; not once started."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    assert api_of(people["sam"]).post(f"/api/play/{game.pk}/abort/").status_code == 403
    move(people["ann"], game, GIPF[0], 0)
    aborted = api_of(people["bob"]).post(f"/api/play/{game.pk}/abort/")
    assert aborted.status_code == 200
    assert (aborted.json()["state"], aborted.json()["result"], aborted.json()["ply"]) == ("aborted", "", 1)
    again = api_of(people["ann"]).post(f"/api/play/{game.pk}/abort/")
    assert again.status_code == 409 and "over" in again.json()["detail"]
    started = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    move(people["ann"], started, GIPF[0], 0)
    move(people["bob"], started, GIPF[1], 1)
    refused = api_of(people["ann"]).post(f"/api/play/{started.pk}/abort/")
    assert refused.status_code == 409 and "started" in refused.json()["detail"]
    assert Game.objects.get(pk=started.pk).finished_at is None


def test_a_takeback_accepted_gives_the_position_and_the_time_back(
    people: dict[str, Any], clock: Clock
) -> None:
    """5+3: both first moves at once (300 s each). Ann thinks 40 s on i1-g3 (260 s left, 263 after
    it) and asks to take it back; Bob accepts 30 s later: the position after e9-e7, Ann to move with
    260 s, Bob's 300 s as they were; Ann's clock runs from then: 10 s later 250 s."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    move(people["ann"], game, GIPF[0], 0)
    move(people["bob"], game, GIPF[1], 1)
    after_two = game.moves.get(ply=2).position  # as the arbiter played e9-e7
    clock.advance(seconds=40)
    move(people["ann"], game, GIPF[2], 2)
    ann, bob = api_of(people["ann"]), api_of(people["bob"])
    assert bob.post(f"/api/play/{game.pk}/takeback/").status_code == 409  # not his move to take back
    asked = ann.post(f"/api/play/{game.pk}/takeback/")
    assert asked.status_code == 200 and asked.json()["takeback_by"] == "ann"
    assert ann.post(f"/api/play/{game.pk}/takeback/accept/").status_code == 403  # not his own
    clock.advance(seconds=30)
    accepted = bob.post(f"/api/play/{game.pk}/takeback/accept/")
    assert accepted.status_code == 200
    assert (accepted.json()["ply"], accepted.json()["white_seconds"], accepted.json()["black_seconds"]) == (
        2,
        260.0,
        300.0,
    )
    game.refresh_from_db()
    assert game.position == after_two and game.takeback_side is None
    assert list(game.moves.values_list("notation", flat=True)) == GIPF[:2]
    assert state(people["ann"], game)["to_move"] == "ann"
    clock.advance(seconds=10)
    assert state(people["ann"], game)["white_seconds"] == 250.0
    assert move(people["ann"], game, GIPF[2], 2).status_code == 201  # played again


def test_a_takeback_declined_or_lapsed(people: dict[str, Any], clock: Clock) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    move(people["ann"], game, GIPF[0], 0)
    ann, bob = api_of(people["ann"]), api_of(people["bob"])
    ann.post(f"/api/play/{game.pk}/takeback/")
    declined = bob.post(f"/api/play/{game.pk}/takeback/decline/")
    assert declined.status_code == 200 and declined.json()["takeback_by"] is None
    assert declined.json()["ply"] == 1
    ann.post(f"/api/play/{game.pk}/takeback/")
    move(people["bob"], game, GIPF[1], 1)  # Bob moves instead: the request lapses
    lapsed = bob.post(f"/api/play/{game.pk}/takeback/accept/")
    assert lapsed.status_code == 409 and "lapses" in lapsed.json()["detail"]
    assert state(people["ann"], game)["ply"] == 2


def test_taking_back_the_move_that_started_the_game_stops_the_clocks_again(
    people: dict[str, Any], clock: Clock
) -> None:
    """Bob's first move started the game; taken back, no clock runs and his first move is due
    180 s from the acceptance again."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    move(people["ann"], game, GIPF[0], 0)
    move(people["bob"], game, GIPF[1], 1)
    api_of(people["bob"]).post(f"/api/play/{game.pk}/takeback/")
    clock.advance(seconds=5)
    accepted = api_of(people["ann"]).post(f"/api/play/{game.pk}/takeback/accept/")
    assert accepted.json()["first_move_by"] is not None
    game.refresh_from_db()
    assert (game.turn_started, game.first_move_by) == (None, clock.now + timedelta(seconds=180))
    assert play_state.clocks_at(game) == play_state.Clocks(timedelta(seconds=60), timedelta(seconds=60))


def test_no_takeback_in_an_events_game(organiser: User, clock: Clock) -> None:
    from tests.games.play.test_event_clocks import event_round

    _round, users, (game, _other) = event_round(organiser, time_control="5+3")
    white = users[game.white.display_name]
    assert move(white, game, "c3", 0).status_code == 201
    refused = api_of(white).post(f"/api/play/{game.pk}/takeback/")
    assert refused.status_code == 409 and "casual" in refused.json()["detail"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.integers(0, 179), second=st.integers(0, 179), control=st.sampled_from(["1+0", "5+3", "2+12"]))
def test_whatever_the_first_moves_wait_both_start_with_their_whole_time(
    people: dict[str, Any], first: int, second: int, control: str
) -> None:
    """Any waits within the window: the game starts with each player's initial time untouched."""
    minutes = int(control.split("+")[0])
    with frozen() as clock:
        game = play_state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", control)
        clock.advance(seconds=first)
        service.make_move(game, people["ann"], GIPF[0], 0)
        clock.advance(seconds=second)
        service.make_move(game, people["bob"], GIPF[1], 1)
        game.refresh_from_db()
        whole = timedelta(minutes=minutes)
        assert play_state.clocks_at(game) == play_state.Clocks(whole, whole)
        assert (game.first_move_by, game.turn_started) == (None, clock.now)
