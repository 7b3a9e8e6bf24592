"""Rated casual games in the rating lists: each one its own rating period.

Rules held here:

* a casual game (origin ``service``: a challenge accepted, ``games.play.challenges``) enters its family's
  list (the family of its game key, as the registry's spec declares it) when it is rated
  (``Game.rated``: what the players agreed; an annulled game never is) and its result is final and
  played: confirmed by the opponent, official, or decided by an arbiter, and 1-0, 0-1 or 1/2-1/2
  (``tournaments.ratings.services.rated_game``). A provisional or disputed result waits; a forfeit decided changes nothing;
* its place in the family's history is the moment its result first became final
  (``CasualPeriod.settled_at``), among the rounds' closings (``tournaments.ratings.recompute``);
* the games app tells of every change of a game's result (``games.signals.result_changed``:
  submitted, confirmed, disputed, decided); ``tournaments.ratings.casual_results`` writes the
  game's period (or marks it stale again) in that transaction and queues its rating after commit
  (``tournaments.ratings.tasks``). The mark
  (``CasualPeriod.stale_since``) is what the database remembers still to compute: the task clears
  the mark it read, and the sweep queues again a period left stale (a lost task, a broker down);
* the task (:func:`rate_casual_game`) rates the game as one period from the players' ratings when
  it is the latest period of the family rated, as rating a round does; a game rated before (a later
  decision or correction of its result) or one with later periods rated already is rated by a
  rebuild from it on, which leaves it out when its result is no longer final. Idempotent.
"""

from __future__ import annotations

from django.db import transaction

from common.locking import locked
from games.models import Game
from tournaments.models import CasualPeriod, Rating, RatingChange
from tournaments.ratings.elo import PlayerRating
from tournaments.ratings.recompute import rated_after, recompute_family
from tournaments.ratings.services import rate_period, rated_game, rules_for, store_ratings, write_changes


def rate_casual_game(game_id: int) -> int:
    """Rate the casual game's period, or rebuild its family from it; the number of periods rated.
    Clears the period's mark read at the start (not one written again meanwhile)."""
    with transaction.atomic():
        period = locked(CasualPeriod.objects.filter(game_id=game_id)).first()
        if period is None or period.stale_since is None:
            return 0
        game = Game.objects.get(pk=game_id)
        if RatingChange.objects.filter(game_id=game_id).exists() or rated_after(
            period.family, period.settled_at, period.game_id
        ):
            rated = recompute_family(period.family, since=game)
        else:
            rated = _rate_latest(period.family, game)
        CasualPeriod.objects.filter(pk=period.pk, stale_since=period.stale_since).update(stale_since=None)
    return rated


def _rate_latest(family: str, game: Game) -> int:
    """Rate ``game`` as the family's latest period, from its players' ratings (locked)."""
    rated = rated_game(game)
    if rated is None:
        return 0
    rules = rules_for(family)
    state = {
        player: PlayerRating(rating, count)
        for player, rating, count in locked(
            Rating.objects.filter(family=family, player_id__in=[rated.white, rated.black]).order_by(
                "player_id"
            )
        ).values_list("player_id", "rating", "rated_games")
    }
    period = rate_period(None, rules, [rated], state, {}, game_id=game.pk)
    write_changes(family, [period])
    store_ratings(family, period.after)
    return 1


def stale_periods(before: object) -> list[int]:
    """The casual games whose rating is still to compute since before ``before`` (for the sweep)."""
    return list(
        CasualPeriod.objects.filter(stale_since__lt=before)
        .order_by("stale_since")
        .values_list("game_id", flat=True)
    )
