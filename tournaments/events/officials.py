"""An event's officials: organisers appoint and remove co-organisers and arbiters; one organiser stays."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.errors import ServiceError
from tournaments.models import Event

OFFICIAL_ROLES = ("organiser", "arbiter")


def _role_set(event: Event, role: str) -> Any:
    if role not in OFFICIAL_ROLES:
        raise ServiceError(_("unknown role '%(role)s' (organiser or arbiter)") % {"role": role})
    return event.organisers if role == "organiser" else event.arbiters


def add_official(event: Event, user: object, username: str, role: str) -> object:
    """Make the account ``username`` an organiser or an arbiter of the event."""
    require(user, Action.APPOINT_OFFICIALS, event)
    members = _role_set(event, role)
    account = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if account is None:
        raise ServiceError(_("there is no account '%(name)s'") % {"name": username.strip()})
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        if members.filter(pk=account.pk).exists():
            raise ServiceError(
                (
                    _("%(name)s is already an organiser of this event")
                    if role == "organiser"
                    else _("%(name)s is already an arbiter of this event")
                )
                % {"name": account.get_username()}
            )
        members.add(account)
    return account


def remove_official(event: Event, user: object, username: str, role: str) -> None:
    """Take an organiser or arbiter off the event; the last organiser stays."""
    require(user, Action.APPOINT_OFFICIALS, event)
    members = _role_set(event, role)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        account = members.filter(username=username).first()
        if account is None:
            raise ServiceError(
                (
                    _("%(name)s is not an organiser of this event")
                    if role == "organiser"
                    else _("%(name)s is not an arbiter of this event")
                )
                % {"name": username}
            )
        if role == "organiser" and members.count() == 1:
            raise ServiceError(_("an event keeps at least one organiser"))
        members.remove(account)
