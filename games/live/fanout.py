"""The process's open streams and the live events handed to them: a stream's mailbox in the event
loop (:class:`Listener`), the streams by channel and their count (:class:`Hub`, the one
:data:`hub` a process), and the one Redis subscriber a process feeding them.

The rules at home here:

* the live events reach the process through Redis (``EVENTS_REDIS_URL``: one subscriber a process,
  :meth:`Hub.listen`, which reconnects by itself with a back-off when Redis drops and returns, and
  then makes every open stream read the storage: the stored events fill the gap), or, without
  Redis, from the publishing process itself: a batch's events as they are, with their ids
  (``games.live.batch``, :meth:`Hub.deliver_all`), a single event as a notice to read the storage
  (:func:`notify_local`);
* an event is handed to the streams of its channel from any thread; a stream with more than
  :data:`PENDING_MAX` events queued, or told of an event without its id, reads the storage instead
  (``games.live.streams``);
* a process counts its open streams (:meth:`Hub.reserve`, at most ``EVENT_STREAMS_MAX``);
* stored events are sent from here (:func:`send`: one Redis pipeline, or this process's streams),
  by ``games.live.batch`` or, for a move, straight after its commit (:func:`send_committed`).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder

logger = logging.getLogger(__name__)
events_logger = logging.getLogger("games.live.game_events")
players_logger = logging.getLogger("games.live.player_events")

# One event: its channel, its kind, its data (``games.live.batch.Pending``).
Sent = tuple[str, str, dict[str, Any]]

LISTEN_WAIT = 20.0  # seconds the Redis subscriber waits for a message before it checks for open streams
PENDING_MAX = 20  # live events queued for one stream before it reads the storage instead
REDIS_CHANNEL = "events_channel"  # where django-eventstream's send_event publishes


@dataclass(frozen=True)
class Item:
    """One event for a channel: its stored id (None: unknown, read the storage) and its JSON text."""

    channel: str
    id: int | None
    kind: str = ""
    data: str = ""


@dataclass(eq=False)
class Listener:
    """One open stream's mailbox in the process's loop."""

    channels: tuple[str, ...]
    loop: asyncio.AbstractEventLoop
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    items: list[Item] = field(default_factory=list)
    resync: bool = False

    def push(self, item: Item) -> None:
        if item.id is None or len(self.items) >= PENDING_MAX:
            self.resync = True
        else:
            self.items.append(item)
        self.wake.set()

    def take(self) -> tuple[list[Item], bool]:
        items, resync = self.items, self.resync
        self.items, self.resync = [], False
        self.wake.clear()
        return items, resync


class Hub:
    """The process's open streams by channel, their count, and the one Redis subscriber feeding them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_channel: dict[str, set[Listener]] = {}
        self.open = 0
        self.listening: asyncio.Task[None] | None = None

    def reserve(self) -> bool:
        """Count one more stream if the process has room for it."""
        with self.lock:
            if self.open >= settings.EVENT_STREAMS_MAX:
                return False
            self.open += 1
            return True

    def release(self) -> None:
        with self.lock:
            self.open = max(self.open - 1, 0)

    def add(self, listener: Listener) -> None:
        with self.lock:
            for channel in listener.channels:
                self.by_channel.setdefault(channel, set()).add(listener)
        if settings.EVENTS_REDIS_URL and (self.listening is None or self.listening.done()):
            self.listening = listener.loop.create_task(self.listen())

    def remove(self, listener: Listener) -> None:
        with self.lock:
            for channel in listener.channels:
                held = self.by_channel.get(channel)
                if held is not None:
                    held.discard(listener)
                    if not held:
                        del self.by_channel[channel]

    def listeners(self, channel: str | None = None) -> list[Listener]:
        with self.lock:
            if channel is not None:
                return list(self.by_channel.get(channel, ()))
            return list({listener for held in self.by_channel.values() for listener in held})

    def deliver(self, item: Item) -> None:
        """Hand ``item`` to its channel's streams, from any thread."""
        self._hand(self.listeners(item.channel), item)

    def deliver_all(self, items: list[Item]) -> None:
        """Hand ``items`` (in order) to their channels' streams, from any thread."""
        for item in items:
            self._hand(self.listeners(item.channel), item)

    def resync_all(self) -> None:
        """Every open stream reads the storage (events may have been missed)."""
        self._hand(self.listeners(), Item("", None))

    def _hand(self, listeners: list[Listener], item: Item) -> None:
        """One wake-up of each loop for all its streams (a thousand watchers of one game cost one
        call into their loop, not a thousand): directly when called in that loop's own thread (the
        Redis subscriber), else through ``call_soon_threadsafe``."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Listener]] = {}
        for listener in listeners:
            by_loop.setdefault(listener.loop, []).append(listener)
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        for loop, held in by_loop.items():
            if loop is running:
                _push_all(held, item)
                continue
            try:
                loop.call_soon_threadsafe(_push_all, held, item)
            except RuntimeError:  # its loop is closed: the streams are gone without their cleanup
                for listener in held:
                    self.remove(listener)

    async def listen(self) -> None:
        """Subscribe to Redis and pass each event on, for as long as streams are open; reconnect
        with a back-off (0.5 s doubling to 5 s) whenever Redis drops, then resync every stream."""
        from redis.asyncio import Redis

        delay, dropped = 0.5, False
        while self.by_channel:
            client = Redis.from_url(settings.EVENTS_REDIS_URL, socket_connect_timeout=2)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(REDIS_CHANNEL)
                    if dropped:
                        logger.warning("the live events' Redis is back: streams read what they missed")
                        self.resync_all()
                    delay, dropped = 0.5, False
                    await self._pass_on(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis down or dropped: wait and subscribe again
                if not dropped:
                    logger.warning("the live events' Redis dropped; reconnecting", exc_info=True)
                dropped = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                await client.aclose()

    async def _pass_on(self, pubsub: Any) -> None:
        while self.by_channel:  # read without the lock: a stale answer costs one more wait at most
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=LISTEN_WAIT)
            if message is None or message.get("type") != "message":
                continue
            item = redis_item(message["data"])
            if item is not None:
                self.deliver(item)


hub = Hub()


def _push_all(listeners: list[Listener], item: Item) -> None:
    for listener in listeners:
        listener.push(item)


def redis_item(raw: bytes | str) -> Item | None:
    """The event in one of django-eventstream's Redis messages (None if unreadable)."""
    try:
        message = json.loads(raw)
        pub_id = message.get("pub_id")
        return Item(
            str(message["channel"]),
            None if pub_id is None else int(pub_id),
            str(message["event_type"]),
            str(message["data"]),
        )
    except (ValueError, KeyError, TypeError):
        logger.warning("an unreadable live event on Redis: %r", raw[:200])
        return None


