"""Flags fall on time through a real worker (``games.flags``): each game's task, scheduled when the
game starts for the moment its player to move runs out, ends it within 2 s of that moment, for one
game and for many flagging together; nobody reads the games and no sweep runs meanwhile (no beat).

The games start with ``1+0`` and White's clock cut to a few seconds before they are stored (the
shortest clock a time control writes is a minute), so the flags fall while the test waits.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from accounts.models import Player
from games import play
from games.models import Game
from tests.integration.conftest import Workers, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

TOLERANCE = timedelta(seconds=2)


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
        fields: dict[str, Any] = play.playable("dvonn", "1+0")
        fields["white_time"] = timedelta(seconds=white_seconds)
        # its clock running, as after both first moves (games.aborts)
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


def test_many_flags_falling_together_end_their_games_within_two_seconds(workers: Workers) -> None:
    """Twenty games whose flags fall within a second (the bench flags 200: docs/performance.md),
    after a first game ended the worker's first task (its imports are not the flags' delay)."""
    workers.start()
    _flag_delays(_games(1, white_seconds=0.5), timeout=30)
    wait_for(lambda: Game.objects.filter(termination="time").exists(), what="the first game's verification")
    started = time.monotonic()
    games = _games(20, white_seconds=4)
    assert time.monotonic() - started < 5, "the games took too long to create for the test"
    delays = _flag_delays(games, timeout=60)
    assert delays[0] >= 0 and delays[-1] <= TOLERANCE.total_seconds(), delays
    assert timezone.now() - games[0].turn_started < timedelta(seconds=60)  # not the sweep nor a minute
