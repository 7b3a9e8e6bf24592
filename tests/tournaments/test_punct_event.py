"""A PÜNCT round robin end to end on the service (issue 39): the event created on the event form with
PÜNCT, four players registered, the three rounds of the Berger table paired, every game played on
the service turn by turn (a random legal turn each time) to its end by the rules, each finished
game's record verified, the pairings' results, the standings after each round and the PÜNCT rating
list.

Worked by hand: a round robin of four is three rounds of two boards, everyone meets everyone once;
a PÜNCT game gives 2 half-points in all (a win 2 and 0, a draw by the central hexagon 1 and 1), so
each round gives 4; the players are new (1,500, K 40 for everyone), so every game moves the two
ratings by the same amount in opposite directions and the four ratings still add up to 6,000.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.models import Player
from arbiter import registry
from games.models import Game, SubmittedRecord
from games.play import picks, service, state
from tests.conftest import CommittingClient, boards, next_round, start
from tournaments.models import Event, Rating, Round, Standing
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

FORM = {
    "name": "PÜNCT club night",
    "game": "punct",
    "pairing_system": "round-robin",
    "games_per_pairing": "1",
    "win_points": "1",
    "draw_points": "0.5",
    "loss_points": "0",
    "bye_points": "1",
    "rated": "on",
    "play_mode": "service",
    "time_control": "3d/15d",
}
NAMES = ["Ann", "Bob", "Cid", "Dan"]


def _play_out(game: Game, users: dict[str, User], rng: random.Random) -> None:
    """Random legal turns, each by the player to move, until the rules end the game; each picked
    as a player picks it (``games.picks``): a random point among those offered until the turns they
    lead to are listed, then one of them (a piece moved one time in five when there is one: the
    hands fill in some 40 turns, and moves bring pieces onto the central hexagon)."""
    while True:
        game.refresh_from_db()
        mover = state.player_to_move(game)
        if mover is None:
            return
        found = picks.picking(game)
        assert found is not None and found.count > 0
        pieces = [point for point in found.next if len(point) > 1]  # the pieces that may move
        kinds = [point for point in found.next if len(point) == 1]  # the kinds he may add
        if found.next:  # a kind or a piece first, then points until the turns are listed
            picked = (rng.choice(pieces if pieces and (not kinds or rng.random() < 0.2) else kinds),)
            found = picks.picking(game, picked)
            while found is not None and found.moves is None:
                picked += (rng.choice(found.next),)
                found = picks.picking(game, picked)
        assert found is not None and found.moves
        move = rng.choice(found.moves).notation
        service.make_move(game, users[mover.display_name], move, state.ply_of(game))


def _round_games(round_: Round) -> list[Game]:
    return list(
        Game.objects.filter(pairing_game__pairing__round=round_).order_by("pairing_game__pairing__board")
    )


def test_a_punct_round_robin_on_the_service_from_registration_to_ratings(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga = CommittingClient(django_capture_on_commit_callbacks)
    olga.force_login(organiser)
    assert 'value="punct"' in olga.get(reverse("tournaments:event-create")).content.decode()
    answer = olga.post(reverse("tournaments:event-create"), FORM)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event = Event.objects.get(name=FORM["name"])
    assert (event.game, event.play_mode) == ("punct", "service")
    users = {}
    for name in NAMES:
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        registration_services.register(
            event, organiser, Player.objects.create(display_name=name, handle=name.lower(), user=user)
        )
        users[name] = user

    rng = random.Random(39)
    points = dict.fromkeys(NAMES, 0)
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        round_ = start(event, organiser) if number == 1 else next_round(event, organiser)
        pairs = boards(round_)
        assert len(pairs) == 2 and all(black is not None for _, black in pairs)
        met |= {frozenset((white, str(black))) for white, black in pairs}
        for game in _round_games(round_):
            assert game.on_service and game.game == "punct" and game.position == registry.start("punct")
            with django_capture_on_commit_callbacks(execute=True):
                _play_out(game, users, rng)
            game.refresh_from_db()
            assert game.result in ("1-0", "0-1", "1/2-1/2")
            assert game.termination in ("connection", "last-piece", "limit", "blocked")
            verdict = registry.replay(game.record)
            assert verdict.valid and str(verdict.result) == game.result and verdict.plies == game.plies
            white, black = game.white.display_name, game.black.display_name
            points[white] += {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[game.result]
            points[black] += {"1-0": 0, "0-1": 2, "1/2-1/2": 1}[game.result]
        records = SubmittedRecord.objects.filter(game__pairing_game__pairing__round=round_)
        assert {(r.kind, r.status, r.applied) for r in records} == {("played", "valid", True)}
        with django_capture_on_commit_callbacks(execute=True):
            result_services.close_round(Round.objects.get(pk=round_.pk), organiser)
        standing = {
            row.registration.player.display_name: row.points
            for row in Standing.objects.filter(event=event, after_round=number).select_related(
                "registration__player"
            )
        }
        assert sum(standing.values()) == 2 * 2 * number  # half-points: two games of 2 a round
    assert len(met) == 6  # everyone met everyone
    assert standing == points
    rows = olga.get(reverse("api:event-standings", args=[event.slug])).json()
    assert {row["name"]: row["points_half"] for row in rows} == standing
    ratings = {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family="punct").select_related("player")
    }
    assert set(ratings) == set(NAMES) and {games for _, games in ratings.values()} == {3}
    assert sum(rating for rating, _ in ratings.values()) == 4 * 1500
    assert set(Rating.objects.values_list("family", flat=True)) == {"punct"}
    page = olga.get(reverse("tournaments:rating-list", args=["punct"]))
    assert page.status_code == 200 and "PÜNCT" in page.content.decode()
