"""A real worker knows every task and runs the casual game's rating (issue 32 item 5): the eager
default ran ``tournaments.rate_casual_game`` in the web process, while ``celery -A config worker``
never registered it and refused it as unregistered."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Game
from games.play import service, state
from tests.celery_tasks import defined_tasks
from tests.integration.conftest import registered_tasks, wait_for
from tournaments.models import CasualPeriod, Rating

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_started_worker_registers_every_task_the_code_defines(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    defined = defined_tasks()
    assert "tournaments.rate_casual_game" in defined
    asked = [0]
    replies = wait_for(lambda: registered_tasks(asked), what="the worker's registered tasks")
    assert replies
    for worker, names in replies.items():
        # each name may carry the task's options after it: "name [rate_limit=...]"
        registered = {name.split(" ")[0] for name in names if not name.startswith("celery.")}
        assert registered == defined, worker


def person(name: str, rating: int, games: int) -> tuple[User, Player]:
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
    player = Player.objects.create(display_name=name, handle=name.lower(), user=user)
    Rating.objects.create(player=player, family="gipf", rating=rating, rated_games=games)
    return user, player


def test_a_rated_casual_game_is_rated_by_the_worker(celery_worker_process) -> None:  # type: ignore[no-untyped-def]
    """FIDE B.02, worked by hand: D = 1600 - 1500 = 100, E(Ann) = 1 / (1 + 10 ** -0.25) = 0.640065.
    Bob wins: Ann 40 * (0 - 0.640065) = -25.6 -> -26, 1574 after 11 games; Bob +26, 1526 after 6."""
    ann_user, ann = person("Ann", 1600, 10)
    bob_user, bob = person("Bob", 1500, 5)
    game = state.create_service_game(ann, bob, "gipf-standard", "5+3", rated=True)
    # played here, the result is official at once: its rating is queued after the commit, to the
    # worker (which verifies the game's record too)
    service.resign(game, ann_user)
    game.refresh_from_db()
    assert (game.result, game.state) == ("0-1", Game.State.OFFICIAL)

    def rated() -> bool:
        return not CasualPeriod.objects.filter(game=game, stale_since__isnull=False).exists() and (
            Rating.objects.get(player=ann).rated_games == 11
        )

    wait_for(rated, timeout=60, what="the worker to rate the casual game")
    assert {
        (r.player.display_name, r.rating, r.rated_games) for r in Rating.objects.select_related("player")
    } == {
        ("Ann", 1574, 11),
        ("Bob", 1526, 6),
    }
