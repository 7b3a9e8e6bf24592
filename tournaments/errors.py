"""One base error for everything the tournament side may tell a user.

Services, the pure modules (pairing, result codes, TRF) and the games bridge raise subclasses of
:class:`ServiceError`; the edges (pages, API, management commands) catch the base and show its
message. Pure: no Django, so the pure modules can raise these too.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be carried out; the message is shown to the user as it is."""
