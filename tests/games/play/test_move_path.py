"""A move's one straight path (issue 40): the walk of a move's ``expected_ply`` from the play API to
the stored move and its events enters no module of the project twice.

The walk is traced with ``sys.setprofile`` from the moment the play API's ``move`` runs until it
returns, the move's commit and what follows it (its events stored and sent) included. A module is
*entered* when a function of it is called from a function of another module of the project (the
frames of libraries, Django's and DRF's, are passed over to find who called): returning to the
caller is no entry, nor is a call within the module. Three kinds of room are walked as one room,
each entry counted, their insides not: the arbiter (the rules: its one call checks the move and
gives the position's status), the permission policy (``accounts.policy``: who may, with the roles it
asks the games for) and the apps above games (their listeners of the games' hooks: the notices).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from django_eventstream.models import Event
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Player
from arbiter import registry
from games.api.play import ServiceGameViewSet
from games.models import Game, Move
from games.play import state
from tests.conftest import PROJECT_ROOT

# Rooms walked as one: the rules, the policy, the apps above games.
OPAQUE = ("arbiter/", "accounts/policy.py", "personal/", "tournaments/")


def room_of(code: CodeType) -> str | None:
    """The module of the project a function's code is in (a room walked as one: its name), None for
    a library's, a test's or code made at run time."""
    path = Path(code.co_filename)
    if not path.is_absolute() or not path.is_relative_to(PROJECT_ROOT):
        return None
    relative = path.relative_to(PROJECT_ROOT).as_posix()
    if relative.startswith((".venv/", "tests/")):
        return None
    return next((room.rstrip("/") for room in OPAQUE if relative.startswith(room)), relative)


class Walk:
    """The entries into the project's modules while ``start``'s function runs, in order."""

    def __init__(self, start: CodeType) -> None:
        self.start = start
        self.active: FrameType | None = None
        self.entries: list[tuple[str, str, str | None]] = []  # (module, function, entered from)

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "return" and frame is self.active:
            self.active = None
        if event != "call":
            return
        if self.active is None:
            if frame.f_code is self.start:
                self.active = frame
                self.entries.append((room_of(frame.f_code) or "", frame.f_code.co_name, None))
            return
        room = room_of(frame.f_code)
        if room is None:
            return
        caller, below = frame.f_back, None
        while caller is not None and below is None:
            below = room_of(caller.f_code)
            caller = caller.f_back
        inside = frame.f_back
        while inside is not None and inside is not self.active:
            if (room_of(inside.f_code) or "").endswith(tuple(r.rstrip("/") for r in OPAQUE)):
                return  # inside a room walked as one
            inside = inside.f_back
        if room != below:
            self.entries.append((room, frame.f_code.co_name, below))

    def twice(self) -> dict[str, int]:
        counted = Counter(room for room, _name, _from in self.entries)
        return {room: count for room, count in counted.items() if count > 1}


@contextmanager
def walking(start: Callable[..., Any]) -> Iterator[Walk]:
    walk = Walk(start.__code__)
    sys.setprofile(walk)
    try:
        yield walk
    finally:
        sys.setprofile(None)


def _player(name: str) -> tuple[User, Player]:
    user = User.objects.create_user(name.lower())
    return user, Player.objects.create(display_name=name, handle=name.lower(), user=user)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", ["dvonn", "gipf-standard"])
def test_a_move_s_walk_enters_no_module_twice(key: str) -> None:
    """A game of ``5+3`` whose clocks run (both first moves played): White's third move through
    the play API, with Black's stream events stored after it (no Redis: this process's streams)."""
    (ann, white), (bob, black) = _player("Ann"), _player("Bob")
    game = state.create_service_game(white, black, key, "5+3")
    api = {user.pk: APIClient() for user in (ann, bob)}
    for user in (ann, bob):
        api[user.pk].credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    position = game.position
    for ply in range(3):
        move = registry.legal_moves(position)[0].notation
        mover = ann if ply % 2 == 0 else bob
        if ply < 2:
            answer = api[mover.pk].post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply})
        else:
            with walking(ServiceGameViewSet.move) as walk:
                answer = api[mover.pk].post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply})
        assert answer.status_code == 201, answer.json()
        position = registry.play(position, move).position
    assert Move.objects.filter(game=game).count() == 3
    assert Game.objects.get(pk=game.pk).turn_started <= timezone.now()
    stored = Event.objects.filter(channel=f"game-{game.pk}", type="move").order_by("-eid").first()
    assert stored is not None and '\\"ply\\": 3' in stored.data
    rooms = [room for room, _name, _from in walk.entries]
    # the path as the issue draws it: the API, the service, the arbiter's one call, the events after commit
    for room in ("games/api/play.py", "games/play/service.py", "arbiter", "games/live/batch.py"):
        assert room in rooms, walk.entries
    assert rooms.index("games/play/service.py") < rooms.index("arbiter") < rooms.index("games/live/batch.py")
    assert walk.twice() == {}, walk.entries


@pytest.mark.django_db
def test_the_walk_finds_a_module_entered_twice() -> None:
    """The walk itself: a function asking ``games.play.state`` twice enters it twice, and the rules'
    room once a call however deep the arbiter goes."""
    _ann, white = _player("Ann")
    _bob, black = _player("Bob")
    game = state.create_service_game(white, black, "dvonn", "5+3")

    def asks_twice() -> None:
        state.to_move(game)
        state.clocks_at(game)
        registry.status(game.position)

    with walking(asks_twice) as walk:
        asks_twice()
    assert walk.twice() == {"games/play/state.py": 2}
    assert [room for room, _name, _from in walk.entries].count("arbiter") == 1
