"""A YINSH Swiss from end to end on the service (issue 27): four players with accounts register,
round 1 is paired, published and played move by move through the HTTP play API, round 2 is
played elsewhere and its records submitted and verified; standings count a draw as a half, and
the YINSH rating list follows.

Hand-worked: the games played are the arbiter's random legal games (tests/games/test_yinsh.py):
seed 2 is won by White (1-0, by the markers, one ring to none), seed 9 is a draw by the markers
(one ring each). Standings in half-points: a win 2, a draw 1, a loss 0. Ratings (FIDE B.02
defaults): every player starts from 1,500 with no rated games, K = 40 and every expected score
is 0.5: after round 1 the winner has +20, the loser -20, the two who drew 1,500.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.conftest import boards, make_swiss, start
from tests.conftest import token_client as api_of
from tests.tournaments import game_events
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Rating
from tournaments.pairing import edits

pytestmark = pytest.mark.django_db


def play_through_the_api(game: Game, users: dict[str, User], seed: int, capture: Any) -> None:
    clients = {user.username: api_of(user, capture) for user in users.values()}
    game_events.play_through_the_api(game, clients, game_events.random_moves("yinsh", seed))


def test_a_yinsh_swiss_on_the_service(
    organiser: User, commit: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = make_swiss(
        organiser, "", rounds=2, name="YINSH Swiss", game="yinsh", play_mode="service", time_control="10+5"
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    edits.publish_round(round_, organiser)
    first = boards(round_)
    assert sorted(name for pair in first for name in pair if name) == ["Ann", "Bob", "Cid", "Dan"]
    games = games_of_round(round_)
    assert [g.game for g in games] == ["yinsh", "yinsh"] and all(g.on_service for g in games)

    play_through_the_api(games[0], users, 2, django_capture_on_commit_callbacks)  # White wins
    play_through_the_api(games[1], users, 9, django_capture_on_commit_callbacks)  # a draw
    game_events.first_swiss_round_closed(event, round_, organiser, commit, "yinsh", first)

    # round 2 is played elsewhere: the records are submitted and verified
    second = game_events.second_round_elsewhere(event, organiser, commit, "yinsh", first, (9, 2))
    (w1, b1), (w2, b2) = first
    (w3, b3), (w4, b4) = second
    expected = {w1: 2, b1: 0, w2: 1, b2: 1}
    expected[w3] += 1
    expected[b3] += 1
    expected[w4] += 2
    assert points(event, 2) == expected
    assert {r.rated_games for r in Rating.objects.filter(family="yinsh")} == {2}
