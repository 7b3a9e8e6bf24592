"""Reading the rating lists: the published list of a family and a player's ratings and history.

Rules held here: the published list of a family leaves out provisional players (fewer rated games
than the list's ``provisional_games``) and sorts by rating (then name) or by name; the provisional
players of a family are a list of their own, shown after the rated (:func:`provisional_list`: a new
community, every player provisional, still sees its players); the API's list is both, the rated
first, each row marked (:func:`whole_list`); a player's page
shows every family he is rated in, provisional ones marked, with that family's history: the
changes of rounds and of rated casual games, latest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import BooleanField, Case, F, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce, Lower

from accounts.models import Player
from tournaments.models import Rating, RatingChange
from tournaments.ratings.elo import is_provisional
from tournaments.ratings.families import family_names
from tournaments.ratings.services import rules_for

ORDERS = {
    "rating": ("-rating", Lower("player__display_name"), "player__handle"),
    "name": (Lower("player__display_name"), "player__handle"),
}


def published_list(family: str, order: str = "rating") -> QuerySet[Rating]:
    """The family's published list: players with at least the list's provisional games, sorted
    by ``order`` (``rating``, the default, or ``name``)."""
    rules = rules_for(family)
    return (
        Rating.objects.filter(family=family, rated_games__gte=rules.provisional_games)
        .annotate(provisional=Value(False, output_field=BooleanField()))
        .select_related("player")
        .order_by(*ORDERS.get(order, ORDERS["rating"]))
    )


def whole_list(family: str, order: str = "rating") -> QuerySet[Rating]:
    """The family's published list, then its provisional players, each row marked ``provisional``
    (the API's list: the page shows the same two lists one after the other)."""
    rules = rules_for(family)
    provisional = Case(
        When(rated_games__lt=rules.provisional_games, then=Value(True)),
        default=Value(False),
        output_field=BooleanField(),
    )
    return (
        Rating.objects.filter(
            Q(rated_games__gte=rules.provisional_games) | Q(rated_games__gt=0), family=family
        )
        .annotate(provisional=provisional)
        .select_related("player")
        .order_by("provisional", *ORDERS.get(order, ORDERS["rating"]))
    )


def provisional_list(family: str, order: str = "rating") -> QuerySet[Rating]:
    """The family's provisional players (at least one rated game, fewer than the list's provisional
    games), sorted like :func:`published_list`."""
    rules = rules_for(family)
    return (
        Rating.objects.filter(family=family, rated_games__gt=0, rated_games__lt=rules.provisional_games)
        .select_related("player")
        .order_by(*ORDERS.get(order, ORDERS["rating"]))
    )


@dataclass
class FamilyRating:
    family: str
    name: str
    rating: Rating
    provisional: bool
    changes: list[RatingChange]


def rating_history(player: Player, family: str | None = None) -> QuerySet[RatingChange]:
    """The player's rating changes, latest first (by the moment of their period: a round's closing,
    a casual game's result becoming final), each with ``at``, that moment; of ``family`` only when
    given."""
    changes = RatingChange.objects.filter(player=player)
    if family is not None:
        changes = changes.filter(family=family)
    return (
        changes.select_related("round__event", "game__white", "game__black")
        .annotate(at=Coalesce("round__closed_at", "game__rating_period__settled_at"))
        .order_by(F("at").desc(nulls_last=True), "-pk")
    )


def player_ratings(player: Player, history: int = 50) -> list[FamilyRating]:
    """The player's rating in each family he has one in, with its latest ``history`` changes."""
    rows = {r.family: r for r in player.ratings.all()}
    result = []
    for family, name in family_names().items():
        if family not in rows:
            continue
        changes = list(rating_history(player, family)[:history])
        rating = rows[family]
        provisional = is_provisional(rating.rated_games, rules_for(family))
        result.append(FamilyRating(family, name, rating, provisional, changes))
    return result
