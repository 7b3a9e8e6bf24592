"""Applying ratings to stored events: one rating list per family, one rating period per closed round.

Rules held here: which games are rated (over-the-board results of closed rounds of events marked
rated; forfeits, byes and unrecorded games change nothing); a player's first rating in a family is
the rating he was registered with in the event of his first rated game there (the list's initial
rating when none was given); one rating period (:func:`rate_period`), the one step of incremental
rating (:func:`rate_closed_rounds`, every closed round not rated yet, once) and of the rebuild
(:mod:`tournaments.ratings.recompute`), so both give the same figures. Writes are in bulk
(:func:`store_ratings`): rating one round is a handful of queries whatever its size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction

from tournaments.models import Event, Pairing, Player, Rating, RatingChange, RatingList, Registration, Round
from tournaments.ratings.elo import PlayerRating, RatedGame, RatingRules, is_provisional, rate_round
from tournaments.ratings.families import family_of
from tournaments.results.codes import PLAYED_RESULTS, WHITE_SCORE, first_named_is_white

_BATCH = 500


def rules_for(family: str) -> RatingRules:
    """The settings of a family's rating list (FIDE B.02 defaults when the list has no row)."""
    row = RatingList.objects.filter(family=family).first()
    if row is None:
        return RatingRules()
    return RatingRules(
        initial=row.initial,
        k_new=row.k_new,
        new_games=row.new_games,
        k_regular=row.k_regular,
        k_top=row.k_top,
        top_rating=row.top_rating,
        max_difference=row.max_difference,
        provisional_games=row.provisional_games,
    )


def current_rating(player: Player, family: str) -> int | None:
    """A player's rating in ``family``, None when he has none yet."""
    return Rating.objects.filter(player=player, family=family).values_list("rating", flat=True).first()


def provisional(rating: Rating, rules: RatingRules | None = None) -> bool:
    return is_provisional(rating.rated_games, rules or rules_for(rating.family))


def games_from(rows: Iterable[tuple[int, int, str]]) -> list[RatedGame]:
    """The games played over the board of (first player, second player, results) rows."""
    games: list[RatedGame] = []
    for first, second, results in rows:
        for index, code in enumerate(results.split()):
            if code not in PLAYED_RESULTS:
                continue
            white, black = (first, second) if first_named_is_white(index) else (second, first)
            games.append(RatedGame(white, black, WHITE_SCORE[code]))
    return games


def round_games(round_: Round) -> list[RatedGame]:
    """The games of a round played over the board, as (white player, black player, White's score)."""
    rows = round_.pairings.exclude(black=None).values_list("white__player_id", "black__player_id", "results")
    return games_from(rows)


@dataclass
class Period:
    """What rating one round produced: the changes and the players' ratings after it."""

    changes: list[RatingChange]
    after: dict[int, PlayerRating]


def rate_period(
    round_id: int,
    family: str,
    rules: RatingRules,
    games: list[RatedGame],
    known: dict[int, PlayerRating],
    seeds: dict[int, int],
) -> Period:
    """Rate one round: players missing from ``known`` start from ``seeds`` (their registration
    rating) or the list's initial rating."""
    before = dict(known)
    for game in games:
        for player in (game.white, game.black):
            if player not in before:
                before[player] = PlayerRating(seeds.get(player) or rules.initial, 0)
    after = rate_round(before, games, rules)
    changes = [
        RatingChange(
            player_id=player,
            family=family,
            round_id=round_id,
            before=before[player].rating,
            after=new.rating,
            games=new.games - before[player].games,
        )
        for player, new in sorted(after.items())
    ]
    return Period(changes, after)


def _seeds(event_id: int, players: Iterable[int]) -> dict[int, int]:
    return dict(
        Registration.objects.filter(event_id=event_id, player_id__in=list(players)).values_list(
            "player_id", "rating"
        )
    )


def rate_closed_rounds(event_id: int) -> int:
    """Apply the rating changes of every closed round not rated yet, in order. Idempotent."""
    rated = 0
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if not event.rated:
            return 0
        family = family_of(event.game)
        rules = rules_for(family)
        done = set(RatingChange.objects.filter(round__event=event).values_list("round_id", flat=True))
        for round_id in (
            event.round_set.filter(status=Round.Status.CLOSED).order_by("number").values_list("pk", flat=True)
        ):
            if round_id in done:
                continue
            rows = Pairing.objects.filter(round_id=round_id).exclude(black=None)
            games = games_from(rows.values_list("white__player_id", "black__player_id", "results"))
            if not games:
                continue
            players = {g.white for g in games} | {g.black for g in games}
            stored = {
                r.player_id: r
                for r in Rating.objects.select_for_update().filter(family=family, player_id__in=players)
            }
            known = {pk: PlayerRating(r.rating, r.rated_games) for pk, r in stored.items()}
            period = rate_period(
                round_id, family, rules, games, known, _seeds(event_id, players - set(stored))
            )
            RatingChange.objects.bulk_create(period.changes, batch_size=_BATCH)
            store_ratings(family, period.after, stored)
            rated += 1
    return rated


def store_ratings(family: str, after: dict[int, PlayerRating], stored: dict[int, Rating]) -> None:
    """Write the new ratings: an update for the rows there, an insert for the others."""
    updated, created = [], []
    for player, new in after.items():
        row = stored.get(player)
        if row is None:
            created.append(Rating(player_id=player, family=family, rating=new.rating, rated_games=new.games))
        else:
            row.rating, row.rated_games = new.rating, new.games
            updated.append(row)
    Rating.objects.bulk_create(created, batch_size=_BATCH)
    Rating.objects.bulk_update(updated, ["rating", "rated_games"], batch_size=_BATCH)
