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
from games.models import Game, SubmittedRecord
from games.records.services import submit_record
from tests.conftest import boards, next_round, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tests.tournaments.test_yinsh_swiss import api_of
from tournaments.models import Event, Pairing, Rating
from tournaments.pairing import edits
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

GAME = "zertz-tournament"
FORM = {
    "name": "ZÈRTZ+11 Swiss",
    "game": GAME,
    "pairing_system": "swiss-dutch",
    "rounds": "2",
    "games_per_pairing": "1",
    "win_points": "1",
    "draw_points": "0.5",
    "loss_points": "0",
    "bye_points": "1",
    "rated": "on",
    "play_mode": "service",
    "time_control": "10+5",
}


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
    made = web.post(reverse("tournaments:event-create"), FORM)
    assert made.status_code == 302, made.content.decode()[:2000]
    event = Event.objects.get(name=FORM["name"])
    assert (event.game, event.rated) == (GAME, True)
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    edits.publish_round(round_, organiser)
    first = boards(round_)
    games = games_of_round(round_)
    assert [g.game for g in games] == [GAME, GAME] and all(g.on_service for g in games)
    clients = {user.username: api_of(user, django_capture_on_commit_callbacks) for user in users.values()}

    # board 1: the random game of seed 0, turn by turn through the play API, to White's goal
    _verdict, plies = registry.replay_traced(registry.random_record(GAME, 0))
    for ply, step in enumerate(plies):
        seen = clients["ann"].get(f"/api/play/{games[0].pk}/").json()
        answer = clients[seen["to_move"]].post(
            f"/api/play/{games[0].pk}/move/", {"move": step.move, "expected_ply": ply}
        )
        assert answer.status_code == 201, answer.json()
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

    pairings = list(round_.pairings.order_by("board"))
    assert [(p.results, p.white_score, p.black_score, p.source) for p in pairings] == [
        ("1-0", 2, 0, Pairing.Source.VERIFIED),
        ("1/2-1/2", 1, 1, Pairing.Source.VERIFIED),
    ]
    finished = Game.objects.get(pk=games[0].pk)
    assert (finished.result, finished.termination) == ("1-0", "goal")
    commit(result_services.close_round, round_, organiser)
    (w1, b1), (w2, b2) = first
    assert points(event, 1) == {w1: 2, b1: 0, w2: 1, b2: 1}
    rated = {
        r.player.display_name: (r.rating, r.rated_games)
        for r in Rating.objects.filter(family="zertz").select_related("player")
    }
    assert rated == {w1: (1520, 1), b1: (1480, 1), w2: (1500, 1), b2: (1500, 1)}

    # round 2 is played elsewhere: the records are submitted and verified
    second_round = next_round(event, organiser)
    edits.set_round_play(second_round, organiser, "elsewhere", "")
    edits.publish_round(second_round, organiser)
    second = boards(second_round)
    assert {frozenset(pair) for pair in second}.isdisjoint({frozenset(pair) for pair in first})  # no rematch
    for pairing, seed in zip(second_round.pairings.order_by("board"), (2, 1), strict=True):
        assert pairing.black is not None
        names = {"White": pairing.white.player.display_name, "Black": pairing.black.player.display_name}
        commit(submit_record, pairing, organiser, registry.random_record(GAME, seed, names), 1)
    assert {
        r.status for r in SubmittedRecord.objects.filter(game__pairing_game__pairing__round=second_round)
    } == {"valid"}
    commit(result_services.close_round, second_round, organiser)
    (w3, b3), (w4, b4) = second
    expected = {w1: 2, b1: 0, w2: 1, b2: 1}
    expected[b3] += 2  # seed 2: Black wins
    expected[w4] += 2  # seed 1: White wins
    assert points(event, 2) == expected
    assert {r.rated_games for r in Rating.objects.filter(family="zertz")} == {2}
    assert Client().get(reverse("tournaments:rating-list", args=["zertz"])).status_code == 200
