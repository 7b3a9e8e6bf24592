"""Reading the rating lists: the published list of a family and a player's ratings and history.

Rules held here: the published list of a family leaves out provisional players (fewer rated games
than the list's ``provisional_games``) and sorts by rating (then name) or by name; a player's page
shows every family he is rated in, provisional ones marked, with that family's history.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.db.models.functions import Lower

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


def player_ratings(player: Player, history: int = 50) -> list[FamilyRating]:
    """The player's rating in each family he has one in, with its latest ``history`` changes."""
    rows = {r.family: r for r in player.ratings.all()}
    result = []
    for family, name in family_names().items():
        if family not in rows:
            continue
        changes = list(
            RatingChange.objects.filter(player=player, family=family)
            .select_related("round__event")
            .order_by("-round__closed_at", "-pk")[:history]
        )
        rating = rows[family]
        provisional = is_provisional(rating.rated_games, rules_for(family))
        result.append(FamilyRating(family, name, rating, provisional, changes))
    return result