def notify_local(*channels: str) -> None:
    """Events of ``channels`` were stored by this process and no Redis carries them: their streams
    here read the storage."""
    for channel in channels:
        hub.deliver(Item(channel, None))


def _publisher() -> Any:
    """django-eventstream's own Redis client (``redis.Redis(**EVENTSTREAM_REDIS)``, None without it):
    its module, with the library's HTTP stack, loaded when first asked (``config.lazy_eventstream``)."""
    return importlib.import_module("django_eventstream.eventstream").redis_client


def send(events: list[Sent], ids: list[int]) -> None:
    """Stored events (with their ``ids``) to the streams: on Redis (``EVENTS_REDIS_URL``: one
    pipeline) as django-eventstream's own messages, or to this process's streams as they are. A
    failure raises."""
    client = _publisher() if settings.EVENTS_REDIS_URL else None
    if client is None:  # this process's streams take each event as it is, as from Redis
        hub.deliver_all(
            [
                Item(channel, eid, kind, json.dumps(data, cls=DjangoJSONEncoder))
                for (channel, kind, data), eid in zip(events, ids, strict=True)
            ]
        )
        return
    pipeline = client.pipeline(transaction=False)
    for (channel, kind, data), eid in zip(events, ids, strict=True):
        message = {
            "channel": channel,
            "event_type": kind,
            "data": json.dumps(data, cls=DjangoJSONEncoder),
            "pub_id": str(eid),
        }
        pipeline.publish(REDIS_CHANNEL, json.dumps(message))
    pipeline.execute()


def send_committed(
    sender: Callable[[list[Sent], list[int]], None], events: list[Sent], ids: list[int]
) -> int:
    """After the commit that stored ``events`` (a move's, ``games.live.game_events.store_with_commit``):
    them sent by ``sender`` (:func:`send`, as ``games.live.batch`` names it); how many went out. A
    failure (Redis down) is logged, each game's event named, and changes nothing stored."""
    try:
        sender(events, ids)
    except Exception:  # noqa: BLE001 - whatever the broker does, the games stay as they are
        not_published(events)
        return 0
    return len(events)


def not_published(events: list[Sent]) -> None:
    """The events that were not published logged (the live events' loggers), each game's named."""
    for channel, kind, data in events:
        if channel.startswith("game-"):
            events_logger.warning(
                "the live event %s of game %s was not published", kind, data.get("game"), exc_info=True
            )
        else:  # a player's own stream (games.live.player_events)
            players_logger.warning("the player event %s of %s was not published", kind, channel)
