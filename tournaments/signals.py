"""The hook of an event's steps, for listeners above the packages that take them: :data:`step_taken`
is sent inside the transaction that took a step, with ``sender=Event``, ``event_id`` and ``step``
(:data:`PAIRED`, :data:`PUBLISHED`, :data:`CLOSED`, :data:`FINISHED`; :data:`PAIRING_FAILED`, a step
not taken) and ``round_number`` (None for the event's end). The autopilot (``tournaments.autopilot``) listens and takes the next step once the
transaction commits; the steps themselves know nothing of it.
"""

from __future__ import annotations

from django.dispatch import Signal

PAIRED, PUBLISHED, CLOSED, FINISHED = "paired", "published", "closed", "finished"
PAIRING_FAILED = "pairing failed"

step_taken = Signal()
