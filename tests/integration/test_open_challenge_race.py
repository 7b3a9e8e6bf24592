"""An open challenge raced on PostgreSQL (issue 31): ten players accept the same open challenge at
once; the challenge's row is locked on acceptance, so one game is created and every other acceptance
is a 409 saying it was accepted; none is a 500."""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Challenge, Game
from games.play import challenges
from tests.integration.test_concurrency import at_once, logged_in

pytestmark = pytest.mark.integration


def test_ten_players_accepting_one_open_challenge_make_one_game(transactional_db: None) -> None:
    users = [User.objects.create_user(f"racer{i}", password=f"pw-racer{i}-12345") for i in range(11)]
    for i, user in enumerate(users):
        Player.objects.create(display_name=f"Racer {i}", handle=f"racer{i}", user=user)
    sent = challenges.challenge(users[0], "", "dvonn", "5+3", colour="white")
    clients = [logged_in(user) for user in users[1:]]

    def accept(index: int) -> int:
        return clients[index].post(f"/api/play/challenges/{sent.pk}/accept/").status_code

    codes = Counter(at_once(10, accept))
    assert codes == {201: 1, 409: 9}, codes
    game = Game.objects.get()
    taken = Challenge.objects.get()
    assert (taken.status, taken.played_id, game.white.handle) == ("accepted", game.pk, "racer0")
    assert game.black_id == taken.challenged_id and taken.challenged.handle != "racer0"
