"""The tournament side's typed errors, on the project's error base (``accounts.errors``; pure, no Django).

The errors that the pure modules raise and more than one package catches live here: a refused
result code, a round that cannot be paired, a tie-break list that cannot be used, a TRF file that
cannot be read. An error raised by one service only (a correction refused, a withdrawal that cannot
be undone, an ambiguous player name) lives beside that service.
"""

from __future__ import annotations

from accounts.errors import ServiceError


class ResultError(ServiceError, ValueError):
    """A result that cannot be recorded; the message is for the person who entered it."""


class PairingError(ServiceError):
    """The round cannot be paired; the message says why, for the organiser."""


class PairingBasisChanged(PairingError):
    """The event changed while the round was being paired, again and again: the organiser retries."""


class StandingsError(ServiceError, ValueError):
    """A tie-break list that cannot be used; the message is for the organiser."""


class TrfError(ServiceError, ValueError):
    """A TRF file that cannot be read or does not add up; ``line`` is 1-based (0: the whole file)."""

    def __init__(self, line: int, reason: str):
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line else reason)
