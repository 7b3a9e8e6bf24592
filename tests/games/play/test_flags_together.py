"""Flags falling together (``games.play.flags.end_fallen``) and their events published together
(``games.live.game_events.together``, ``games.live.batch``).

Differential: the same events published one by one through django-eventstream's ``send_event`` (as
``games.live.game_events`` does for a single move) and together through ``games.live.batch`` leave the same
rows (channel, id, kind, stored text, the placeholder of id 0 first) and send the same Redis
messages. The clocks are the time controls' definitions: ``1+0`` gives White 60 s; ``1d/2d`` a
day, and a vacation of 5 hours taken while White's clock runs leaves him 5 hours when the day is
over (``games.play.vacations``, as ``tests/games/play/test_vacations.py`` works it).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import override_settings
from django_eventstream import eventstream
from django_eventstream.models import Event, EventCounter

from accounts.errors import ServiceError
from games.live import batch, game_events, player_events
from games.models import Game
from games.play import flags, state, vacations
from tests.games.play.timing import Clock, clocks_from_creation, people_named

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]
__all__ = ["clocks_from_creation"]  # the fixture, imported to be found here

EVENTS = [
    ("game-7", "move", {"game": 7, "ply": 1, "move": "c3", "over": False}),
    ("player-1", "your-move", {"game": 7, "ply": 1}),
    ("game-7", "end", {"game": 7, "ply": 1, "move": None, "over": True, "result": "0-1", "how": "time"}),
    ("game-8", "move", {"game": 8, "ply": 0, "move": None, "seconds": 1.5}),
]


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob", "Cid")


def _rows() -> list[tuple[str, int, str, str]]:
    return list(Event.objects.order_by("channel", "eid").values_list("channel", "eid", "type", "data"))


def _counters() -> list[tuple[str, int]]:
    return list(EventCounter.objects.order_by("name").values_list("name", "value"))


def _forget() -> None:
    Event.objects.all().delete()
    EventCounter.objects.all().delete()


def test_events_published_together_are_stored_and_sent_as_one_by_one() -> None:
    """The library's send_event, one event at a time, against batch.publish_all, from an empty
    storage each: the same rows and the same Redis messages, in the same order."""
    redis = mock.Mock()
    pipeline = redis.pipeline.return_value
    with (
        override_settings(EVENTS_REDIS_URL="redis://127.0.0.1:1/0"),
        mock.patch.object(eventstream, "redis_client", redis),
        mock.patch.object(game_events, "END_LISTENERS", []),
    ):
        for channel, kind, data in EVENTS:
            eventstream.send_event(channel, kind, data)
        one_by_one, sent_alone = _rows(), [c.args for c in redis.publish.call_args_list]
        counted = _counters()
        _forget()
        assert batch.publish_all(list(EVENTS)) == len(EVENTS)
    assert _rows() == one_by_one
    assert _counters() == counted == [("game-7", 2), ("game-8", 1), ("player-1", 1)]
    assert [c.args for c in pipeline.publish.call_args_list] == sent_alone
    assert pipeline.execute.call_count == 1
    # by hand: each channel starts with its placeholder of id 0, the ids follow on per channel
    assert [(channel, eid, kind) for channel, eid, kind, _data in one_by_one] == [
        ("game-7", 0, ""),
        ("game-7", 1, "move"),
        ("game-7", 2, "end"),
        ("game-8", 0, ""),
        ("game-8", 1, "move"),
        ("player-1", 0, ""),
        ("player-1", 1, "your-move"),
    ]
    # and each goes on from the ids already stored
    batch.publish_all([EVENTS[0]])
    assert Event.objects.filter(channel="game-7").order_by("-eid").values_list("eid", flat=True)[0] == 3


def test_an_end_published_together_is_heard_by_its_players_streams(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0")
    data = {"game": game.pk, "ply": 0, "move": None, "over": True, "result": "0-1", "how": "time"}
    assert game_events.publish_together([(game_events.channel_of(game.pk), game_events.END, data)]) == 3
    for player in (people["Ann"], people["Bob"]):
        (stored,) = Event.objects.filter(
            channel=player_events.channel_of(player.pk), type=player_events.GAME_END
        )
        assert json.loads(json.loads(stored.data)) == data


def test_flags_falling_together_end_every_game_with_one_end_event_each(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """45 games of 1+0 whose White flags all fell (three transactions of 20, 20 and 5), and one whose
    end fails: it is left in play, with no event, to the next task or the sweep."""
    games = [state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0") for _ in range(46)]
    failing = games[7]
    clock.advance(seconds=60, milliseconds=50)
    real = flags.fall

    def fall(game: Game, now: Any, *rest: Any) -> bool:
        if game.pk == failing.pk:
            raise ServiceError("refused")
        return real(game, now, *rest)

    with (
        mock.patch.object(flags, "TOGETHER", 20),
        mock.patch.object(flags, "fall", fall),
        mock.patch.object(game_events, "publish_together", wraps=game_events.publish_together) as published,
        django_capture_on_commit_callbacks(execute=True),
    ):
        ended = flags.end_fallen()
    assert ended == [game.pk for game in games if game != failing]
    assert published.call_count == 3  # once a transaction
    assert (
        Game.objects.filter(pk__in=ended, result="0-1", termination="time", finished_at=clock.now).count()
        == 45
    )
    ends = Event.objects.filter(type=game_events.END)
    assert sorted(int(channel.split("-")[1]) for channel in ends.values_list("channel", flat=True)) == ended
    assert Game.objects.get(pk=failing.pk).finished_at is None
    assert not Event.objects.filter(channel=game_events.channel_of(failing.pk)).exclude(type="").exists()
    assert Event.objects.filter(type=player_events.GAME_END).count() == 2 * 45


def test_a_run_skips_the_games_another_run_ended(people: dict[str, Any], clock: Clock) -> None:
    first, second, third = (
        state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0") for _ in range(3)
    )
    clock.advance(seconds=61)
    due = flags.fallen(clock.now)
    assert due == [first.pk, second.pk, third.pk]
    flags.time_out(second.pk)  # another run ended it meanwhile
    with mock.patch.object(flags, "fallen", return_value=due):
        assert flags.end_fallen() == [first.pk, third.pk]


def test_a_game_whose_first_move_was_due_is_ended_with_the_fallen_flags(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """A casual game whose first move is due at 180 s (``GAME_START_LIVE``) and a running 1+0 game:
    at 181 s both are due; the first is aborted (no result), the second lost on time by White."""
    never_started, running = (
        state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0") for _ in range(2)
    )
    Game.objects.filter(pk=never_started.pk).update(
        turn_started=None, first_move_by=clock.now + timedelta(seconds=180)
    )
    clock.advance(seconds=179)
    assert flags.fallen(clock.now) == [running.pk]
    clock.advance(seconds=2)
    assert flags.fallen(clock.now) == [never_started.pk, running.pk]
    with django_capture_on_commit_callbacks(execute=True):
        assert flags.end_fallen() == [never_started.pk, running.pk]
    aborted, lost = Game.objects.get(pk=never_started.pk), Game.objects.get(pk=running.pk)
    assert (aborted.state, aborted.result) == (Game.State.ABORTED, "")
    assert (lost.result, lost.termination) == ("0-1", "time")


def test_a_flag_held_back_by_a_vacation_is_checked_again_when_it_can_fall(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """1d/2d: Ann's flag's moment comes at 24 h, but she was away 10 minutes: the ticker ends nothing
    and moves the moment on to 24 h 10 min (not left at the flag without vacations, already past: no
    look at it again and again); away again then, she is looked at again when her clock, standing,
    could run out at the soonest."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")
    clock.at(hours=2)
    commit(vacations.start, people["ann"])
    clock.at(hours=2, minutes=10)
    commit(vacations.end, people["ann"])
    clock.at(hours=24, milliseconds=50)
    assert flags.due(clock.now) == [game.pk]
    assert commit(flags.tick, clock.now) == {"timed_out": []}
    assert Game.objects.get(pk=game.pk).flag_at == clock.start + timedelta(hours=24, minutes=10)
    assert flags.due(clock.now) == []
    clock.at(hours=24, minutes=1)
    commit(vacations.start, people["ann"])  # away again, from 24:01
    clock.at(hours=24, minutes=10, milliseconds=50)
    assert commit(flags.tick, clock.now) == {"timed_out": []}
    # her clock ran from 24:00 to 24:01 and stands since: 9 minutes left, looked at 9 minutes on
    assert Game.objects.get(pk=game.pk).flag_at == clock.now + timedelta(minutes=9)
    assert Game.objects.get(pk=game.pk).finished_at is None


