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

from arbiter import registry
from games.models import Game
from games.play import picks
from tests.tournaments import game_events
from tests.tournaments.results.test_rounds_on_service import games_of_round, points

pytestmark = pytest.mark.django_db

FORM = game_events.event_form("PÜNCT club night", "punct")
NAMES = game_events.NAMES


def _play_out(game: Game, users: dict[str, User], rng: random.Random) -> None:
    """Random legal turns, each by the player to move, until the rules end the game; each picked
    as a player picks it (``games.picks``): a random point among those offered until the turns they
    lead to are listed, then one of them (a piece moved one time in five when there is one: the
    hands fill in some 40 turns, and moves bring pieces onto the central hexagon)."""
    game_events.play_out(game, users, lambda game: _picked(game, rng))


def _picked(game: Game, rng: random.Random) -> str:
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
    return rng.choice(found.moves).notation


def test_a_punct_round_robin_on_the_service_from_registration_to_ratings(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga, event, users = game_events.round_robin_created(organiser, django_capture_on_commit_callbacks, FORM)
    assert (event.game, event.play_mode) == ("punct", "service")

    rng = random.Random(39)
    scored = dict.fromkeys(NAMES, 0)
    met: set[frozenset[str]] = set()
    for number, round_ in game_events.round_robin_rounds(event, organiser, met):
        for game in games_of_round(round_):
            assert game.on_service and game.game == "punct" and game.position == registry.start("punct")
            with django_capture_on_commit_callbacks(execute=True):
                _play_out(game, users, rng)
            game.refresh_from_db()
            assert game.result in ("1-0", "0-1", "1/2-1/2")
            assert game.termination in ("connection", "last-piece", "limit", "blocked")
            verdict = registry.replay(game.record)
            assert verdict.valid and str(verdict.result) == game.result and verdict.plies == game.plies
            white, black = game.white.display_name, game.black.display_name
            scored[white] += {"1-0": 2, "0-1": 0, "1/2-1/2": 1}[game.result]
            scored[black] += {"1-0": 0, "0-1": 2, "1/2-1/2": 1}[game.result]
        game_events.close_played_round(round_, organiser, django_capture_on_commit_callbacks)
        standing = points(event, number)
        assert sum(standing.values()) == 2 * 2 * number  # half-points: two games of 2 a round
    assert len(met) == 6  # everyone met everyone
    assert standing == scored
    game_events.published(olga, event, standing, "punct", "PÜNCT")
