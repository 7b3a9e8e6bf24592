"""The throttles' counts (``accounts.api``), kept in the database: a bucket (a scope and whom it counts)
holds the moments of the requests it let through within its window (``accounts.ThrottleBucket``).

The rules at home here: a request is counted in its bucket's transaction with the bucket's row
locked (created first if need be: a write, so that on SQLite too the requests at once are counted
one after the other), so a limit is exact under concurrency and holds with the cache down; a refused
request is not counted (as DRF's throttles); the sweep forgets the buckets nobody counted in for a day.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from accounts.models import ThrottleBucket
from common.locking import locked, retry_on_conflict


@retry_on_conflict
def counted(key: str, limit: int, duration: int, now: float) -> tuple[bool, list[float]]:
    """Count a request at ``now`` in the bucket ``key`` (at most ``limit`` in any ``duration`` seconds):
    whether it is let through, and the bucket's moments within the window, newest first (the refused
    request not among them). The bucket's row is created if need be and locked (first of all, a write:
    on SQLite too the requests at once are counted one after the other)."""
    with transaction.atomic():
        ThrottleBucket.objects.bulk_create([ThrottleBucket(key=key)], ignore_conflicts=True)
        bucket = locked(ThrottleBucket.objects.filter(key=key)).get()
        hits = [moment for moment in bucket.hits if moment > now - duration]
        allowed = len(hits) < limit
        if allowed:
            hits.insert(0, now)
        if allowed or hits != bucket.hits:
            bucket.hits = hits
            bucket.save(update_fields=["hits", "updated"])
    return allowed, hits


def forget_buckets(now: datetime) -> dict[str, list[int]]:
    """The sweep's (``common.sweep``): the buckets nobody counted in for a day, deleted."""
    ThrottleBucket.objects.filter(updated__lt=now - timedelta(days=1)).delete()
    return {}
