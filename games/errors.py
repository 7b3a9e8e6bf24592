"""The one error of the games app: :class:`GameServiceError`, a :class:`ServiceError` for the user.

It lives apart from the services so that every games module (submissions, confirmation, decisions)
can raise it without importing the others; ``games.services`` re-exports it.
"""

from __future__ import annotations

from accounts.errors import ServiceError


class GameServiceError(ServiceError):
    """A submission, confirmation, dispute or decision that cannot be taken; the message is for the user."""
