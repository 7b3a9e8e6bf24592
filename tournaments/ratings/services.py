"""Applying ratings to stored events: one rating list per family, one rating period per closed round.

Rules held here: which games are rated (over-the-board results of closed rounds of events marked
rated; forfeits, byes and unrecorded games change nothing: a game whose result rests on a result
submitted without a record, ``games.records.reports``, is rated only when the event sets
``rate_unrecorded``; a game marked unrated, an annulled one, never is: :func:`unrated_games`; a
casual game on the service counts once rated, final and played: :func:`rated_game`); a
player's first rating in a family is
the rating he was registered with in the event of his first rated game there (the list's initial
rating when none was given); one rating period (:func:`rate_period`), the one step of incremental
rating (:func:`tournaments.ratings.rounds.rate_closed_rounds`, every closed round not rated yet, once; a rated casual game,
:mod:`tournaments.ratings.casual`) and of the rebuild (:mod:`tournaments.ratings.recompute`), so
both give the same figures. Writes are in bulk
(:func:`store_ratings`): rating one round is a handful of queries whatever its size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db.models import Model, Q
from django.utils import timezone

from accounts.models import Player
from games.models import Game, SubmittedRecord
from tournaments.core.codes import PLAYED_RESULTS, WHITE_SCORE, first_named_is_white
from tournaments.game_links import PairingGame
from tournaments.models import Rating, RatingChange, RatingList
from tournaments.ratings.elo import PlayerRating, RatedGame, RatingRules, is_provisional, rate_round

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


UNRATED = "*"  # stands for a game's result code that must not be rated (not a played result)


def unrated_games(round_ids: Iterable[int], unrecorded_in: Iterable[int] = ()) -> dict[int, set[int]]:
    """Per pairing of the rounds ``round_ids``, the numbers of its games left out of the ratings: the
    games marked unrated (``Game.rated`` false: an annulled game, ``games.play.arbitration``), whatever
    result the pairing was given, and in the rounds ``unrecorded_in`` the games whose official result
    rests on a result submitted without a record. One query."""
    where = Q(game__rated=False, pairing__round_id__in=list(round_ids))
    unrecorded = list(unrecorded_in)
    if unrecorded:
        where |= Q(
            game__submissions__official=True,
            game__submissions__kind=SubmittedRecord.Kind.RESULT,
            pairing__round_id__in=unrecorded,
        )
    found: dict[int, set[int]] = {}
    for pairing_id, number in (
        PairingGame.objects.filter(where).values_list("pairing_id", "number").distinct()
    ):
        found.setdefault(pairing_id, set()).add(number)
    return found


def without_unrecorded(
    rows: Iterable[tuple[int, int, int, str]], unrecorded: dict[int, set[int]]
) -> list[tuple[int, int, str]]:
    """(first, second, results) of (pairing, first, second, results) rows, the unrecorded games'
    codes replaced by :data:`UNRATED`."""
    kept = []
    for pairing_id, first, second, results in rows:
        numbers = unrecorded.get(pairing_id, set())
        codes = [UNRATED if index + 1 in numbers else code for index, code in enumerate(results.split())]
        kept.append((first, second, " ".join(codes)))
    return kept


# A casual game counts once its result is one of these (the opponent's word, an official's, an arbiter's).
FINAL = (Game.State.CONFIRMED, Game.State.OFFICIAL, Game.State.DECIDED)


def is_casual(game: Game) -> bool:
    return game.origin == Game.Origin.SERVICE


def rated_game(game: Game) -> RatedGame | None:
    """The casual game as a rated game, or None while it does not count (unrated, its result not
    final, not a played result)."""
    if not (is_casual(game) and game.rated and game.state in FINAL and game.result in PLAYED_RESULTS):
        return None
    return RatedGame(game.white_id, game.black_id, WHITE_SCORE[game.result])


def rated_games_of(game_ids: Iterable[int]) -> dict[int, RatedGame]:
    """The casual games of ``game_ids`` that count, as rated games (one query)."""
    return {
        game.pk: rated
        for game in Game.objects.filter(pk__in=list(game_ids)).only(
            "origin", "rated", "state", "result", "white_id", "black_id"
        )
        if (rated := rated_game(game)) is not None
    }


@dataclass
class Period:
    """What rating one period (a round, or a casual game: ``game_id``) produced: per player (player,
    before, after, games) and the players' ratings after it."""

    round_id: int | None
    changes: list[tuple[int, int, int, int]]
    after: dict[int, PlayerRating]
    game_id: int | None = None


def rate_period(
    round_id: int | None,
    rules: RatingRules,
    games: list[RatedGame],
    known: dict[int, PlayerRating],
    seeds: dict[int, int],
    game_id: int | None = None,
) -> Period:
    """Rate one period (round ``round_id``, or the casual game ``game_id``): players missing from
    ``known`` start from ``seeds`` (their registration rating) or the list's initial rating."""
    before = dict(known)
    for game in games:
        for player in (game.white, game.black):
            if player not in before:
                before[player] = PlayerRating(seeds.get(player) or rules.initial, 0)
    after = rate_round(before, games, rules)
    changes = [
        (player, before[player].rating, new.rating, new.games - before[player].games)
        for player, new in sorted(after.items())
    ]
    return Period(round_id, changes, after, game_id)


# Rows are written with plain INSERTs (one statement per batch, run with executemany): building a
# model instance per row costs more than the database work for 1,000-player rounds.


def _names(model: type[Model], columns: str) -> tuple[str, str]:
    """The quoted table name of ``model`` and its quoted ``columns``, comma-separated."""
    quote = connection.ops.quote_name
    return quote(model._meta.db_table), ", ".join(quote(c) for c in columns.split())


def write_changes(family: str, periods: Iterable[Period]) -> None:
    """Insert the rating changes of ``periods``."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    rows = [
        (player, family, period.round_id, period.game_id, before, after, games, now)
        for period in periods
        for player, before, after, games in period.changes
    ]
    table, columns = _names(RatingChange, "player_id family round_id game_id before after games created_at")
    with connection.cursor() as cursor:
        for start in range(0, len(rows), _BATCH):
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                rows[start : start + _BATCH],
            )


def store_ratings(family: str, after: dict[int, PlayerRating]) -> None:
    """Write the new ratings: insert the player's row of the family, or update it (one upsert,
    ``INSERT ... ON CONFLICT``, as SQLite and PostgreSQL both read it)."""
    rows = [(player, family, new.rating, new.games) for player, new in sorted(after.items())]
    table, columns = _names(Rating, "player_id family rating rated_games")
    player, family_, rating, games = columns.split(", ")
    with connection.cursor() as cursor:
        for start in range(0, len(rows), _BATCH):
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s)"
                f" ON CONFLICT ({player}, {family_}) DO UPDATE"
                f" SET {rating} = excluded.{rating}, {games} = excluded.{games}",
                rows[start : start + _BATCH],
            )
