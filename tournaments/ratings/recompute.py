"""Rebuilding a family's rating list from its whole history (``manage.py recompute_ratings``).

Rule held here: the rebuild replays every closed round of the family's rated events in the order
the rounds closed (``Round.closed_at``, then event and round number for rounds closed at the same
moment), each as one rating period through :func:`tournaments.ratings.services.rate_period`, the
step incremental rating uses, from the same starting figures (a player's registration rating in
the event of his first rated game, else the list's initial rating); so it gives exactly the
figures stored round by round. Every rating change of the family is replaced; a rating row of a
player without rated games keeps its figure with 0 games. One transaction.

``since`` (a corrected result's round) rebuilds only from that round on, in the same order: the
periods before it are unchanged, so each player's figures before it are read from his stored rating
changes (the last ``after`` and the sum of ``games``) instead of being rated again; the rest is as
the whole rebuild, which it equals.
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
    unrated_games,
    without_unrecorded,
    write_changes,
)


def recompute_family(family: str, since: Round | None = None) -> int:
    """Rebuild every rating of ``family`` (from round ``since`` on when given); returns the number
    of rating periods (rated rounds) rated."""
    rules = rules_for(family)
    with transaction.atomic():
        Rating.objects.select_for_update().filter(family=family).exists()  # lock the list first
        ordered = list(
            Round.objects.filter(
                status=Round.Status.CLOSED, event__game__in=games_of(family), event__rated=True
            )
            .order_by("closed_at", "event_id", "number")
            .values_list("pk", "event_id")
        )
        unrated_reports = set(
            Round.objects.filter(pk__in=[pk for pk, _ in ordered], event__rate_unrecorded=False).values_list(
                "pk", flat=True
            )
        )
        start = _start_of(ordered, since)
        rounds = ordered[start:]
        rows: dict[int, list[tuple[int, int, int, str]]] = {pk: [] for pk, _ in rounds}
        pairings = Pairing.objects.filter(round_id__in=list(rows)).exclude(black=None)
        for round_id, pairing_id, first, second, results in pairings.order_by(
            "round_id", "board"
        ).values_list("round_id", "pk", "white__player_id", "black__player_id", "results"):
            rows[round_id].append((pairing_id, first, second, results))
        # Games resting on a result without a record are rated only where the event says so; games
        # marked unrated (annulled) never are.
        unrecorded = unrated_games(list(rows), [pk for pk in rows if pk in unrated_reports])
        seeds: dict[int, dict[int, int]] = {event_id: {} for _, event_id in rounds}
        for event_id, player, rating in Registration.objects.filter(event_id__in=list(seeds)).values_list(
            "event_id", "player_id", "rating"
        ):
            seeds[event_id][player] = rating
        state = _state_before([pk for pk, _ in ordered[:start]])
        periods: list[Period] = []
        for round_id, event_id in rounds:
            games = games_from(without_unrecorded(rows[round_id], unrecorded))
            if games:
                period = rate_period(round_id, rules, games, state, seeds[event_id])
                periods.append(period)
                state.update(period.after)
        RatingChange.objects.filter(family=family, round_id__in=[pk for pk, _ in rounds]).delete()
        if start == 0:
            RatingChange.objects.filter(family=family).delete()
        write_changes(family, periods)
        Rating.objects.filter(family=family).exclude(player_id__in=list(state)).update(rated_games=0)
        store_ratings(family, state)
    return len(periods)


def _start_of(ordered: list[tuple[int, int]], since: Round | None) -> int:
    """The index of ``since`` in the family's rounds in close order (0 without it or when it is
    not one of them: the whole history is rebuilt then)."""
    if since is None:
        return 0
    for index, (pk, _event_id) in enumerate(ordered):
        if pk == since.pk:
            return index
    return 0


def _state_before(round_ids: list[int]) -> dict[int, PlayerRating]:
    """Every player's rating and rated games after the rounds ``round_ids`` (in close order), read
    from their stored rating changes."""
    position = {pk: index for index, pk in enumerate(round_ids)}
    rows = sorted(
        RatingChange.objects.filter(round_id__in=round_ids).values_list(
            "round_id", "player_id", "after", "games"
        ),
        key=lambda row: position[row[0]],
    )
    state: dict[int, PlayerRating] = {}
    for _round_id, player, after, games in rows:
        known = state.get(player)
        state[player] = PlayerRating(after, (known.games if known else 0) + games)
    return state
