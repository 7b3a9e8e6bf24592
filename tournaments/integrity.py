"""Concurrent writes that collide on a unique constraint: a refusal for the user, never a 500.

A service checks first ("is this player already registered?") and then inserts; two requests can
pass the check together, and the database's unique constraint stops the second insert. Inserting
through :func:`create_or_refuse` turns that :class:`~django.db.IntegrityError` into the
:class:`~tournaments.errors.ServiceError` the check would have raised, inside a savepoint so the
caller's transaction stays usable (and may retry, as event creation does with the next free slug).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import IntegrityError, models, transaction

from tournaments.errors import ServiceError

M = TypeVar("M", bound=models.Model)


class AlreadyExists(ServiceError):
    """The row a request wanted to create exists already (created concurrently)."""


def create_or_refuse(model: type[M], message: str, **fields: Any) -> M:
    """``model.objects.create(**fields)``; :class:`AlreadyExists` with ``message`` on a collision."""
    try:
        with transaction.atomic():
            return model._default_manager.create(**fields)
    except IntegrityError:
        raise AlreadyExists(message) from None
