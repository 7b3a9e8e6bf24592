"""The errors of the games app: :class:`GameServiceError`, a :class:`ServiceError` for the user, and
its typed refusals (a result that may not change now, a game played on the service, what holds games
taking no submission now).

They live apart from the services so that every games module (submissions, confirmation, decisions)
can raise it without importing the others; ``games.records.services`` re-exports it.
"""

from __future__ import annotations

from accounts.errors import ServiceError


class GameServiceError(ServiceError):
    """A submission, confirmation, dispute or decision that cannot be taken; the message is for the user."""


class ResultFixed(GameServiceError):
    """What the game belongs to takes no such change of its result now (an event's closed round, a
    pairing an arbiter decided): ``games.origins.check``; the message names why."""


class PlayedOnService(GameServiceError):
    """A record or result submitted by hand for a game whose play on the service began or ended: its
    record is the one play writes (``games.records.confirmation.check_hand_record``)."""


class SubmissionsClosed(GameServiceError):
    """What holds the game takes no submission or report now (a round played on the service, closed,
    not published yet; a bye has no game): ``games.origins.reopen``."""
