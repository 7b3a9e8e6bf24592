"""The claims of the records a verification verifies: a record is verified by one task at a time.

On PostgreSQL a task holds an advisory lock of this connection for each record of its batch (no row
is locked, nothing waits for them); the task of a record another holds leaves it to the holder
(``games.records.services.verify_records``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connection

logger = logging.getLogger(__name__)

CLAIM_LOCK_CLASS = 7043  # the advisory locks of the records being verified (tournaments.locking's is 7021)


@contextmanager
def claimed(record_ids: list[int], size: int) -> Iterator[list[int]]:
    """The first ``size`` records of ``record_ids`` that no other verification holds, held by this one
    until the block ends (so a task never holds a record it does not verify: the task of a record
    held by another finds it verified, or leaves it to the holder); elsewhere than on PostgreSQL the
    first ``size`` of them (SQLite has one writer)."""
    if connection.vendor != "postgresql" or not record_ids:
        yield record_ids[:size]
        return
    with connection.cursor() as cursor:
        cursor.execute(
            # in the order given, until ``size`` are held: each row the scan passes is tried once
            "SELECT i FROM unnest(%s::bigint[]) AS i WHERE pg_try_advisory_lock(%s::int, i::int) LIMIT %s",
            [record_ids, CLAIM_LOCK_CLASS, size],
        )
        held = [int(row[0]) for row in cursor.fetchall()]
    try:
        yield held
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_advisory_unlock(%s::int, i::int) FROM unnest(%s::bigint[]) AS i",
                    [CLAIM_LOCK_CLASS, held],
                )
        except DatabaseError:  # the connection is gone, and its locks with it
            logger.warning("the verification's claims were not released", exc_info=True)
