"""Errors of the accounts services: each one a message a user may be told."""

from __future__ import annotations

from tournaments.errors import ServiceError


class AccountError(ServiceError):
    """A refused claim, link or sign-in (its message names why)."""


class LockedOut(AccountError):
    """Too many failed sign-in attempts for this user name or address: wait, then try again."""

    def __init__(self, message: str, wait_seconds: int) -> None:
        super().__init__(message)
        self.wait_seconds = wait_seconds
