"""A person's own schema above games and tournaments: the claim code of a registration (one per
registration, used once), with which its player links his account.

``ClaimCode`` keeps its table ``accounts_claimcode`` from the time it lived in ``accounts``: its rows
and keys stay as they are (migrations ``accounts`` 0005 and ``personal`` 0001 move the state only).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ClaimCode(models.Model):
    """The one-time code with which the player of a registration links his account to his profile."""

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="claim_code"
    )
    code = models.CharField(max_length=16, unique=True, help_text=_("Stored without dashes, upper case"))
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        db_table = "accounts_claimcode"  # its table from the time it lived in accounts
        ordering = ["registration"]

    def __str__(self) -> str:
        return f"claim code of {self.registration}"

    @property
    def display(self) -> str:
        """The code in groups of four, as printed: ``ABCD-EFGH-JK``."""
        return "-".join(self.code[i : i + 4] for i in range(0, len(self.code), 4))
