# ruff: noqa: F811 - the clock and people fixtures are test_play's, imported
"""Flags that fall on time (``games.play.flags``): a game ends when anyone reads it or moves in it after
its player to move ran out, the clocks' ticker ends it at the flag's moment (kept on the game, written
with each move; no move queues a task), the sweep ends every such game however many, and a move is
judged at its request's arrival.

The clocks are those of the time controls' definitions: ``1+0`` gives each player 60 s, ``5+3`` 300 s
and 3 s more a move. The time is Django's, frozen in the test's hand (nothing sleeps).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from celery.app.task import Task
from django.test import RequestFactory, override_settings

from accounts.models import Notice
from common import ticker
from common.arrival import ArrivalMiddleware, arrival
from common.sweep import sweep
from games.models import Game, SubmittedRecord
from games.play import flags, service, state
from tests.games.play.test_play import api_of, moves_of, people  # noqa: F401 - a fixture
from tests.games.play.timing import Clock

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]

SECOND = timedelta(seconds=1)


def _on_time(game: Game) -> tuple[str, str, object]:
    game.refresh_from_db()
    return game.result, game.termination, game.finished_at


def test_reading_a_game_through_the_api_ends_it_when_the_flag_has_fallen(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    watcher = api_of(None, django_capture_on_commit_callbacks)
    clock.advance(seconds=59)
    assert watcher.get(f"/api/play/{game.pk}/").json()["finished_at"] is None
    clock.advance(seconds=2)  # Ann's 60 s ran out a second ago
    seen = watcher.get(f"/api/play/{game.pk}/").json()
    assert (seen["to_move"], seen["legal_moves"], seen["white_seconds"]) == (None, [], 0.0)
    assert _on_time(game) == ("0-1", "time", clock.now)
    assert SubmittedRecord.objects.get(game=game).text.split()[-1] == "time"


def test_the_list_of_my_games_and_the_game_page_end_games_lost_on_time(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any, client: Any
) -> None:
    listed = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    paged = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    untimed = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "")
    clock.advance(seconds=61)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    Game.objects.filter(pk=paged.pk).update(white_time=timedelta(seconds=120))  # not yet: 120 s
    rows = {row["id"]: row for row in bob.get("/api/play/").json()["results"]}
    assert rows[listed.pk]["finished_at"] is not None and rows[listed.pk]["to_move"] is None
    assert _on_time(listed) == ("0-1", "time", clock.now)
    assert rows[paged.pk]["finished_at"] is None and rows[untimed.pk]["finished_at"] is None
    clock.advance(seconds=60)
    assert client.get(f"/games/{paged.pk}/").status_code == 200
    assert _on_time(paged) == ("0-1", "time", clock.now)
    assert _on_time(untimed)[2] is None


def test_a_move_out_of_turn_ends_a_game_whose_flag_fell(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """Bob is not to move; he tries anyway after Ann's flag fell: the game is over (409), lost by Ann."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    clock.advance(seconds=61)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    answer = bob.post(f"/api/play/{game.pk}/move/", {"move": moves_of("dvonn", 0)[0], "expected_ply": 0})
    assert answer.status_code == 409
    assert _on_time(game) == ("0-1", "time", clock.now)


