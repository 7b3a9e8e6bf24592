"""The project's error base: every error a user may be told, shared by accounts, games and tournaments.

Services and the pure modules raise subclasses of :class:`ServiceError`; the edges turn them into
answers in one place each (the API's exception handler and the pages' middleware in
``config.errors``): a :class:`PermissionRefused` is a 403 (a 401 for an anonymous API request), a
:class:`NotFound` a 404, a :class:`Conflict` a 409, any other ``ServiceError`` a 400 or a message on
the page (:func:`attempt`: a service call whose other refusals the page shows itself). Pure: no Django, so the pure modules raise these too. Messages may be lazy translations:
they are rendered at the edge, in the request's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


class ServiceError(Exception):
    """A request that cannot be carried out; the message is shown to the user as it is."""


class PermissionRefused(ServiceError):
    """The user may not take this action on this object (``accounts.policy``); ``action`` names it."""

    def __init__(self, action: str, message: object = "") -> None:
        super().__init__(message)
        self.action = action


class NotFound(ServiceError):
    """What the request names does not exist (or is not shown to this user)."""


class Conflict(ServiceError):
    """The request is well formed but the object's state takes no such change (a closed round, a bye)."""


class AccountError(ServiceError):
    """A refused claim, link or sign-in (its message names why)."""


class LockedOut(AccountError):
    """Too many failed sign-in attempts for this user name or address: wait, then try again."""

    def __init__(self, message: str, wait_seconds: int) -> None:
        super().__init__(message)
        self.wait_seconds = wait_seconds


@dataclass(frozen=True)
class Attempt(Generic[T]):
    """What a service call gave: its ``value``, or the ``error`` it was refused with."""

    value: T | None = None
    error: ServiceError | None = None

    @property
    def refused(self) -> bool:
        return self.error is not None

    @property
    def reason(self) -> str:
        return str(self.error)


def attempt(call: Callable[[], T]) -> Attempt[T]:
    """Run a service call whose refusal a page shows itself (a form error, a message). A refused
    permission and a missing object are not the page's to show: they go on to the edge's mapping
    (the 403 and 404 pages)."""
    try:
        return Attempt(value=call())
    except (PermissionRefused, NotFound):
        raise
    except ServiceError as exc:
        return Attempt(error=exc)
