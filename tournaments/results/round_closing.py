"""Rounds that close by themselves (``Event.close_rounds_by_itself``, the organiser's choice on the
event's settings and its play settings, or the event's autopilot: ``tournaments.rounds.closes_by_itself``): when a result of a game of the round played on the service
changes (its last move, a resignation, a flag, a decision; ``games.signals.result_changed``), the
round's close is queued after commit (``tasks.close_round_by_itself_task``). It closes only once every
game of it has an official result, through the close an organiser makes
(:func:`tournaments.results.services.close_round_by_itself`, run by the task): refused, as his, while a result is
missing, disputed or unconfirmed; the round then waits for the organiser or the next change.
"""

from __future__ import annotations

from common.sweep import enqueue_on_commit
from games.models import Game
from tournaments.models import PairingGame
from tournaments.rounds import closing_by_themselves


def on_result_changed(sender: object, game: Game, **kwargs: object) -> None:
    """Receiver of ``games.signals.result_changed``: a game of a round that closes by itself, played
    on the service, queues the round's close once the change commits."""
    if game.origin != Game.Origin.PAIRING or not game.on_service:
        return
    link = (
        PairingGame.objects.filter(closing_by_themselves("pairing__round__event__"), game_id=game.pk)
        .values_list("pairing__round_id", flat=True)
        .first()
    )
    if link is None:
        return
    from tournaments.results.tasks import close_round_by_itself_task  # Celery loaded by what queues

    enqueue_on_commit(close_round_by_itself_task, link)
