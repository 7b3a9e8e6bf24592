"""The tournament side's name for the project's error base (``accounts.errors``).

Services, the pure modules (pairing, result codes, TRF) and the games bridge raise subclasses of
:class:`ServiceError`; the edges turn them into answers (``config.errors``). Pure: no Django.
"""

from __future__ import annotations

from accounts.errors import Conflict, NotFound, PermissionRefused, ServiceError

__all__ = ["Conflict", "NotFound", "PermissionRefused", "ServiceError"]
