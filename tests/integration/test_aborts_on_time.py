"""A casual game whose first move never comes is aborted on time by beat's clocks' ticker
(``games.play.aborts``, ``games.play.flags``): the moment White's first move is due is the game's flag's
moment (``Game.flag_at``), and the ticker aborts it within 2 s of that moment; nobody reads the game,
no task was queued for it and no sweep runs meanwhile.

The game is created with its first move due 4 s ahead (the window a setting gives is 3 minutes), once
the ticker has ended a first game (beat's start is no delay of the abort).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from games.play import state
from tests.integration.conftest import Workers, wait_for
from tests.integration.test_flags_on_time import _player, _ticking

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_game_never_started_is_aborted_within_two_seconds_of_its_moment(
    workers: Workers, tmp_path: Path
) -> None:
    _ticking(workers, tmp_path / "beat")
    fields: dict[str, Any] = state.playable("dvonn", "1+0")
    fields["first_move_by"] = timezone.now() + timedelta(seconds=4)
    game = Game.objects.create(
        origin=Game.Origin.SERVICE, white=_player("ann"), black=_player("bob"), **fields
    )
    ended = wait_for(
        lambda: Game.objects.filter(pk=game.pk, finished_at__isnull=False).first(),
        timeout=30,
        what="the game to be aborted",
    )
    delay = (ended.finished_at - fields["first_move_by"]).total_seconds()
    assert 0 <= delay <= 2, delay
    assert (ended.state, ended.result, ended.termination) == ("aborted", "", "aborted")
