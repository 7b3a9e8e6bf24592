"""Flags fall on time through beat's clocks' ticker (``games.play.flags``, ``common.ticker``): each
game's flag's moment is kept on it (``Game.flag_at``, written with it as a move writes it), and the
ticker ends it within 1 s of that moment, seen by its watchers (its ``end`` event stored), for one
game alone and for a round of 200 flagging together; no move queues a task, nobody reads the games
and no sweep runs meanwhile (its interval set beyond the test). A worker carries the results. The
same ticker warns a player within 1 s of his time warning's moment (``Game.warn_at``, issue 36).

The games start with ``1+0`` and White's clock cut to a few seconds before they are stored (the
shortest clock a time control writes is a minute), so the flags fall while the test waits. The 200
games of a league's round (the issue's case) start with ``15+0`` and have their clocks cut once
their round is published.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import DateTimeField, F, Value
from django.utils import timezone
from django_eventstream.models import Event

from accounts.models import Notice, Player
from games.live import game_events
from games.models import Game
from games.play import state
from tests.integration.conftest import Workers, wait_for
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db(transaction=True)

TOLERANCE = timedelta(seconds=1)
# The league's round: its boards, and the games flagged first that each worker process has carried
# a result before (its first imports are not the results' delay), the last of them alone.
BOARDS, WARM = 200, 3
# The 200 flags fall this far after their clocks are cut: the ticker has seen their moment by then.
AHEAD = timedelta(seconds=8)


def _player(name: str) -> Player:
    found = Player.objects.filter(handle=name).first()
    if found is not None:
        return found
    user = User.objects.create_user(name, password=f"pw-{name}-12345")
    return Player.objects.create(display_name=name.title(), handle=name, user=user)


def _games(count: int, white_seconds: float) -> list[Game]:
    """``count`` games, White to move with ``white_seconds`` left from now (their tasks scheduled)."""
    ann, bob = _player("ann"), _player("bob")
    games = []
    for _ in range(count):
        fields: dict[str, Any] = state.playable("dvonn", "1+0")
        fields["white_time"] = timedelta(seconds=white_seconds)
        # its clock running, as after both first moves (games.play.aborts)
        fields |= {"turn_started": timezone.now(), "first_move_by": None}
        games.append(Game.objects.create(origin=Game.Origin.SERVICE, white=ann, black=bob, **fields))
    return games


def _flag_delays(games: list[Game], timeout: float) -> list[float]:
    ids = [game.pk for game in games]
    wait_for(
        lambda: Game.objects.filter(pk__in=ids, finished_at__isnull=False).count() == len(ids),
        timeout=timeout,
        what=f"{len(ids)} games to end on time",
    )
    return sorted(
        (game.finished_at - (game_before.turn_started + game_before.white_time)).total_seconds()
        for game_before in games
        for game in [Game.objects.get(pk=game_before.pk)]
    )


def _ticking(workers: Workers, schedule: Path, processes: int = 0) -> None:
    """A worker (the results carried) and beat (its process runs the clocks' ticker), once the
    ticker has ended a first game (its process's start is not a flag's delay)."""
    workers.start(processes=processes)
    workers.start_beat(schedule, SWEEP_INTERVAL="3600")  # the ticker alone ends the flags
    (first,) = _games(1, white_seconds=1)
    _flag_delays([first], timeout=120)


def test_one_flag_alone_is_seen_ended_within_a_second(workers: Workers, tmp_path: Path) -> None:
    _ticking(workers, tmp_path / "beat")
    (game,) = _games(1, white_seconds=3)
    assert Game.objects.get(pk=game.pk).finished_at is None
    due = {game.pk: game.turn_started + game.white_time}
    ends, events = _ends(due, timeout=30)
    print(f"\none flag: stored end {ends[0]:.3f} s, end event {events[0]:.3f} s after the flag")  # noqa: T201
    assert 0 <= ends[0] <= TOLERANCE.total_seconds(), ends
    assert 0 <= events[0] <= TOLERANCE.total_seconds(), events
    ended = wait_for(lambda: Game.objects.filter(pk=game.pk, termination="time").first(), what="the end")
    assert ended.result == "0-1" and ended.white_time <= timedelta(0)
    wait_for(lambda: not Game.objects.filter(pk=game.pk).exclude(to_carry="").exists(), what="its carrying")


def test_a_live_player_is_warned_within_a_second_of_his_warning_s_moment(
    workers: Workers, tmp_path: Path
) -> None:
    """1+0 warns under 12 s (a fifth of the minute, docs/notices.md): White starts his move with 15 s,
    so his warning's moment is 3 s in; beat's ticker warns him (his notice stored) within 1 s of it,
    nobody reading the game, no sweep, no task queued by anything."""
    _ticking(workers, tmp_path / "beat")
    (game,) = _games(1, white_seconds=15)
    stored = Game.objects.get(pk=game.pk)
    assert stored.warn_at == stored.turn_started + timedelta(seconds=3)  # kept by the save
    told = wait_for(
        lambda: Notice.objects.filter(recipient__username="ann", kind=Notice.TIME_WARNING).first(),
        timeout=30,
        what="Ann's time warning",
    )
    late = (told.created_at - stored.warn_at).total_seconds()
    assert 0 <= late <= TOLERANCE.total_seconds(), late
    assert Game.objects.get(pk=game.pk).finished_at is None  # warned before his flag


def _league_round(boards: int) -> list[Game]:
    """Round 1 of a round robin of ``2 * boards`` players played on the service (DVONN, ``15+0``):
    published at once, its games created with White's clocks running."""
    organiser = User.objects.create_user("olga")
    event = event_services.create_event(
        organiser,
        name="League night",
        game="dvonn",
        pairing_system="round-robin",
        play_mode="service",
        time_control="15+0",  # long enough for the setup under load: the test cuts the clocks
    )
    for number in range(2 * boards):
        registration_services.register(event, organiser, _player(f"p{number:03d}"))
    round_ = pairing_services.pair_round_now(event_services.start_event(event, organiser).pk)
    games = Game.objects.filter(pairing_game__pairing__round=round_)
    # their clocks running, as after both first moves (games.play.aborts)
    games.update(turn_started=timezone.now(), first_move_by=None)
    return list(games.order_by("pk"))


def _fall_at(games: list[Game], at: datetime) -> dict[int, datetime]:
    """White's clock of each game cut to run out at ``at`` (one update), its flag's moment with it as
    a move writes it (``Game.flag_at``)."""
    ids = [game.pk for game in games]
    Game.objects.filter(pk__in=ids).update(
        white_time=Value(at, output_field=DateTimeField()) - F("turn_started"), flag_at=at
    )
    return dict.fromkeys(ids, at)


def _ends(due: dict[int, datetime], timeout: float) -> tuple[list[float], list[float]]:
    """Once every game's ``end`` event is stored: each game's stored end and its end event's, less
    its flag's moment (s)."""
    channels = {game_events.channel_of(pk): pk for pk in due}
    wait_for(
        lambda: Event.objects.filter(channel__in=list(channels), type=game_events.END).count() == len(due),
        timeout=timeout,
        what=f"the end events of {len(due)} games",
    )
    ended = dict(Game.objects.filter(pk__in=list(due)).values_list("pk", "finished_at"))
    told = Event.objects.filter(channel__in=list(channels), type=game_events.END).values_list(
        "channel", "created"
    )
    return (
        sorted((ended[pk] - at).total_seconds() for pk, at in due.items()),
        sorted((created - due[channels[channel]]).total_seconds() for channel, created in told),
    )


def test_two_hundred_flags_of_a_round_falling_together(workers: Workers, tmp_path: Path) -> None:
    """The issue's case: a league round of 200 boards whose White flags all fall at the same moment,
    beat's ticker ending them and a worker of two processes, as docs/deployment.md runs it, carrying their
    results. Every game is lost on time, each ``end`` event stored once, and the stored ends (the
    game's ``finished_at``, when its transaction judged it; its ``end`` event's storing, when its
    watchers can have it) never before the flag and within 1 s of it; every pairing then gets its
    game's result (the second step of the ends, ``games.play.carrying``, under the round's lock,
    after the watchers were told)."""
    games = _league_round(BOARDS + WARM)
    warm, alone, many = games[: WARM - 1], games[WARM - 1 : WARM], games[WARM:]
    _ticking(workers, tmp_path / "beat", processes=2)
    _ends(_fall_at(warm, timezone.now() + timedelta(seconds=1)), timeout=60)  # each process's first carry
    _ends(_fall_at(alone, timezone.now() + timedelta(seconds=2)), timeout=60)
    due = _fall_at(many, timezone.now() + AHEAD)
    ends, events = _ends(due, timeout=600)
    print(  # noqa: T201
        f"\n{len(ends)} flags: stored end p50 {ends[len(ends) // 2]:.3f} s, max {ends[-1]:.3f} s;"
        f" end event p50 {events[len(events) // 2]:.3f} s, max {events[-1]:.3f} s"
    )
    assert ends[0] >= 0 and events[0] >= 0, (ends[0], events[0])
    assert ends[-1] <= TOLERANCE.total_seconds() and events[-1] <= TOLERANCE.total_seconds(), (
        ends[len(ends) // 2],
        ends[-1],
        events[len(events) // 2],
        events[-1],
    )
    ended = Game.objects.filter(pk__in=list(due))
    assert {(g.termination, g.result) for g in ended} == {("time", "0-1")}
    wait_for(
        lambda: not Pairing.objects.filter(games__in=list(due)).exclude(results="0-1").exists(),
        timeout=120,
        what="every pairing to have its game's result",
    )
    assert not ended.exclude(to_carry="").exists()
    assert ended.filter(state=Game.State.OFFICIAL).count() == BOARDS
    assert (
        Event.objects.filter(
            channel__in=[game_events.channel_of(pk) for pk in due], type=game_events.END
        ).count()
        == BOARDS
    )
