"""Swiss-specific records: the organiser's bye rules, requested byes, publication and audit.

Imported at the bottom of :mod:`tournaments.models`, so Django sees them as models of the
``tournaments`` app. Points are integer half-points, as everywhere.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

__all__ = ["ByeRequest", "PairingAudit", "RoundPublication", "SwissSettings"]


class SwissSettings(models.Model):
    """How a Swiss event handles requested byes and late entries (defaults when absent)."""

    class LateEntryBye(models.TextChoices):
        ZERO = "zero", "Zero-point byes"
        HALF = "half", "Half-point byes"

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="swiss_settings")
    max_half_byes = models.PositiveSmallIntegerField(
        default=1, help_text="Half-point byes a player may request over the event"
    )
    half_bye_refused_rounds = models.JSONField(
        default=list, blank=True, help_text="Round numbers in which half-point byes are refused"
    )
    late_entry_bye = models.CharField(
        max_length=5,
        choices=LateEntryBye.choices,
        default=LateEntryBye.ZERO,
        help_text="What a late entrant scores for the rounds played before joining",
    )

    def __str__(self) -> str:
        return f"Swiss settings of {self.event}"


class ByeRequest(models.Model):
    """A player known not to play in a round: not paired, scored as the bye of ``kind``."""

    class Kind(models.TextChoices):
        HALF = "half", "Half-point bye"
        FULL = "full", "Full-point bye"
        ZERO = "zero", "Zero-point bye (absent)"

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="bye_requests"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "registration__pairing_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="bye_request_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player}: {self.get_kind_display()} in round {self.round_number}"


class RoundPublication(models.Model):
    """A paired round made public: from then on its pairings can no longer be edited by hand."""

    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="publication")
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    published_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.round} published"


class PairingAudit(models.Model):
    """One hand edit of a round's pairings: who, when, the boards before and after, rules broken."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="pairing_audits")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(default=dict, help_text='{"pairs": [[w, b], ...], "byes": [[n, kind], ...]}')
    after = models.JSONField(default=dict)
    violations = models.JSONField(default=list, blank=True, help_text="Pairing rules the edit breaks")
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.round}: edit by {self.user or 'unknown'} at {self.created_at:%Y-%m-%d %H:%M}"
