"""Live events published together (issue 29): many games ending at once (flags falling together,
``games.play.flags``) tell their streams in one storage transaction and one round trip to Redis, rather
than one transaction and one round trip an event.

The rules at home here:

* ``games.live.game_events.together``, entered inside a transaction, collects (:func:`collecting`) the events
  that ``games.live.game_events`` and ``games.live.player_events`` would each publish once it commits
  (:func:`collect`); once it commits, :func:`publish_all` publishes them all, in the order they
  came, with the same ids, storage and fan-out as one by one: every event stored in django-eventstream's tables with the next id of its
  channel (the placeholder of id 0 first in a new channel, as the library writes it), the
  channels' counters locked in the order of their names (one event alone locks its counter only,
  so neither waits on the other in a circle), then sent on Redis (``EVENTS_REDIS_URL``: one
  pipeline) as the library's own messages, or to this process's streams without Redis;
* whoever collects takes back the events of a part that was rolled back (:func:`collecting` yields
  the list); a failure to publish is logged and changes nothing stored (as ``games.live.game_events``).
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import F
from django.utils import timezone

logger = logging.getLogger(__name__)

# One event: its channel, its kind, its data (as games.live.game_events and games.live.player_events publish it).
Pending = tuple[str, str, dict[str, Any]]

_collected: ContextVar[list[Pending] | None] = ContextVar("games_live_batch", default=None)


def collect(channel: str, kind: str, data: dict[str, Any]) -> bool:
    """Keep the event for the events being collected (:func:`together`); False when none are (the
    caller publishes it alone)."""
    events = _collected.get()
    if events is None:
        return False
    events.append((channel, kind, data))
    return True


@contextmanager
def collecting() -> Iterator[list[Pending]]:
    """Collect the events published meanwhile (:func:`collect`) in the list yielded, in order."""
    events: list[Pending] = []
    token = _collected.set(events)
    try:
        yield events
    finally:
        _collected.reset(token)


def publish_all(events: list[Pending]) -> int:
    """Store ``events`` and send them to their streams, all at once; how many went out (a failure,
    of the storage or of the broker, is logged only)."""
    if not events:
        return 0
    try:
        ids = _store(events)
        _send(events, ids)
    except Exception:  # noqa: BLE001 - whatever the storage or the broker does, the games stay ended
        logger.warning("%s live events were not published", len(events), exc_info=True)
        return 0
    return len(events)


def _store(events: list[Pending]) -> list[int]:
    """Store ``events`` in django-eventstream's tables, each with the next id of its channel."""
    from django_eventstream.models import Event, EventCounter
    from django_eventstream.utils import get_storage

    names = sorted({channel for channel, _kind, _data in events})
    ids: list[int] = []
    with transaction.atomic():
        EventCounter.objects.bulk_create([EventCounter(name=name) for name in names], ignore_conflicts=True)
        counters = {
            counter.name: counter
            for counter in EventCounter.objects.select_for_update().filter(name__in=names).order_by("name")
        }
        rows = []
        for channel, kind, data in events:
            counter = counters[channel]
            if counter.value == 0:
                rows.append(Event(channel=channel))  # the library's placeholder: id 0 can be resumed from
            counter.value += 1
            # the library stores the JSON text of the event's JSON text (send_event, then append_event)
            text = json.dumps(data, cls=DjangoJSONEncoder)
            rows.append(Event(channel=channel, type=kind, data=json.dumps(text), eid=counter.value))
            ids.append(counter.value)
        Event.objects.bulk_create(rows)
        # each counter moved on by its channel's events: one UPDATE for the counters moved on alike
        # (most often all: an event a channel), where bulk_update built a CASE of every counter
        moved: dict[int, list[int]] = {}
        for channel, count in Counter(channel for channel, _kind, _data in events).items():
            moved.setdefault(count, []).append(counters[channel].pk)
        now = timezone.now()
        for count, counter_ids in sorted(moved.items()):
            EventCounter.objects.filter(pk__in=counter_ids).update(value=F("value") + count, updated=now)
    get_storage().trim_event_log()  # as each event stored one by one would (the events of 24 hours)
    return ids


def _send(events: list[Pending], ids: list[int]) -> None:
    """The stored events to the streams: on Redis as the library's messages, or to this process's."""
    from django_eventstream import eventstream

    from games.live import fanout

    if not settings.EVENTS_REDIS_URL or eventstream.redis_client is None:
        for channel in sorted({channel for channel, _kind, _data in events}):
            fanout.notify_local(channel)
        return
    pipeline = eventstream.redis_client.pipeline(transaction=False)
    for (channel, kind, data), eid in zip(events, ids, strict=True):
        message = {
            "channel": channel,
            "event_type": kind,
            "data": json.dumps(data, cls=DjangoJSONEncoder),
            "pub_id": str(eid),
        }
        pipeline.publish(fanout.REDIS_CHANNEL, json.dumps(message))
    pipeline.execute()
