"""The link from a pairing to its games: a model of the tournaments app (``tournaments.models``
exports it), in a module of its own. The games app knows nothing of pairings: the link lives here.

Game ``number`` of a pairing is the pairing's, not the game's: it decides the game's colours (game 2
of a 2-game match has them swapped) and is unique per pairing, the constraint that makes two first
submissions for a pairing create one game (``tournaments.results.game_creation.create_games``, the
one function that creates a pairing's games with their links).
"""

from __future__ import annotations

from django.db import models

from games.models import Game


class PairingGame(models.Model):
    """A pairing's game: game ``number`` of its match. A game belongs to at most one pairing."""

    pairing = models.ForeignKey("tournaments.Pairing", on_delete=models.CASCADE, related_name="pairing_games")
    number = models.PositiveSmallIntegerField(default=1)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="pairing_game")

    class Meta:
        app_label = "tournaments"
        ordering = ["pairing", "number"]
        constraints = [models.UniqueConstraint(fields=["pairing", "number"], name="pairing_game_number")]

    def __str__(self) -> str:
        return f"{self.pairing_id} game {self.number}: {self.game_id}"
