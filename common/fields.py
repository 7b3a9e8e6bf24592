"""The model fields every app's records share: who did a thing (``done_by``).

A record keeps what was done when its user is deleted (the user then empty), and the user model
gets no reverse accessor for it (``related_name="+"``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


def done_by(*, blank: bool = False, **options: Any) -> models.ForeignKey:
    """The user who did the thing a record keeps: empty once that user is deleted."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=blank,
        related_name="+",
        **options,
    )
