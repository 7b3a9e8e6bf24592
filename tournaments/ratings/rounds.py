"""Rating an event's closed rounds: each closed round not rated yet, once, in order, one rating
period each (:func:`tournaments.ratings.services.rate_period`); rounds rated after a later period
of their family (a casual game final since, another event's round closed later) rebuild the family
from the first of them (:func:`tournaments.ratings.recompute.recompute_family`), so the figures
never depend on the order the tasks run in."""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Event, Pairing, Rating, RatingChange, Registration, Round
from tournaments.ratings.elo import PlayerRating
from tournaments.ratings.families import family_of
from tournaments.ratings.recompute import rated_after, recompute_family
from tournaments.ratings.services import (
    Period,
    games_from,
    rate_period,
    rules_for,
    store_ratings,
    unrated_games,
    without_unrecorded,
    write_changes,
)


def _seeds(event_id: int) -> dict[int, int]:
    """The registration ratings of an event's players."""
    return dict(Registration.objects.filter(event_id=event_id).values_list("player_id", "rating"))


def rate_closed_rounds(event_id: int) -> int:
    """Apply the rating changes of every closed round not rated yet, in order. Idempotent."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if not event.rated:
            return 0
        family = family_of(event.game)
        rules = rules_for(family)
        done = set(RatingChange.objects.filter(round__event=event).values_list("round_id", flat=True))
        seeds = _seeds(event_id)
        # the family's ratings of the event's players, locked (a join: a list of 1,000 ids is slower)
        state = {
            player: PlayerRating(rating, count)
            for player, rating, count in Rating.objects.select_for_update(of=("self",))
            .filter(family=family, player__registrations__event_id=event_id)
            .values_list("player_id", "rating", "rated_games")
        }
        periods: list[Period] = []
        changed: dict[int, PlayerRating] = {}
        closed = dict(
            event.round_set.filter(status=Round.Status.CLOSED)
            .order_by("number")
            .values_list("pk", "closed_at")
        )
        for round_id in closed:
            if round_id in done:
                continue
            rows = Pairing.objects.filter(round_id=round_id).exclude(black=None)
            values = rows.values_list("pk", "white__player_id", "black__player_id", "results")
            unrecorded = unrated_games([round_id], [] if event.rate_unrecorded else [round_id])
            games = games_from(without_unrecorded(values, unrecorded))
            if not games:
                continue
            period = rate_period(round_id, rules, games, state, seeds)
            periods.append(period)
            state.update(period.after)
            changed.update(period.after)
        first_closed = closed[periods[0].round_id] if periods else None
        if first_closed is not None and rated_after(family, first_closed):
            # a later period of the family (another event's round, a casual game) was rated first:
            # rating these rounds now would put them after it, so the family is rebuilt from the first
            first = Round.objects.get(pk=periods[0].round_id)
            return recompute_family(family, since=first)
        write_changes(family, periods)
        store_ratings(family, changed)
        rated = len(periods)
    return rated
