"""The lock order's levels of events: event, round, pairing (the order itself: ``config.locking``).

Re-exports the shared helpers (:func:`locked`, :func:`retry_on_conflict`, ``RETRY_TRANSIENT``) for
the tournament side.
"""

from __future__ import annotations

from config.locking import RETRY_TRANSIENT, locked, retry_on_conflict
from tournaments.models import Pairing, Round

__all__ = ["RETRY_TRANSIENT", "lock_pairing", "lock_round", "locked", "retry_on_conflict"]


def lock_round(round_id: int) -> Round:
    """The round, locked; its event is read (not locked)."""
    round_ = locked(Round.objects.select_related("event")).get(pk=round_id)
    return round_


def lock_pairing(pairing_id: int) -> Pairing:
    """The pairing's round, then the pairing, locked; with the round and event read."""
    round_id = Pairing.objects.values_list("round_id", flat=True).get(pk=pairing_id)
    round_ = lock_round(round_id)
    pairing = locked(Pairing.objects.all()).get(pk=pairing_id)
    pairing.round = round_
    return pairing
