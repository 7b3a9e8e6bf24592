"""Live events published together: what one move tells (the game's ``move``, the ``your-move`` of the
player now to move), and many games ending at once (flags falling together, ``games.play.flags``),
stored in one transaction and sent in one round trip to Redis, rather than a transaction and a
round trip an event.

The rules at home here:

* :func:`publish` stores events, in the order they came, with the same ids, storage and fan-out as
  one by one: every event stored in django-eventstream's tables with the next id of its channel (the
  placeholder of id 0 first in a new channel, as the library writes it); the channels' counters moved
  on and read back by one statement a transaction, locked in the order of their names (two batches
  sharing channels never wait on each other in a circle); then sent on Redis (``EVENTS_REDIS_URL``:
  one pipeline) as the library's own messages, or to this process's streams without Redis;
* events older than :data:`KEPT` are pruned as events are stored, at most once a :data:`PRUNE_EVERY`
  in a process (the library's own rule of 24 hours; one statement);
* ``games.live.game_events.together``, entered inside a transaction, collects (:func:`collecting`) the
  events that ``games.live.game_events`` and ``games.live.player_events`` would each publish once it
  commits (:func:`collect`), to publish them all at once then; whoever collects takes back the events
  of a part that was rolled back (:func:`collecting` yields the list). A failure to publish is the
  caller's to log (:func:`publish_all` logs it): it changes nothing stored.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.utils import timezone
from django_eventstream.models import Event, EventCounter

from games.live import fanout

logger = logging.getLogger(__name__)

# One event: its channel, its kind, its data (as games.live.game_events and games.live.player_events publish it).
Pending = tuple[str, str, dict[str, Any]]

# The events being collected in this context (``games.live.game_events.together``), or None.
COLLECTED: ContextVar[list[Pending] | None] = ContextVar("games_live_batch", default=None)

#: how long stored events are kept (a stream resumes from them), and how often they are pruned
KEPT = timedelta(hours=24)
PRUNE_EVERY = timedelta(minutes=1)
_pruned: list[datetime] = []  # when this process last pruned them


def collect(channel: str, kind: str, data: dict[str, Any]) -> bool:
    """Keep the event for the events being collected (:func:`collecting`); False when none are (the
    caller publishes it alone)."""
    events = COLLECTED.get()
    if events is None:
        return False
    events.append((channel, kind, data))
    return True


@contextmanager
def collecting() -> Iterator[list[Pending]]:
    """Collect the events published meanwhile (:func:`collect`) in the list yielded, in order."""
    events: list[Pending] = []
    token = COLLECTED.set(events)
    try:
        yield events
    finally:
        COLLECTED.reset(token)


def publish_all(events: list[Pending]) -> int:
    """Store ``events`` and send them to their streams, all at once; how many went out (a failure,
    of the storage or of the broker, is logged only)."""
    try:
        publish(events)
    except Exception:  # noqa: BLE001 - whatever the storage or the broker does, the games stay as they are
        logger.warning("%s live events were not published", len(events), exc_info=True)
        return 0
    return len(events)


def publish(events: list[Pending]) -> None:
    """Store ``events`` and send them to their streams, all at once; a failure raises."""
    if events:
        _send(events, _store(events))


def store(events: list[Pending]) -> list[int]:
    """Inside the caller's transaction (a move's, ``games.live.game_events.store_with_commit``):
    store ``events`` in it, no savepoint of their own, so that they commit or roll back with it; their
    ids, for :func:`send` once it commits. A failure before any statement (the events' data that does
    not encode) leaves the transaction as it was; a failure of the database marks it for rollback
    (nothing it wrote is kept) and raises."""
    return _store(events) if events else []


def _store(events: list[Pending]) -> list[int]:
    """Store ``events`` in django-eventstream's tables, each with the next id of its channel (in a
    transaction of their own, or in the caller's: no savepoint)."""
    counts = Counter(channel for channel, _kind, _data in events)
    # the library stores the JSON text of the event's JSON text (send_event, then append_event)
    texts = [json.dumps(json.dumps(data, cls=DjangoJSONEncoder)) for _channel, _kind, data in events]
    now = timezone.now()
    ids: list[int] = []
    with transaction.atomic(savepoint=False):
        if connection.vendor == "postgresql":  # the counters moved on and the rows inserted at once
            reached = _moved_on_inserting(events, texts, counts, now)
            done = set(reached)
        else:
            reached, done = _moved_on(counts, now), set()
        missing = sorted(set(counts) - set(reached))
        if missing:  # a channel's first event: its counter created at 0, then moved on
            EventCounter.objects.bulk_create(
                [EventCounter(name=name) for name in missing], ignore_conflicts=True
            )
            reached |= _moved_on({name: counts[name] for name in missing}, now)
        following = {channel: value - counts[channel] for channel, value in reached.items()}
        rows: list[tuple[str, str, str, int]] = []
        for (channel, kind, _data), text in zip(events, texts, strict=True):
            if channel not in done:
                if following[channel] == 0:
                    rows.append((channel, "", "", 0))  # the library's placeholder: id 0 can be resumed from
                rows.append((channel, kind, text, following[channel] + 1))
            following[channel] += 1
            ids.append(following[channel])
        if rows:
            _insert(rows, now)
    _prune(now)
    return ids


