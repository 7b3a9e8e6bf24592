"""Applying ratings to stored events: every closed round not rated yet, in order, once."""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Event, Player, RatingChange, Round
from tournaments.ratings.elo import RatedGame, rate_round
from tournaments.results.codes import PLAYED_RESULTS, WHITE_SCORE, first_named_is_white


def round_games(round_: Round) -> list[RatedGame]:
    """The games of a round played over the board, as (white player, black player, White's score)."""
    games: list[RatedGame] = []
    for pairing in round_.pairings.exclude(black=None).select_related("white", "black"):
        first, second = pairing.white.player_id, pairing.black.player_id  # type: ignore[union-attr]
        for index, code in enumerate(pairing.result_codes):
            if code not in PLAYED_RESULTS:
                continue
            white, black = (first, second) if first_named_is_white(index) else (second, first)
            games.append(RatedGame(white, black, WHITE_SCORE[code]))
    return games


def rate_closed_rounds(event_id: int) -> int:
    """Apply the rating changes of every closed round not rated yet, in order. Idempotent."""
    rated = 0
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        for round_ in event.round_set.filter(status=Round.Status.CLOSED).order_by("number"):
            if round_.rating_changes.exists():
                continue
            games = round_games(round_)
            players = {
                p.pk: p
                for p in Player.objects.select_for_update().filter(
                    pk__in={g.white for g in games} | {g.black for g in games}
                )
            }
            new = rate_round({pk: p.rating for pk, p in players.items()}, games)
            for pk, rating in new.items():
                player = players[pk]
                count = sum(1 for g in games if pk in (g.white, g.black))
                RatingChange.objects.create(
                    player=player, round=round_, before=player.rating, after=rating, games=count
                )
                player.rating = rating
                player.rated_games += count
                player.save(update_fields=["rating", "rated_games"])
            rated += 1
    return rated