def test_a_move_is_judged_at_its_arrival_not_after_its_wait(people: dict[str, Any], clock: Clock) -> None:
    """5+3: Ann's move arrived at 299 s and waited 2 s for the lock: she had 1 s left, plus 3."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    arrived = clock.now + timedelta(seconds=299)
    clock.advance(seconds=301)
    move = service.make_move(game, people["ann"], moves_of("dvonn", 0)[0], 0, arrived=arrived)
    assert (move.at, move.clock_after) == (arrived, 4 * SECOND)
    # an arrival before the turn started (a move sent ahead) is charged from the turn's start
    bob_turn = arrived  # his clock runs from Ann's move
    clock.advance(seconds=10)
    early = service.make_move(game, people["bob"], moves_of("dvonn", 0)[1], 1, arrived=bob_turn - 5 * SECOND)
    assert (early.at, early.clock_after) == (bob_turn, 303 * SECOND)


def test_the_arrival_is_the_asgi_scope_s_stamp_else_the_first_middleware_s(clock: Clock) -> None:
    seen: list[datetime] = []

    def view(request: Any) -> Any:
        seen.append(arrival(request))
        return mock.Mock()

    middleware = ArrivalMiddleware(view)
    plain = RequestFactory().get("/")
    middleware(plain)
    stamped = RequestFactory().get("/")
    stamped.scope = {"arrived_at": clock.now.timestamp() - 2.5}  # type: ignore[attr-defined]
    middleware(stamped)
    assert seen == [clock.now, clock.now - timedelta(seconds=2.5)]
    assert arrival(RequestFactory().get("/")) == clock.now  # never stamped: now
    assert seen[1].tzinfo is not None and seen[1].astimezone(UTC) == seen[1]


@override_settings(CELERY_TASK_ALWAYS_EAGER=False)
def test_each_move_writes_the_next_flag_s_moment_and_queues_nothing(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """5+3: the game starts, Ann's flag in 300 s, her time warning (a fifth of 300 s: 60 s left) at
    240 s; she moves at 40 s: Bob's flag 300 s after it, his warning 240 s after it. No task is
    queued for either (a worker holds nothing until a flag's moment)."""
    with (
        mock.patch.object(Task, "apply_async") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
        start = clock.now
        assert Game.objects.get(pk=game.pk).flag_at == start + 300 * SECOND
        assert Game.objects.get(pk=game.pk).warn_at == start + 240 * SECOND
        clock.advance(seconds=40)
        service.make_move(game, people["ann"], moves_of("dvonn", 0)[0], 0)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.flag_at, stored.warn_at) == (clock.now + 300 * SECOND, clock.now + 240 * SECOND)
    assert flags.next_flag() == clock.now + 300 * SECOND
    assert flags.next_warning() == clock.now + 240 * SECOND
    assert queued.call_args_list == []


def test_the_ticker_warns_a_live_player_in_time_then_waits_for_his_flag(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """5+3: the ticker's look at 240.05 s finds 59.95 s on Ann's clock, under the minute: she is
    warned then (not at the next sweep), once, and the ticker waits for her flag, at 300 s."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    clock.advance(seconds=239, milliseconds=900)
    assert commit(ticker.look, 600.0) == pytest.approx(0.1)  # until her warning's moment
    clock.advance(milliseconds=150)
    assert commit(ticker.look, 600.0) == pytest.approx(59.95)  # warned; her flag next
    told = Notice.objects.filter(recipient=people["ann"], kind=Notice.TIME_WARNING)
    assert list(told.values_list("text", flat=True)) == [
        "Only 59 seconds left on your clock in Ann – Bob: move before it runs out"
    ]
    game.refresh_from_db()
    assert (game.warned_ply, game.warn_at) == (0, None)  # once at this ply
    assert commit(flags.warn_tick, clock.now) == {"time_warned": []}


def test_a_look_s_warnings_stop_after_their_budget_and_the_next_look_goes_on(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """Five 5+3 games, each player to move under his minute at 240.05 s; the look's warnings may take
    WARN_SECONDS (0.25 s) and each warning here takes 0.1 s: the first look warns two (started at 0.0,
    warned at 0.1 and 0.2, stopped at 0.3), the next two, the last the fifth (a flag due meanwhile
    waits at most the budget, not the whole round's warnings)."""
    games = [state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3") for _ in range(5)]
    clock.advance(seconds=240, milliseconds=50)
    seconds = iter(round(0.1 * step, 1) for step in range(100))
    with mock.patch.object(flags.time, "monotonic", lambda: next(seconds)):
        looks = [commit(flags.warn_tick, clock.now)["time_warned"] for _ in range(4)]
    ids = [game.pk for game in games]
    assert looks == [ids[:2], ids[2:4], ids[4:], []]
    assert Notice.objects.filter(recipient=people["ann"], kind=Notice.TIME_WARNING).count() == 5


def test_a_correspondence_flag_is_days_ahead_and_the_ticker_waits_for_it(
    people: dict[str, Any], clock: Clock
) -> None:
    """3d/15d: Ann's flag is three days away: the ticker ends nothing and looks again after its poll."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    assert flags.next_flag() == clock.now + timedelta(days=3)
    assert ticker.look(poll=0.25) == 0.25 and flags.due(clock.now) == []
    clock.advance(days=3)
    assert flags.due(clock.now) == [game.pk]


def test_the_ticker_ends_the_fallen_games_once_and_waits_for_the_next_flag(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """1+0: Ann's flag falls at 60 s; Bob's, in the game where Ann moved at once, 60 s after her move.
    Before then the ticker ends nothing and waits until the flag's moment; at it, both games end
    (flags falling together), once."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    moved = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    commit(service.make_move, moved, people["ann"], moves_of("dvonn", 0)[0], 0)
    clock.advance(seconds=59, milliseconds=900)
    assert commit(ticker.look, 5.0) == pytest.approx(0.1)
    assert _on_time(game)[2] is None and _on_time(moved)[2] is None
    clock.advance(milliseconds=100)
    assert commit(ticker.look, 5.0) == 5.0  # no flag in view once they fell
    assert _on_time(game) == ("0-1", "time", clock.now)
    # Bob's flag fell too, 60 s after Ann's move: ended with the first (flags falling together)
    assert _on_time(moved) == ("1-0", "time", clock.now)
    assert commit(flags.tick, clock.now) == {"timed_out": []}  # once
    assert SubmittedRecord.objects.filter(game__in=[game, moved]).count() == 2


def test_the_sweep_ends_every_game_lost_on_time_however_many(people: dict[str, Any], clock: Clock) -> None:
    games = [state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0") for _ in range(105)]
    clock.advance(seconds=61)
    assert sorted(sweep(clock.now).timed_out) == sorted(game.pk for game in games)
    assert Game.objects.filter(finished_at=clock.now, turn_started=None).count() == 105
