"""A casual game whose first move never comes is aborted on time through a real worker
(``games.play.aborts``): the task scheduled when the game is created, for the moment White's first move is
due, aborts it within 2 s of that moment; nobody reads the game and no sweep runs meanwhile.

The game is created with its first move due 4 s ahead (the window a setting gives is 3 minutes).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game
from games.play import state
from tests.integration.conftest import Workers, wait_for
from tests.integration.test_flags_on_time import _player

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_game_never_started_is_aborted_within_two_seconds_of_its_moment(workers: Workers) -> None:
    workers.start()
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
