"""The rating lists' schema: a family's settings, a player's rating, each rating change, and the
rated casual games' places in their family's history. Models of the tournaments app
(``tournaments.models`` exports them), in a module of their own.

A rating change belongs to one rating period: a closed round of an event, or one rated casual game
whose result became final (``tournaments.ratings.casual``); exactly one of the two, which the
database checks. A casual game's period is placed in its family's history at the moment its result
became final (:class:`CasualPeriod`), which the rebuild orders among the rounds' closings.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from accounts.models import Player
from games.choices import family_name, validate_family
from games.models import Game


class RatingList(models.Model):
    """The settings of one family's rating list (FIDE B.02 by default; no row means the defaults)."""

    family = models.CharField(max_length=10, validators=[validate_family], unique=True)
    initial = models.PositiveSmallIntegerField(default=1500, help_text="Rating of a player without one")
    k_new = models.PositiveSmallIntegerField(default=40, help_text="K until `new games` rated games")
    new_games = models.PositiveSmallIntegerField(default=30)
    k_regular = models.PositiveSmallIntegerField(default=20)
    k_top = models.PositiveSmallIntegerField(default=10, help_text="K at or above `top rating`")
    top_rating = models.PositiveSmallIntegerField(default=2400)
    max_difference = models.PositiveSmallIntegerField(default=400, help_text="The 400-point rule")
    provisional_games = models.PositiveSmallIntegerField(
        default=5, help_text="Provisional (not in the published list) until this many rated games"
    )

    class Meta:
        app_label = "tournaments"

    def __str__(self) -> str:
        return family_name(self.family)


class Rating(models.Model):
    """A player's current rating in one family."""

    player = models.ForeignKey("accounts.Player", on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=10, validators=[validate_family])
    rating = models.IntegerField()
    rated_games = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "tournaments"
        ordering = ["family", "-rating", "player__display_name"]
        constraints = [models.UniqueConstraint(fields=["player", "family"], name="rating_once_per_family")]

    def __str__(self) -> str:
        return f"{self.player} ({self.family}): {self.rating}"

    @property
    def family_name(self) -> str:
        return family_name(self.family)


class RatingChange(models.Model):
    """A player's rating in one family before and after one rating period: one round of one event,
    or one rated casual game (games played only)."""

    player = models.ForeignKey("accounts.Player", on_delete=models.CASCADE, related_name="rating_changes")
    family = models.CharField(max_length=10, validators=[validate_family])
    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, null=True, blank=True, related_name="rating_changes"
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rating_changes",
        help_text="The casual game rated as its own period (no round then)",
    )
    before = models.IntegerField()
    after = models.IntegerField()
    games = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "tournaments"
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round"], name="rating_change_once_per_round"),
            models.UniqueConstraint(fields=["player", "game"], name="rating_change_once_per_game"),
            models.CheckConstraint(
                condition=Q(round__isnull=False, game__isnull=True)
                | Q(round__isnull=True, game__isnull=False),
                name="rating_change_of_a_round_or_a_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.before} → {self.after}"

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def opponent(self) -> Player | None:
        """The opponent in the casual game of this change (None for a round's)."""
        if self.game is None:
            return None
        return self.game.black if self.game.white_id == self.player_id else self.game.white


class CasualPeriod(models.Model):
    """A rated casual game's rating period: its family, its place in the family's history (when its
    result first became final) and whether its rating is still to compute (``stale_since``: the
    mark the task clears and the sweep reads)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rating_period")
    family = models.CharField(max_length=10, validators=[validate_family])
    settled_at = models.DateTimeField(help_text="When the game's result first became final")
    stale_since = models.DateTimeField(
        null=True, blank=True, help_text="Its rating (or the rebuild from it) is still to compute since then"
    )

    class Meta:
        app_label = "tournaments"
        ordering = ["settled_at", "game"]

    def __str__(self) -> str:
        return f"rating period of game {self.game_id}"
