"""Work the database still owes: the marks, queueing after commit, and what pages say meanwhile.

The rules at home here:

* a write that makes work necessary marks it in its own transaction: closing a round (or correcting
  a result after the close) marks the round's standings and ratings stale
  (:func:`mark_standings_stale`, :func:`mark_ratings_stale`); asking for a pairing stamps
  ``Round.pairing_requested_at`` (:func:`mark_pairing_requested`); a submitted record is pending
  until verified;
* the task is queued only once that transaction commits (``common.sweep.enqueue_on_commit``), and
  a broker that cannot be reached then fails nothing: the write and its mark are committed, and the
  sweep (``common.sweep``, ``tournaments.sweep``) queues the task later;
* the task that does the work clears the marks it read, and only those (:func:`clear_marks`): a
  mark written again meanwhile stays for the next run;
* while an event has work marked, its pages say it is being updated (:func:`event_updating`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from common.sweep import enqueue_on_commit, send
from tournaments.models import Event, Round

__all__ = ["enqueue_on_commit", "send"]  # queueing lives in common.sweep; the marks here

logger = logging.getLogger(__name__)

STALE = Q(standings_stale_since__isnull=False) | Q(ratings_stale_since__isnull=False)
SWEEP_BATCH = 100


# --------------------------------------------------------------------------- marks


def mark_standings_stale(round_: Round) -> None:
    """The standings from ``round_`` on must be computed again: call inside the transaction that
    changes a result or closes the round, then :func:`enqueue_standings`."""
    Round.objects.filter(pk=round_.pk).update(standings_stale_since=timezone.now())


def mark_ratings_stale(round_: Round) -> None:
    """The ratings of ``round_``'s rating period are still to apply (same transaction as the write)."""
    Round.objects.filter(pk=round_.pk).update(ratings_stale_since=timezone.now())


def mark_pairing_requested(round_: Round) -> None:
    Round.objects.filter(pk=round_.pk).update(pairing_requested_at=timezone.now())


Marks = dict[int, tuple[datetime | None, datetime | None]]


def read_marks(event_id: int) -> Marks:
    """The stale marks of an event's rounds: ``{round id: (standings since, ratings since)}``."""
    rows = Round.objects.filter(STALE, event_id=event_id).values_list(
        "pk", "standings_stale_since", "ratings_stale_since"
    )
    return {pk: (standings, ratings) for pk, standings, ratings in rows}


def clear_marks(marks: Marks, standings: bool = True, ratings: bool = True) -> None:
    """Clear the marks read before the work, unless one was written again meanwhile."""
    for pk, (standings_since, ratings_since) in marks.items():
        if standings and standings_since is not None:
            Round.objects.filter(pk=pk, standings_stale_since=standings_since).update(
                standings_stale_since=None
            )
        if ratings and ratings_since is not None:
            Round.objects.filter(pk=pk, ratings_stale_since=ratings_since).update(ratings_stale_since=None)


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class Updating:
    """What of an event is being computed now: its pages say so and refresh themselves."""

    standings: bool = False
    ratings: bool = False
    pairing: bool = False

    @property
    def any(self) -> bool:
        return self.standings or self.ratings or self.pairing


def event_updating(event: Event) -> Updating:
    rows = Round.objects.filter(event=event).filter(STALE | Q(status=Round.Status.PENDING, pairing_error=""))
    flags = list(rows.values_list("standings_stale_since", "ratings_stale_since", "status"))
    return Updating(
        standings=any(s is not None for s, _r, _st in flags),
        ratings=event.rated and any(r is not None for _s, r, _st in flags),
        pairing=any(status == Round.Status.PENDING for _s, _r, status in flags),
    )