def _insert(rows: list[tuple[str, str, str, int]], now: datetime) -> None:
    """The events' rows (channel, kind, stored text, id) inserted in one statement, stored ``now``."""
    table = connection.ops.quote_name(Event._meta.db_table)
    marks = ", ".join(["(%s, %s, %s, %s, %s)"] * len(rows))
    stored = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (channel, type, data, eid, created) VALUES {marks}",
            [value for row in rows for value in (*row, stored)],
        )


def _moved_on_inserting(
    events: list[Pending], texts: list[str], counts: dict[str, int], now: datetime
) -> dict[str, int]:
    """PostgreSQL: in one statement, each channel's counter moved on by its count of events (the
    counters locked in the order of their names, as :func:`_moved_on`) and the events of those
    channels inserted with their ids (the library's placeholder of id 0 first in a channel whose
    counter stood at 0); each such channel's value now (a channel without a counter is left out,
    its events not inserted)."""
    counters = connection.ops.quote_name(EventCounter._meta.db_table)
    table = connection.ops.quote_name(Event._meta.db_table)
    stored = connection.ops.adapt_datetimefield_value(now)
    names = sorted(counts)
    left = Counter(counts)
    values: list[Any] = []
    for (channel, kind, _data), text in zip(events, texts, strict=True):
        left[channel] -= 1  # how many of its channel's events come after this one
        values += [channel, kind, text, left[channel]]
    sql = (
        f"WITH l AS (SELECT id FROM {counters} WHERE name IN ({', '.join(['%s'] * len(names))}) "
        "ORDER BY name FOR UPDATE), "
        f"n (name, count) AS (VALUES {', '.join(['(%s, %s::integer)'] * len(names))}), "
        f"c AS (UPDATE {counters} AS c SET value = c.value + n.count, updated = %s FROM l, n "
        "WHERE c.id = l.id AND c.name = n.name RETURNING c.name, c.value, n.count), "
        f"v (channel, type, data, back) AS (VALUES {', '.join(['(%s, %s, %s, %s::integer)'] * len(events))}) "
        f"INSERT INTO {table} (channel, type, data, eid, created) "
        "SELECT c.name, '', '', 0, %s FROM c WHERE c.value = c.count "
        "UNION ALL SELECT v.channel, v.type, v.data, c.value - v.back, %s FROM v JOIN c ON c.name = v.channel "
        "RETURNING channel, eid"
    )
    params = [*names, *(x for name in names for x in (name, counts[name])), stored, *values, stored, stored]
    reached: dict[str, int] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for channel, eid in cursor.fetchall():
            reached[channel] = max(eid, reached.get(channel, 0))
    return reached


def _moved_on(counts: dict[str, int], now: datetime) -> dict[str, int]:
    """Move each channel's counter on by its count of events, in one statement a count (most often
    one: an event a channel), the counters locked in the order of their names; each channel's value
    now (a channel without a counter is left out)."""
    table = connection.ops.quote_name(EventCounter._meta.db_table)
    stored = connection.ops.adapt_datetimefield_value(now)
    by_count: dict[int, list[str]] = {}
    for name, count in sorted(counts.items()):
        by_count.setdefault(count, []).append(name)
    reached: dict[str, int] = {}
    with connection.cursor() as cursor:
        for count, names in sorted(by_count.items()):
            marks = ", ".join(["%s"] * len(names))
            if connection.vendor == "postgresql":
                # the rows locked in the order of their names first, then moved on
                cursor.execute(
                    f"UPDATE {table} AS c SET value = c.value + %s, updated = %s FROM "
                    f"(SELECT id FROM {table} WHERE name IN ({marks}) ORDER BY name FOR UPDATE) AS l "
                    "WHERE c.id = l.id RETURNING c.name, c.value",
                    [count, stored, *names],
                )
            else:  # SQLite writes one transaction at a time: no row waits on another
                cursor.execute(
                    f"UPDATE {table} SET value = value + %s, updated = %s WHERE name IN ({marks}) "
                    "RETURNING name, value",
                    [count, stored, *names],
                )
            reached.update(dict(cursor.fetchall()))
    return reached


def _prune(now: datetime) -> None:
    """The stored events older than :data:`KEPT` deleted, at most once a :data:`PRUNE_EVERY` here."""
    if _pruned and now - _pruned[-1] < PRUNE_EVERY and now >= _pruned[-1]:
        return
    _pruned[:] = [now]
    Event.objects.filter(created__lt=now - KEPT).delete()


#: the events to their streams, on Redis or to this process's (``games.live.fanout.send``)
_send = fanout.send
