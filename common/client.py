"""The client's address: ``REMOTE_ADDR``, or ``X-Forwarded-For`` read through ``TRUSTED_PROXIES`` proxies.

The rule at home here. With ``TRUSTED_PROXIES = n`` (0 unless the server sets it) every request
reaches the service through n proxies of its own, each appending to ``X-Forwarded-For`` the address
it was connected from. The client is then the address the outermost of them saw: the n-th entry of
``X-Forwarded-For`` counted from the right (the innermost proxy being ``REMOTE_ADDR``). Entries left
of it were written by the client and are never believed; with fewer entries than n the leftmost one
is taken (it was still written by one of the proxies). With n = 0 the header is ignored. An entry
that is not an IP address gives ``REMOTE_ADDR``.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def trusted_proxies() -> int:
    return max(int(getattr(settings, "TRUSTED_PROXIES", 0) or 0), 0)


def client_address(request: object) -> str:
    meta = getattr(request, "META", None) or {}
    remote = str(meta.get("REMOTE_ADDR") or "")
    proxies = trusted_proxies()
    forwarded = str(meta.get("HTTP_X_FORWARDED_FOR") or "")
    if proxies == 0 or not forwarded.strip():
        return remote
    chain = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not chain:
        return remote
    candidate = chain[-min(proxies, len(chain))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
