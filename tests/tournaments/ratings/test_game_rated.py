"""``Game.rated`` read by the ratings (docs/play.md): a pairing's game marked unrated (as an annulled
game is) is left out of its round's rating period, in the round's rating and in the rebuild alike;
an unrated casual game on the service enters no rating list, a rated one does once it ends (its
result played here official at once).

Hand-worked (FIDE B.02 defaults, every player new at 1,500, K = 40, expected score 0.5): a win is
+20 and a loss -20; a player whose only game is unrated gets no rating at all.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Game
from games.play import service, state
from tests.conftest import make_event, start
from tournaments.models import Rating, RatingChange
from tournaments.ratings.recompute import recompute_family
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


def ratings(family: str) -> dict[str, tuple[int, int]]:
    return {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family=family).select_related("player")
    }


def person(name: str) -> tuple[User, Player]:
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
    return user, Player.objects.create(display_name=name, handle=name.lower(), user=user)


def test_a_pairing_game_marked_unrated_is_left_out_of_the_rating_period(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "", game="dvonn", play_mode="service")
    users = {}
    for name in ("Ann", "Bob", "Cid", "Dan"):
        users[name], player = person(name)
        registration_services.register(event, organiser, player)
    round_ = start(event, organiser)  # Ann-Dan, Bob-Cid (unrated players: by name)
    first, second = Game.objects.filter(pairing_game__pairing__round=round_).order_by(
        "pairing_game__pairing__board"
    )
    assert first.rated and second.rated  # the event is rated
    commit(service.resign, first, users["Ann"])  # White to move at the start: Ann resigns, Dan wins
    commit(service.resign, second, users["Bob"])  # Cid wins
    Game.objects.filter(pk=second.pk).update(rated=False)  # as an arbiter's annulment leaves it
    commit(result_services.close_round, round_, organiser)
    assert ratings("dvonn") == {"Ann": (1480, 1), "Dan": (1520, 1)}
    assert RatingChange.objects.count() == 2
    # the rebuild reads the same
    assert recompute_family("dvonn") == 1
    assert ratings("dvonn") == {"Ann": (1480, 1), "Dan": (1520, 1)}


def test_an_unrated_casual_game_enters_no_rating_list(django_capture_on_commit_callbacks: Any) -> None:
    ann, ann_player = person("Ann")
    bob, bob_player = person("Bob")
    game = state.create_service_game(ann_player, bob_player, "gipf-standard", "5+3", rated=False)
    with django_capture_on_commit_callbacks(execute=True):
        service.resign(game, ann)
    game.refresh_from_db()
    assert (game.result, game.state) == ("0-1", Game.State.OFFICIAL)  # played here: final at once
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rated_casual_game_enters_its_familys_list_when_it_ends(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Both new (1500, K 40, E 0.5): Bob's win is +20, Ann's loss -20 (the rest in
    tests/tournaments/ratings/test_casual_games.py)."""
    ann, ann_player = person("Ann")
    bob, bob_player = person("Bob")
    game = state.create_service_game(ann_player, bob_player, "gipf-standard", "5+3", rated=True)
    with django_capture_on_commit_callbacks(execute=True):
        service.resign(game, ann)  # official at once: rated at once
    assert ratings("gipf") == {"Ann": (1480, 1), "Bob": (1520, 1)}
