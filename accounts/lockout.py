"""Sign-in lockout: after too many failed sign-ins, a user name (from one address) or an address waits.

The rules at home here: every failed sign-in (the login form, the admin's, HTTP Basic on the API)
counts once for its user name from its address, once for its address and once for its user name
from anywhere, in Django's cache, for ``SIGN_IN_LOCKOUT_MINUTES`` from the first failure:

* ``SIGN_IN_FAILURE_LIMIT`` failures of one user name from one address lock that name out from that
  address (even with the right password) until that time is over;
* ``SIGN_IN_ADDRESS_FAILURE_LIMIT`` failures from one address lock that address out;
* ``SIGN_IN_ACCOUNT_FAILURE_LIMIT`` failures of one user name from anywhere (many addresses guessing
  one password) lock that name out, but only from addresses it has not signed in from: an address
  the account signed in from successfully in the last ``KNOWN_ADDRESS_DAYS`` days keeps only its own
  count, so attackers elsewhere slow down and the owner does not.

A successful sign-in clears its name's count from that address and remembers the address as known.
The address is the client's (``common.client``: ``X-Forwarded-For`` only through ``TRUSTED_PROXIES``),
so strangers never lock out a user who signs in from elsewhere. A cache that cannot be reached locks
nothing and counts nothing (``common.cache_faults``): sign-in goes on without the lockout.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

from accounts.errors import LockedOut
from common.cache_faults import guarded
from common.client import client_address

KNOWN_ADDRESS_DAYS = 90


def _limits() -> tuple[int, int, int, int]:
    return (
        int(getattr(settings, "SIGN_IN_FAILURE_LIMIT", 5)),
        int(getattr(settings, "SIGN_IN_ADDRESS_FAILURE_LIMIT", 20)),
        int(getattr(settings, "SIGN_IN_ACCOUNT_FAILURE_LIMIT", 100)),
        int(getattr(settings, "SIGN_IN_LOCKOUT_MINUTES", 15)) * 60,
    )


def address_of(request: object) -> str:
    return client_address(request)


def _name(username: str) -> str:
    return hashlib.sha256((username or "").strip().lower().encode()).hexdigest()[:32]


def _keys(username: str, address: str) -> tuple[str, str, str]:
    name = _name(username)
    return f"sign-in:{name}:{address}", f"sign-in:address:{address}", f"sign-in:account:{name}"


def _known_key(username: str, address: str) -> str:
    return f"sign-in:known:{_name(username)}:{address}"


def _locked_until(username: str, address: str) -> float | None:
    name_key, address_key, account_key = _keys(username, address)
    keys = [f"{name_key}:locked", f"{address_key}:locked", f"{account_key}:locked"]
    found = cache.get_many(keys + [_known_key(username, address)])
    if found.get(_known_key(username, address)):
        keys.pop()  # the account's owner signs in from here: the lock of the account is not his
    times = [found[key] for key in keys if found.get(key) is not None]
    return max(times) if times else None


def check(username: str, address: str) -> None:
    """Raise :class:`LockedOut` (with the time to wait) when this name or address is locked out."""
    now = time.time()
    until = guarded(lambda: _locked_until(username, address), None, "sign-in lockout check")
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
    per_name, per_address, per_account, window = _limits()

    def count() -> None:
        name_key, address_key, account_key = _keys(username, address)
        _count(name_key, per_name, window)
        _count(address_key, per_address, window)
        _count(account_key, per_account, window)

    guarded(count, None, "sign-in failure count")


def clear(username: str, address: str) -> None:
    name_key, _address_key, _account_key = _keys(username, address)

    def forget_and_remember() -> None:
        cache.delete_many([name_key, f"{name_key}:locked"])
        cache.set(_known_key(username, address), 1, KNOWN_ADDRESS_DAYS * 24 * 3600)

    guarded(forget_and_remember, None, "sign-in success")


def on_login_failed(
    sender: object, credentials: dict[str, object], request: object = None, **kwargs: object
) -> None:
    """Receiver of ``user_login_failed``: count the failure (sign-ins without a request are not counted)."""
    if request is None:
        return
    record_failure(str(credentials.get("username") or ""), address_of(request))


def on_logged_in(sender: object, request: object, user: object, **kwargs: object) -> None:
    """Receiver of ``user_logged_in``: a successful sign-in clears its user name's failures here."""
    if request is not None:
        clear(str(getattr(user, "get_username", lambda: "")()), address_of(request))
