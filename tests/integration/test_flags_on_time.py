"""Flags fall on time through a real worker (``games.play.flags``): each game's task, scheduled when the
game starts for the moment its player to move runs out, ends it within 2 s of that moment, for one
game and for many flagging together; nobody reads the games and no sweep runs meanwhile (no beat).

The games start with ``1+0`` and White's clock cut to a few seconds before they are stored (the
shortest clock a time control writes is a minute), so the flags fall while the test waits. The 200
games of a league's round (the issue's case) start with ``15+0`` and have their clocks cut once
their round is published.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import DateTimeField, F, Value
from django.utils import timezone
from django_eventstream.models import Event

from accounts.models import Player
from games.live import game_events
from games.models import Game
from games.play import flags, state
from tests.integration.conftest import Workers, wait_for
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.pairing import services as pairing_services
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db(transaction=True)

TOLERANCE = timedelta(seconds=2)
# The league's round: its boards, and the games flagged first that each worker process has run a
# task before (its first imports are not the flags' delay), the last of them alone.
BOARDS, WARM = 200, 3
# The 200 flags fall this far after their clocks are cut: every task is queued by then.
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


def test_one_flag_ends_its_game_within_two_seconds(workers: Workers) -> None:
    workers.start()
    (game,) = _games(1, white_seconds=4)
    assert Game.objects.get(pk=game.pk).finished_at is None
    (delay,) = _flag_delays([game], timeout=30)
    assert 0 <= delay <= TOLERANCE.total_seconds(), delay
    ended = wait_for(lambda: Game.objects.filter(pk=game.pk, termination="time").first(), what="verification")
    assert ended.result == "0-1" and ended.white_time <= timedelta(0)


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
    """White's clock of each game cut to run out at ``at`` (one update), each game's task scheduled
    for it as a move would (``games.play.flags.schedule``)."""
    ids = [game.pk for game in games]
    Game.objects.filter(pk__in=ids).update(
        white_time=Value(at, output_field=DateTimeField()) - F("turn_started")
    )
    for game in Game.objects.filter(pk__in=ids):
        flags.schedule(game, 0)
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


def test_two_hundred_flags_of_a_round_falling_together(workers: Workers) -> None:
    """The issue's case: a league round of 200 boards whose White flags all fall at the same moment,
    through a worker of two processes as docs/deployment.md runs it. Every game is lost on time, each
    ``end`` event stored once, and the stored ends (the game's ``finished_at``, when its
    transaction judged it; its ``end`` event's storing, when its watchers can have it) never before
    the flag and within 2 s of it; every pairing then gets its game's result (the second step of the
    ends, ``games.play.carrying``, under the round's lock, after the watchers were told)."""
    games = _league_round(BOARDS + WARM)
    warm, alone, many = games[: WARM - 1], games[WARM - 1 : WARM], games[WARM:]
    workers.start(processes=2)
    _ends(_fall_at(warm, timezone.now() + timedelta(seconds=1)), timeout=60)  # each process's first task
    _ends(_fall_at(alone, timezone.now() + timedelta(seconds=2)), timeout=60)
    due = _fall_at(many, timezone.now() + AHEAD)
    ends, events = _ends(due, timeout=600)
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
