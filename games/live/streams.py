"""Serving event streams (server-sent events) under ASGI without a thread or a database connection
each: the streams of games (``games.live.game_events``) and of players wait as coroutines of the process's
event loop, and read the database only when they must, giving the connection back at once.

The rules at home here:

* the events are stored by ``games.live.game_events`` (django-eventstream's model storage: an id per channel,
  kept 24 hours); a stream reads the storage when it opens (the events after its ``Last-Event-ID``,
  ``stream-reset`` when that id is gone), then takes each live event as it comes, and reads the
  storage again only when it missed one (an id skipped, too many queued, the broker reconnected).
  Each read is one short function run in a worker thread that closes its database connection before
  it returns; the request's own connection (its authentication) is closed before the first event.
  An idle stream holds no connection and no thread, and a closed one leaves nothing behind;
* the live events reach the process through Redis or from the publishing process itself, and are
  handed to the streams of their channels by the process's hub (``games.live.fanout``);
* a process serves at most ``EVENT_STREAMS_MAX`` streams at once (from the environment); one more
  is answered 503 with ``Retry-After`` at once, and nothing else of the process suffers;
* ids are django-eventstream's: ``game-7:3``, several channels ``a:1,b:4``; ``keep-alive`` every
  :data:`KEEP_ALIVE` seconds; ``stream-open`` (after 2 KB of padding, for proxies) first.

Why not django-eventstream's own view any longer: it reads the storage through Django's
thread-sensitive ``sync_to_async``, so each stream kept a thread and, with persistent connections,
the database connection its first read opened, never closed when the stream closed (issue 29:
"too many clients" at 589 streams); and its Redis listener is started once and dies with the first
``ConnectionError``. Channels (with channels-redis) would need new dependencies and a second
routing of the same two URLs, for what a hundred lines of asyncio do here (docs/play.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import quote, unquote

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from common.answers import error_body
from games.live import fanout

logger = logging.getLogger(__name__)

KEEP_ALIVE = 20.0  # seconds between two keep-alive comments of an idle stream
READ_LIMIT = 100  # stored events read at once per channel
RETRY_AFTER = 30  # seconds a refused stream is told to wait
READ_AGAIN = 1.0  # seconds before a stream reads the storage again when a read failed
OPENING_READS = 3  # the reads an opening stream tries before it gives up (its client reconnects)
PADDING = ":" + " " * 2048 + "\n\n"


# --------------------------------------------------------------------------- ids


def make_id(last_ids: dict[str, int]) -> str:
    return ",".join(f"{quote(channel)}:{value}" for channel, value in last_ids.items())


def parse_last_ids(text: str, channels: Iterable[str]) -> dict[str, int | None]:
    """Each channel's last id from ``Last-Event-ID`` (None: none given; -1: unreadable, a reset)."""
    wanted: dict[str, int | None] = dict.fromkeys(channels)
    for part in (text or "").split(","):
        channel, sep, value = part.strip().rpartition(":")
        channel = unquote(channel)
        if sep and channel in wanted:
            wanted[channel] = int(value) if value.isascii() and value.isdigit() and len(value) < 19 else -1
    return wanted


# --------------------------------------------------------------------------- the storage


@dataclass
class Read:
    """What one read of the storage found: the events in order, the channels reset, and the last
    ids the events follow on from (a reset channel's: its current id)."""

    items: list[fanout.Item]
    reset: list[str]
    last_ids: dict[str, int]


def _read(last_ids: dict[str, int | None]) -> Read:
    """The stored events after each channel's last id (in a worker thread; its connection closed)."""
    from django_eventstream.storage import DjangoModelStorage, EventDoesNotExist

    storage = DjangoModelStorage()
    found: list[fanout.Item] = []
    reset: list[str] = []
    now: dict[str, int] = {}
    try:
        for channel, last in last_ids.items():
            if last is None:
                now[channel] = storage.get_current_id(channel)
                continue
            now[channel] = last  # the items read follow on from it
            while True:
                try:
                    events = storage.get_events(channel, last, limit=READ_LIMIT)
                except EventDoesNotExist as gone:
                    reset.append(channel)
                    now[channel] = int(gone.current_id)
                    break
                found.extend(fanout.Item(channel, e.id, e.type, _text(e.data)) for e in events)
                if len(events) < READ_LIMIT:
                    break
                last = int(events[-1].id)
    finally:
        connections.close_all()
    return Read(found, reset, now)


_readers: ThreadPoolExecutor | None = None
_readers_lock = threading.Lock()


def readers() -> ThreadPoolExecutor:
    """The process's threads reading the storage for its streams: ``EVENT_STREAMS_READERS`` of them,
    so at most that many connections (each closed after its read) whatever the streams do at once
    (a Redis reconnection makes every stream read)."""
    global _readers
    with _readers_lock:
        if _readers is None:
            _readers = ThreadPoolExecutor(settings.EVENT_STREAMS_READERS, thread_name_prefix="stream-read")
        return _readers


def _text(data: object) -> str:
    """An event's data as stored: the JSON text ``send_event`` wrote (decoded once by the storage)."""
    return data if isinstance(data, str) else json.dumps(data)


def _close_request_connections() -> None:
    connections.close_all()


# --------------------------------------------------------------------------- the stream


def encode(kind: str, data: str, event_id: str | None = None) -> str:
    out = f"event: {kind}\n"
    if event_id:
        out += f"id: {event_id}\n"
    for line in data.splitlines() or [""]:
        out += f"data: {line}\n"
    return out + "\n"


