"""The throttles' counts (``accounts.api``), kept in the database: a bucket (a scope and whom it counts)
holds the moments of the requests it let through within its window (``accounts.ThrottleBucket``).

The rules at home here: a request is counted in its bucket's transaction with the bucket's row
locked (created first if need be: a write, so that on SQLite too the requests at once are counted
one after the other; one statement creates and locks it), so a limit is exact under concurrency and
holds with the cache down; a refused request is not counted (as DRF's throttles); the sweep forgets the buckets nobody counted in for a day.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from accounts.models import ThrottleBucket
from common.locking import retry_on_conflict


@retry_on_conflict
def counted(key: str, limit: int, duration: int, now: float) -> tuple[bool, list[float]]:
    """Count a request at ``now`` in the bucket ``key`` (at most ``limit`` in any ``duration`` seconds):
    whether it is let through, and the bucket's moments within the window, newest first (the refused
    request not among them). The bucket's row is created if need be and locked (first of all, a write:
    on SQLite too the requests at once are counted one after the other)."""
    with transaction.atomic(), connection.cursor() as cursor:
        field, written = ThrottleBucket._meta.get_field("hits"), timezone.now()
        upsert, update = _statements(connection.vendor)
        cursor.execute(upsert, [key, field.get_db_prep_save([], connection), _updated(written)])
        bucket_id, stored = cursor.fetchone()
        known = field.from_db_value(stored, None, connection)
        hits = [moment for moment in known if moment > now - duration]
        allowed = len(hits) < limit
        if allowed:
            hits.insert(0, now)
        if allowed or hits != known:
            cursor.execute(update, [field.get_db_prep_save(hits, connection), _updated(written), bucket_id])
    return allowed, hits


def _updated(moment: datetime) -> object:
    return ThrottleBucket._meta.get_field("updated").get_db_prep_save(moment, connection)


@functools.cache
def _statements(vendor: str) -> tuple[str, str]:
    """The bucket created if need be and locked, its id and moments returned (one statement: an insert
    that, on the key's conflict, updates the row to itself, which locks it and returns it as it stands
    committed); then its moments written. Composed once a process (``vendor``: the database's)."""
    quote, meta = connection.ops.quote_name, ThrottleBucket._meta
    table, key, hits, updated = (
        quote(name) for name in (meta.db_table, "key", "hits", meta.get_field("updated").column)
    )
    upsert = (
        f"INSERT INTO {table} ({key}, {hits}, {updated}) VALUES (%s, %s, %s) "
        f"ON CONFLICT ({key}) DO UPDATE SET {key} = EXCLUDED.{key} RETURNING {quote('id')}, {hits}"
    )
    return upsert, f"UPDATE {table} SET {hits} = %s, {updated} = %s WHERE {quote('id')} = %s"


def forget_buckets(now: datetime) -> dict[str, list[int]]:
    """The sweep's (``common.sweep``): the buckets nobody counted in for a day, deleted."""
    ThrottleBucket.objects.filter(updated__lt=now - timedelta(days=1)).delete()
    return {}
