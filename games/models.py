"""Games of an event's pairings and the records players submit for them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from tournaments.models import GAME_CHOICES, Pairing, Player


class Game(models.Model):
    """One game of a pairing (a 2-game match has games 1 and 2, colours swapped in game 2)."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(default=1)
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_white")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_black")
    result = models.CharField(
        max_length=10, blank=True, help_text="1-0, 0-1 or 1/2-1/2 from the verified record"
    )
    termination = models.CharField(max_length=20, blank=True)
    plies = models.PositiveIntegerField(default=0)
    score = models.CharField(max_length=20, blank=True, help_text="DVONN stack totals, white-black")
    record = models.TextField(blank=True, help_text="The accepted (verified) record")
    verified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pairing__round__event", "pairing__round__number", "pairing__board", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pairing", "number"], name="game_once_per_pairing_number")
        ]

    def __str__(self) -> str:
        return f"{self.white} – {self.black} ({self.pairing.round}, board {self.pairing.board})"

    def get_absolute_url(self) -> str:
        return reverse("games:game-detail", args=[self.pk])


class SubmittedRecord(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting verification"
        VALID = "valid", "Valid"
        INVALID = "invalid", "Invalid"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    text = models.TextField()
    submitted_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    verdict = models.JSONField(null=True, blank=True)
    error_ply = models.PositiveIntegerField(null=True, blank=True)
    error_move = models.CharField(max_length=200, blank=True)
    error_reason = models.TextField(blank=True)
    applied = models.BooleanField(default=False, help_text="The verified result was applied to the pairing")
    note = models.TextField(blank=True, help_text="Why the result was or was not applied")

    class Meta:
        ordering = ["-submitted_at", "-pk"]

    def __str__(self) -> str:
        return f"record for {self.game} ({self.get_status_display()})"

    def error_message(self) -> str:
        parts = []
        if self.error_ply is not None:
            parts.append(f"ply {self.error_ply}")
        if self.error_move:
            parts.append(f"move '{self.error_move}'")
        return (", ".join(parts) + ": " if parts else "") + self.error_reason
