"""A ZÈRTZ Swiss from end to end on the service (issue 37): the event created on the event form with
the tournament board (48 rings), four players with accounts registered, round 1 paired, published and
played through the HTTP play API (one game turn by turn to its end by the rules, the other drawn by
agreement through the draw offer), round 2 played elsewhere and its records submitted and verified;
standings count the draw as a half; the ZÈRTZ rating list follows.

Hand-worked: the games are the arbiter's random legal games (``random_record``): ZÈRTZ tournament
seed 0 is won by White (1-0, a goal), seed 2 by Black (0-1, a goal), seed 1 by White (1-0). Standings in
half-points: a win 2, a draw 1, a loss 0. Ratings (FIDE B.02 defaults): every player starts from
1,500 with no rated games, K = 40 and every expected score 0.5: after round 1 the winner has +20,
the loser -20, the two who drew 1,500.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.models import Game
from tests.conftest import boards, start
from tests.tournaments import game_events
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tests.tournaments.test_yinsh_swiss import api_of
from tournaments.models import Rating
from tournaments.pairing import edits

pytestmark = pytest.mark.django_db

GAME = "zertz-tournament"
FORM = game_events.event_form(
    "ZÈRTZ+11 Swiss", GAME, pairing_system="swiss-dutch", rounds="2", time_control="10+5"
)


def test_the_random_games_are_as_the_docstring_says() -> None:
    results = {seed: registry.replay(registry.random_record(GAME, seed)) for seed in (0, 1, 2)}
    assert {seed: (str(v.result), v.termination) for seed, v in results.items()} == {
        0: ("1-0", "goal"),
        1: ("1-0", "goal"),
        2: ("0-1", "goal"),
    }


def test_a_zertz_swiss_on_the_service(
    organiser: User, commit: Any, django_capture_on_commit_callbacks: Any
) -> None:
    web = Client()
    web.force_login(organiser)
    event = game_events.created_on_the_form(web, FORM)
    assert (event.game, event.rated) == (GAME, True)
    users = players_with_accounts(event, organiser, game_events.NAMES)
    round_ = start(event, organiser)
    edits.publish_round(round_, organiser)
    first = boards(round_)
    games = games_of_round(round_)
    assert [g.game for g in games] == [GAME, GAME] and all(g.on_service for g in games)
    clients = {user.username: api_of(user, django_capture_on_commit_callbacks) for user in users.values()}

    # board 1: the random game of seed 0, turn by turn through the play API, to White's goal
    game_events.play_through_the_api(games[0], clients, game_events.random_moves(GAME, 0))
    # board 2: two turns, then Black offers a draw and White accepts
    white2, black2 = (p.username for p in (games[1].white.user, games[1].black.user))  # type: ignore[union-attr]
    for ply, (who, move) in enumerate([(white2, "Wd4,h1"), (black2, "Gc3,a1")]):
        assert (
            clients[who]
            .post(f"/api/play/{games[1].pk}/move/", {"move": move, "expected_ply": ply})
            .status_code
            == 201
        )
    assert clients[black2].post(f"/api/play/{games[1].pk}/offer-draw/").status_code == 201
    assert clients[white2].post(f"/api/play/{games[1].pk}/accept-draw/").status_code == 200

    finished = Game.objects.get(pk=games[0].pk)
    assert (finished.result, finished.termination) == ("1-0", "goal")
    game_events.first_swiss_round_closed(event, round_, organiser, commit, "zertz", first)

    # round 2 is played elsewhere: the records are submitted and verified
    second = game_events.second_round_elsewhere(event, organiser, commit, GAME, first, (2, 1))
    (w1, b1), (w2, b2) = first
    (w3, b3), (w4, b4) = second
    expected = {w1: 2, b1: 0, w2: 1, b2: 1}
    expected[b3] += 2  # seed 2: Black wins
    expected[w4] += 2  # seed 1: White wins
    assert points(event, 2) == expected
    assert {r.rated_games for r in Rating.objects.filter(family="zertz")} == {2}
    assert Client().get(reverse("tournaments:rating-list", args=["zertz"])).status_code == 200
