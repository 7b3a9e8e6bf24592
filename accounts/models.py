"""The accounts' schema: claim codes (one per registration, used once) and notices to users."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Registration


class ClaimCode(models.Model):
    """The one-time code with which the player of a registration links his account to his profile."""

    registration = models.OneToOneField(Registration, on_delete=models.CASCADE, related_name="claim_code")
    code = models.CharField(max_length=16, unique=True, help_text=_("Stored without dashes, upper case"))
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["registration"]

    def __str__(self) -> str:
        return f"claim code of {self.registration}"

    @property
    def display(self) -> str:
        """The code in groups of four, as printed: ``ABCD-EFGH-JK``."""
        return "-".join(self.code[i : i + 4] for i in range(0, len(self.code), 4))


class Notice(models.Model):
    """Something a user is told on his notices page (and by e-mail when configured)."""

    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    text = models.TextField()
    link = models.CharField(max_length=300, blank=True, help_text=_("A page of the site, e.g. the game's"))
    created_at = models.DateTimeField(auto_now_add=True)
    read = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["recipient", "read"], name="notice_recipient_read")]

    def __str__(self) -> str:
        return f"notice to {self.recipient}: {self.text[:40]}"
