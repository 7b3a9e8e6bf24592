"""What a change of a casual game's result does to the rating lists (the rules:
``tournaments.ratings.casual``): connected to ``games.signals.result_changed`` in
``TournamentsConfig.ready``.
"""

from __future__ import annotations

from django.utils import timezone

from common.sweep import enqueue_on_commit
from games.models import Game
from tournaments.models import CasualPeriod
from tournaments.ratings.families import family_of
from tournaments.ratings.services import is_casual, rated_game


def on_result_changed(sender: object, game: Game, kind: str = "", **kwargs: object) -> None:
    """Receiver of ``games.signals.result_changed``: a casual game whose result became final gets its
    rating period; one that has a period has it computed again. Queued after commit."""
    if not is_casual(game):
        return
    now = timezone.now()
    updated = CasualPeriod.objects.filter(game_id=game.pk).update(stale_since=now)
    if not updated:
        if rated_game(game) is None:
            return
        CasualPeriod.objects.create(game=game, family=family_of(game.game), settled_at=now, stale_since=now)
    from tournaments.ratings.tasks import rate_casual_game_task  # Celery loaded by what queues

    enqueue_on_commit(rate_casual_game_task, game.pk)
