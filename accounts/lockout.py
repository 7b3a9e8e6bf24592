"""Sign-in lockout: after too many failed sign-ins, a user name (from one address) or an address waits.

The rules at home here: every failed sign-in (the login form, the admin's, HTTP Basic on the API)
counts once for its user name from its address and once for its address, in Django's cache, for
``SIGN_IN_LOCKOUT_MINUTES`` from the first failure; ``SIGN_IN_FAILURE_LIMIT`` failures of one user
name from one address, or ``SIGN_IN_ADDRESS_FAILURE_LIMIT`` failures from one address, lock further
attempts out (even with the right password) until that time is over. A successful sign-in clears
its user name's count. Counting per name *and* address keeps a stranger from locking a player out
from everywhere by typing his name.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

from accounts.errors import LockedOut


def _limits() -> tuple[int, int, int]:
    return (
        int(getattr(settings, "SIGN_IN_FAILURE_LIMIT", 5)),
        int(getattr(settings, "SIGN_IN_ADDRESS_FAILURE_LIMIT", 20)),
        int(getattr(settings, "SIGN_IN_LOCKOUT_MINUTES", 15)) * 60,
    )


def address_of(request: object) -> str:
    meta = getattr(request, "META", None) or {}
    return str(meta.get("REMOTE_ADDR") or "unknown")


def _keys(username: str, address: str) -> tuple[str, str]:
    name = hashlib.sha256((username or "").strip().lower().encode()).hexdigest()[:32]
    return f"sign-in:{name}:{address}", f"sign-in:address:{address}"


def check(username: str, address: str) -> None:
    """Raise :class:`LockedOut` (with the time to wait) when this name or address is locked out."""
    now = time.time()
    for key in _keys(username, address):
        until = cache.get(f"{key}:locked")
        if until is not None and until > now:
            wait = max(int(until - now), 1)
            minutes = (wait + 59) // 60
            raise LockedOut(
                ngettext(
                    "Too many failed sign-in attempts: try again in %(minutes)s minute.",
                    "Too many failed sign-in attempts: try again in %(minutes)s minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                wait,
            )


def _count(key: str, limit: int, window: int) -> None:
    cache.add(key, 0, window)
    try:
        failures = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, window)
        failures = 1
    if failures >= limit:
        cache.set(f"{key}:locked", time.time() + window, window)


def record_failure(username: str, address: str) -> None:
    per_name, per_address, window = _limits()
    name_key, address_key = _keys(username, address)
    _count(name_key, per_name, window)
    _count(address_key, per_address, window)


def clear(username: str, address: str) -> None:
    name_key, _address_key = _keys(username, address)
    cache.delete_many([name_key, f"{name_key}:locked"])


def on_login_failed(
    sender: object, credentials: dict[str, object], request: object = None, **kwargs: object
) -> None:
    """Receiver of ``user_login_failed``: count the failure (sign-ins without a request are not counted)."""
    if request is None:
        return
    record_failure(str(credentials.get("username") or ""), address_of(request))


def on_logged_in(sender: object, request: object, user: object, **kwargs: object) -> None:
    """Receiver of ``user_logged_in``: a successful sign-in clears its user name's failures."""
    if request is not None:
        clear(str(getattr(user, "get_username", lambda: "")()), address_of(request))
