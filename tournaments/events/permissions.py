"""Who may change an event: its managers (organisers and arbiters) and, for officials, organisers."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments.models import Event


def require_manager(event: Event, user: object) -> None:
    """Organisers and arbiters of the event (and superusers) may write to it."""
    if not event.can_manage(user):
        raise PermissionDenied(_("only the event's organisers and arbiters may change it"))


def is_organiser(event: Event, user: object) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    return bool(
        getattr(user, "is_authenticated", False) and event.organisers.filter(pk=user.pk).exists()  # type: ignore[attr-defined]
    )


def require_organiser(event: Event, user: object) -> None:
    """Appointing officials is for the event's organisers (and superusers), not its arbiters."""
    if not is_organiser(event, user):
        raise PermissionDenied(_("only the event's organisers may appoint or remove officials"))
