"""The time warning's moment (issue 36: every White of a 5+3 round lost on time unaware): kept on the
game (``Game.warn_at``, computed by every save that changes the clock), acted on in time by the
clocks' ticker (``tests/games/play/test_flags.py``), by a read of the game on the embedded default, and by
the sweep, from the indexed moment.

Figures worked by hand from the time controls: a live clock warns under a minute, or a fifth of its
initial time when that is less (1+0: 12 s; 5+3: 60 s; 15+10: 60 s); a correspondence clock under 24
hours, or a tenth of what it banks at most when that is less (1d/2d: 4 h 48 min; 3d/15d: 24 h).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from accounts.models import Notice
from common.sweep import sweep
from games.models import Game
from games.play import clocks, flags, service, state
from tests.games.play.test_play import api_of, moves_of
from tests.games.play.timing import Clock, clocks_from_creation, people_named

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]
__all__ = ["clocks_from_creation"]


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob")


T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("control", "warning"),
    [
        ("1+0", timedelta(seconds=12)),
        ("3+2", timedelta(seconds=36)),
        ("5+3", timedelta(seconds=60)),
        ("15+10", timedelta(seconds=60)),
        ("1d/2d", timedelta(hours=4, minutes=48)),
        ("3d/15d", timedelta(hours=24)),
    ],
)
def test_the_warning_of_each_time_control(control: str, warning: timedelta) -> None:
    parsed = clocks.parse(control)
    assert parsed is not None and parsed.warning == warning
    # a move started with 100 s more than the warning: warned 100 s into it
    assert flags.warning_moment(T0, warning + timedelta(seconds=100), parsed.warning) == T0 + timedelta(
        seconds=100
    )
    # started under it already (warned as it fell, in an earlier move): not again
    assert flags.warning_moment(T0, warning, parsed.warning) is None
    assert (
        flags.warning_moment(T0, warning, None) is None
        and flags.warning_moment(None, warning, parsed.warning) is None
    )


def test_the_moment_follows_every_change_of_the_clock(people: dict[str, Any], clock: Clock) -> None:
    """5+3: Ann's at 240 s; she moves at 40 s (303 s left after her increment), Bob's at 40 + 240 s;
    over, none."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    start = clock.now
    assert Game.objects.get(pk=game.pk).warn_at == start + timedelta(seconds=240)
    clock.advance(seconds=40)
    service.make_move(game, people["ann"], moves_of("dvonn", 0)[0], 0)
    assert Game.objects.get(pk=game.pk).warn_at == start + timedelta(seconds=280)
    service.resign(Game.objects.get(pk=game.pk), people["bob"])
    assert Game.objects.get(pk=game.pk).warn_at is None
    assert Game.objects.filter(warn_at__isnull=False).count() == 0


def test_a_read_on_the_embedded_default_warns_in_time(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """No task runs on the embedded default: the page's poll of the game (the play API) warns Ann at
    241 s with 59 s left, once."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    api = api_of(people["bob"], django_capture_on_commit_callbacks)
    clock.advance(seconds=239)
    assert api.get(f"/api/play/{game.pk}/").status_code == 200
    assert not Notice.objects.filter(kind=Notice.TIME_WARNING).exists()
    clock.advance(seconds=2)
    assert api.get(f"/api/play/{game.pk}/").status_code == 200
    assert api.get(f"/api/play/{game.pk}/").status_code == 200
    told = Notice.objects.filter(recipient=people["ann"], kind=Notice.TIME_WARNING)
    assert list(told.values_list("text", flat=True)) == [
        "Only 59 seconds left on your clock in Ann – Bob: move before it runs out"
    ]


def test_the_sweep_warns_every_game_due_from_the_index(people: dict[str, Any], clock: Clock) -> None:
    """Three 1+0 games warn at 48 s (12 s left), a 5+3 game at 240 s: at 50 s the three are due."""
    quick = [state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1+0") for _ in range(3)]
    slow = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    clock.advance(seconds=50)
    assert sorted(sweep(clock.now).time_warned) == sorted(game.pk for game in quick)
    assert sweep(clock.now).time_warned == []  # once a move
    assert flags.warn_due(clock.now) == []
    assert Game.objects.get(pk=slow.pk).warn_at == clock.now - timedelta(seconds=50) + timedelta(seconds=240)


def test_a_vacation_moves_the_warning_later(people: dict[str, Any], clock: Clock) -> None:
    """3d/15d: Ann's warning at 48 h; on vacation from 0 h, her clock is paused: at 48 h she still
    has 3 days, the warning is put 2 days later."""
    from games.play import vacations

    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    vacations.start(people["ann"])
    clock.advance(hours=48)
    assert flags.warn_due(clock.now) == []
    assert Game.objects.get(pk=game.pk).warn_at == clock.now + timedelta(hours=48)