def _written(items: Iterable[fanout.Item], last_ids: dict[str, int]) -> str:
    body = ""
    for item in items:
        if item.id is None or item.id <= last_ids.get(item.channel, -1):
            continue
        last_ids[item.channel] = item.id
        body += encode(item.kind, item.data, make_id(last_ids))
    return body


def _in_order(items: list[fanout.Item], last_ids: dict[str, int]) -> bool:
    """Whether the live ``items`` follow on from ``last_ids`` with no id skipped."""
    expected = dict(last_ids)
    for item in items:
        if item.id is None:
            return False
        if item.id <= expected.get(item.channel, -1):
            continue
        if item.id != expected.get(item.channel, -1) + 1:
            return False
        expected[item.channel] = item.id
    return True


async def _read_or_wait(
    read_storage: Callable[[dict[str, int | None]], Awaitable[Read]],
    last_ids: dict[str, int | None],
    last: bool = False,
) -> Read | None:
    """The stored events after ``last_ids``; None, after :data:`READ_AGAIN` seconds, when the
    database did not answer (down a moment, or SQLite's table locked by a writer): the stream stays
    open and reads again, rather than end in an error (``last``: the error is raised)."""
    try:
        return await read_storage(last_ids)
    except DatabaseError:
        if last:
            raise
        logger.warning("a stream could not read its stored events; it reads them again", exc_info=True)
        await asyncio.sleep(READ_AGAIN)
        return None


async def _events(
    channels: tuple[str, ...], wanted: dict[str, int | None], release: Callable[[], None]
) -> AsyncIterator[str]:
    listener = fanout.Listener(channels, asyncio.get_running_loop())
    # any worker thread on PostgreSQL; SQLite (the embedded default, the tests) locks a table read
    # by a second connection while another writes it, so there the request's own thread reads
    sqlite = connections["default"].vendor == "sqlite"
    read_storage = (
        sync_to_async(_read, thread_sensitive=True)
        if sqlite
        else sync_to_async(_read, thread_sensitive=False, executor=readers())
    )
    try:
        await sync_to_async(_close_request_connections)()  # the request's own, in its own thread
        fanout.hub.add(listener)  # before reading: what comes meanwhile is queued, and skipped if read
        first = None
        for attempt in range(1, OPENING_READS + 1):
            first = await _read_or_wait(read_storage, wanted, last=attempt == OPENING_READS)
            if first is not None:
                break
        assert first is not None  # the last attempt raises rather than give None
        last_ids = first.last_ids
        body = PADDING + "event: stream-open\ndata:\n\n"
        if first.reset:
            body += encode("stream-reset", json.dumps({"channels": first.reset}), make_id(last_ids))
        yield body + _written(first.items, last_ids)
        while True:
            try:
                await asyncio.wait_for(listener.wake.wait(), KEEP_ALIVE)
            except TimeoutError:
                yield "event: keep-alive\ndata:\n\n"
                continue
            items, resync = listener.take()
            body = ""
            if resync or not _in_order(items, last_ids):
                again = await _read_or_wait(read_storage, dict(last_ids))
                if again is None:  # the database did not answer: read again (what came is there too)
                    listener.push(fanout.Item("", None))
                    continue
                items = again.items
                if again.reset:  # pruned meanwhile (a day without a read): start again from now
                    last_ids.update(again.last_ids)
                    body = encode("stream-reset", json.dumps({"channels": again.reset}), make_id(last_ids))
            body += _written(items, last_ids)
            if body:
                yield body
    finally:
        fanout.hub.remove(listener)
        release()


class _Place:
    """A stream's place in the process (:meth:`Hub.reserve`), given back once, whoever asks first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.held = True

    def give_back(self) -> None:
        with self.lock:
            if not self.held:
                return
            self.held = False
        fanout.hub.release()


class EventStreamResponse(StreamingHttpResponse):
    """The stream; its place in the process is given back once: when it ends, when it is closed
    unread, or when the response is dropped unsent (a client gone while the view ran: Django's
    ASGI handler then neither sends nor closes it) and collected."""

    def __init__(self, channels: Iterable[str], last_event_id: str) -> None:
        self._place = _Place()
        names = tuple(channels)
        super().__init__(
            _events(names, parse_last_ids(last_event_id, names), self._place.give_back),
            content_type="text/event-stream",
        )
        self["Cache-Control"] = "no-cache"
        self["X-Accel-Buffering"] = "no"
        weakref.finalize(self, self._place.give_back)

    def release(self) -> None:
        self._place.give_back()

    def close(self) -> None:
        self.release()
        super().close()


def serve(request: HttpRequest, channels: Iterable[str]) -> HttpResponse:
    """The event stream of ``channels`` for ``request`` (under ASGI), or a 503 when the process
    holds ``EVENT_STREAMS_MAX`` streams already."""
    if not fanout.hub.reserve():
        return refused(request)
    last = request.headers.get("Last-Event-ID") or request.GET.get("lastEventId", "")
    return EventStreamResponse(channels, last)


def refused(request: HttpRequest) -> HttpResponse:
    return refused_at(request.path)


def refused_at(path: str) -> HttpResponse:
    """The 503 of a stream the process has no room for (or no place to open it soon enough)."""
    detail = _("this server holds as many live streams as it can: try again shortly, or read the game")
    response: HttpResponse
    if path.startswith("/api/"):
        response = JsonResponse(error_body("unavailable", detail), status=503)  # the API's one error body
    else:
        response = HttpResponse(detail, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-cache"
    return response