@pytest.mark.parametrize("values_at_most", [30_000, 40])
def test_games_closed_together_are_saved_in_one_statement_as_each_one_s_save_saves_it(
    people: dict[str, Any], clock: Clock, values_at_most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Differential: pairs of like games (``1+0``, White's clock cut to 10 to 50 s, one pair with its
    Black to move after White's first move, one with a clock of ``1d/2d``), every clock run out; one
    of each pair ended on time with its own save, the other with the rest in one statement
    (``games.play.ends.save_closed``, ``common.bulk.update_each``): every column but the id the same,
    the same ``end`` event, and the clocks as the time controls give them (Black 60 s untouched). With
    40 values a statement at most, the five games take three statements (two rows of 17 values each)."""
    from django.db import transaction

    from common import bulk
    from games.play import ends, service

    monkeypatch.setattr(bulk, "VALUES_AT_MOST", values_at_most)

    def like(cut: int, control: str = "1+0") -> Game:
        game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", control)
        if cut:
            Game.objects.filter(pk=game.pk).update(white_time=timedelta(seconds=cut))
        return game

    pairs = [(like(cut), like(cut)) for cut in (10, 30, 50)] + [(like(0, "1d/2d"), like(0, "1d/2d"))]
    moved = [like(0), like(0)]
    for game in moved:
        service.make_move(game, people["ann"], "a1", 0)
    pairs.append((moved[0], moved[1]))
    clock.advance(days=3)
    told: dict[str, list[Any]] = {"each": [], "together": []}
    with transaction.atomic():
        closed = []
        for alone, together in pairs:
            first, second = Game.objects.get(pk=alone.pk), Game.objects.get(pk=together.pk)
            told["each"].append(ends.end_on_time(first, clock.now)[2])
            told["together"].append(ends.end_on_time(second, clock.now, save=False)[2])
            closed.append(second)
        ends.save_closed(closed)
    for (alone, together), each, with_others in zip(pairs, told["each"], told["together"], strict=True):
        rows = [Game.objects.filter(pk=game.pk).values().get() for game in (alone, together)]
        assert {**with_others, "game": alone.pk} == each
        assert [{k: v for k, v in row.items() if k != "id"} for row in rows][0] == {
            k: v for k, v in rows[1].items() if k != "id"
        }
        assert (rows[1]["finished_at"], rows[1]["flag_at"], rows[1]["warn_at"]) == (clock.now, None, None)
        assert rows[1]["turn_started"] is None and rows[1]["to_carry"] == "time"
    stored = [Game.objects.get(pk=together.pk) for _alone, together in pairs]
    assert [(game.result, game.termination) for game in stored] == [("0-1", "time")] * 4 + [("1-0", "time")]
    assert [game.black_time for game in stored[:3]] == [timedelta(seconds=60)] * 3
