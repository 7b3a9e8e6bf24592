"""The autopilot's schema: the steps an event took by itself (its log), the organisers' webhooks and
each delivery of one. Models of the tournaments app (``tournaments.models`` exports them).

A delivery is what the database remembers of a webhook's message: its body (signed when sent, the
same bytes at every attempt), its status, the attempts made and when the next one is due, so the sweep
sends again what a lost task left (``tournaments.telling.webhooks``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class AutopilotStep(models.Model):
    """One step an event took by itself (a round paired, published, closed; the event finished), or
    the autopilot stopping (``kind`` ``stopped``, ``text`` why)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="autopilot_steps")
    kind = models.CharField(max_length=20)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.CharField(max_length=1000, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.event}: {self.kind} {self.round_number or ''}".strip()


class Webhook(models.Model):
    """A URL of an organiser's that receives a signed JSON POST at each step of the event."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["event", "url"], name="webhook_url_once_per_event")]

    def __str__(self) -> str:
        return f"{self.event}: {self.url}"


class WebhookDelivery(models.Model):
    """One message to one webhook: pending until its receiver answers 2xx, failed after the last try."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=30, help_text="round.paired, round.published, round.closed, …")
    body = models.TextField(help_text="The JSON sent, signed as it is")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True, help_text="Why the last attempt failed")
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True, help_text="When it is tried again")
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["next_attempt_at"], condition=Q(status="pending"), name="delivery_pending")
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.webhook.url}: {self.status}"
