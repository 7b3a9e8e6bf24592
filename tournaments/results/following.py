"""What the round page and the arbiter's queue follow live: the games of their rounds played on the
service and still in play. Their events (``games.live.game_events``: ``end`` when play ends) reach the page on
one stream of those games' channels (``games.live.game_events.serve_games``), and the page fetches itself again
(static/js/follow.js); where no stream is served (the embedded default answers 204) it asks again
every few seconds while a game is in play.
"""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.policy import Action, require
from games.models import Game
from tournaments.models import Event, Round


def _in_play(rounds: QuerySet[Round]) -> list[int]:
    return list(
        Game.objects.filter(pairing_game__pairing__round__in=rounds, on_service=True, finished_at=None)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def round_games_in_play(round_: Round) -> list[int]:
    """The ids of the round's games on the service still in play (none in a draft: its games are
    created when it is published)."""
    return _in_play(Round.objects.filter(pk=round_.pk))


def queue_games_in_play(event: Event, user: object) -> list[int]:
    """The ids of the games on the service still in play in the event's open rounds, which the
    arbiter's queue follows (its organisers and arbiters only, as the queue)."""
    require(user, Action.MANAGE_EVENT, event)
    return _in_play(Round.objects.filter(event=event, status=Round.Status.PAIRED))
