"""Bring an event's standings and ratings up to date after its rounds were marked stale.

What the standings task runs (``tournaments.standings.tasks``): read the event's stale marks, store
the standings after the last closed round, apply the ratings of every closed round not rated yet,
and clear the marks read at the start (``tournaments.work``). Idempotent: run twice, or after a run
killed half-way, it stores the same figures (both steps are one transaction each, and rating a round
is done once).
"""

from __future__ import annotations

from tournaments.ratings.rounds import rate_closed_rounds
from tournaments.standings.services import store_standings
from tournaments.work import clear_marks, read_marks


def refresh_event(event_id: int) -> int:
    """Store the standings and apply the ratings of ``event_id``; the number of standing rows."""
    marks = read_marks(event_id)
    stored = store_standings(event_id)
    clear_marks(marks, standings=True, ratings=False)
    rate_closed_rounds(event_id)
    clear_marks(marks, standings=False, ratings=True)
    return stored
