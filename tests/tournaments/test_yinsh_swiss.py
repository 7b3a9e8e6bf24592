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
from rest_framework.authtoken.models import Token

from arbiter import registry
from games.models import Game, SubmittedRecord
from games.records.services import submit_record
from tests.conftest import CommittingAPIClient, boards, make_swiss, next_round, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Pairing, Rating
from tournaments.pairing import edits
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


def api_of(user: User, capture: Any) -> CommittingAPIClient:
    api = CommittingAPIClient(capture)
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return api


def play_through_the_api(game: Game, users: dict[str, User], seed: int, capture: Any) -> None:
    clients = {user.username: api_of(user, capture) for user in users.values()}
    _verdict, plies = registry.replay_traced(registry.random_record("yinsh", seed))
    for ply, step in enumerate(plies):
        seen = clients["ann"].get(f"/api/play/{game.pk}/").json()
        answer = clients[seen["to_move"]].post(
            f"/api/play/{game.pk}/move/", {"move": step.move, "expected_ply": ply}
        )
        assert answer.status_code == 201, answer.json()


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
    pairings = list(round_.pairings.order_by("board"))
    assert [(p.results, p.white_score, p.black_score, p.source) for p in pairings] == [
        ("1-0", 2, 0, Pairing.Source.VERIFIED),
        ("1/2-1/2", 1, 1, Pairing.Source.VERIFIED),
    ]
    commit(result_services.close_round, round_, organiser)
    (w1, b1), (w2, b2) = first
    assert points(event, 1) == {w1: 2, b1: 0, w2: 1, b2: 1}
    rated = {
        r.player.display_name: (r.rating, r.rated_games)
        for r in Rating.objects.filter(family="yinsh").select_related("player")
    }
    assert rated == {w1: (1520, 1), b1: (1480, 1), w2: (1500, 1), b2: (1500, 1)}

    # round 2 is played elsewhere: the records are submitted and verified
    second_round = next_round(event, organiser)
    edits.set_round_play(second_round, organiser, "elsewhere", "")
    edits.publish_round(second_round, organiser)
    assert games_of_round(second_round) == []
    second = boards(second_round)
    assert {frozenset(pair) for pair in second}.isdisjoint({frozenset(pair) for pair in first})  # no rematch
    for pairing, seed in zip(second_round.pairings.order_by("board"), (9, 2), strict=True):
        assert pairing.black is not None
        names = {"White": pairing.white.player.display_name, "Black": pairing.black.player.display_name}
        text = registry.random_record("yinsh", seed, names)
        commit(submit_record, pairing, organiser, text, 1)
    assert {
        r.status for r in SubmittedRecord.objects.filter(game__pairing_game__pairing__round=second_round)
    } == {"valid"}
    commit(result_services.close_round, second_round, organiser)
    (w3, b3), (w4, b4) = second
    expected = {w1: 2, b1: 0, w2: 1, b2: 1}
    expected[w3] += 1
    expected[b3] += 1
    expected[w4] += 2
    assert points(event, 2) == expected
    assert {r.rated_games for r in Rating.objects.filter(family="yinsh")} == {2}
