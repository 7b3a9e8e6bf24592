"""Rebuilding a family's rating list from its whole history (``manage.py recompute_ratings``).

Rule held here: the rebuild replays every closed round of the family's rated events in the order
the rounds closed (``Round.closed_at``, then event and round number for rounds closed at the same
moment), each as one rating period through :func:`tournaments.ratings.services.rate_period`, the
step incremental rating uses, from the same starting figures (a player's registration rating in
the event of his first rated game, else the list's initial rating); so it gives exactly the
figures stored round by round. Every rating change of the family is replaced; a rating row of a
player without rated games keeps its figure with 0 games. One transaction.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Pairing, Rating, RatingChange, Registration, Round
from tournaments.ratings.elo import PlayerRating
from tournaments.ratings.families import games_of
from tournaments.ratings.services import (
    Period,
    games_from,
    rate_period,
    rules_for,
    store_ratings,
    write_changes,
)


def recompute_family(family: str) -> int:
    """Rebuild every rating of ``family``; returns the number of rating periods (rated rounds)."""
    rules = rules_for(family)
    with transaction.atomic():
        Rating.objects.select_for_update().filter(family=family).exists()  # lock the list first
        rounds = list(
            Round.objects.filter(
                status=Round.Status.CLOSED, event__game__in=games_of(family), event__rated=True
            )
            .order_by("closed_at", "event_id", "number")
            .values_list("pk", "event_id")
        )
        rows: dict[int, list[tuple[int, int, str]]] = {pk: [] for pk, _ in rounds}
        pairings = Pairing.objects.filter(round_id__in=list(rows)).exclude(black=None)
        for round_id, first, second, results in pairings.order_by("round_id", "board").values_list(
            "round_id", "white__player_id", "black__player_id", "results"
        ):
            rows[round_id].append((first, second, results))
        seeds: dict[int, dict[int, int]] = {event_id: {} for _, event_id in rounds}
        for event_id, player, rating in Registration.objects.filter(event_id__in=list(seeds)).values_list(
            "event_id", "player_id", "rating"
        ):
            seeds[event_id][player] = rating
        state: dict[int, PlayerRating] = {}
        periods: list[Period] = []
        for round_id, event_id in rounds:
            games = games_from(rows[round_id])
            if games:
                period = rate_period(round_id, rules, games, state, seeds[event_id])
                periods.append(period)
                state.update(period.after)
        RatingChange.objects.filter(family=family).delete()
        write_changes(family, periods)
        Rating.objects.filter(family=family).exclude(player_id__in=list(state)).update(rated_games=0)
        store_ratings(family, state)
    return len(periods)
