"""The streams' opening gate (``games.live.stream_gate``) with a stand-in application: only the stream
addresses pass through it; a stream holds its place until its first body is sent; one that waits
longer than ``EVENT_STREAMS_OPEN_WAIT`` is a 503 with ``Retry-After``; other requests never wait."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from django.test import override_settings
from django.urls import URLResolver, get_resolver

from games.live import fanout, stream_gate


@pytest.mark.parametrize(
    ("path", "gated"),
    [
        ("/api/play/7/events/", True),
        ("/api/play/events/", True),
        ("/games/7/events/", True),
        ("/games/my-events/", True),
        ("/events/spring-open/rounds/3/events/", True),
        ("/games/events/spring-open/queue/events/", True),
        ("/events/spring-open/rounds/3/", False),
        ("/games/events/spring-open/queue/", False),
        ("/games/7/", False),
        ("/api/play/7/", False),
        ("/api/play/7/events/x/", False),
        ("/games/x/events/", False),
    ],
)
def test_the_stream_addresses_are_gated(path: str, gated: bool) -> None:
    assert bool(stream_gate.STREAM_PATH.match(path)) is gated


def _route(pattern: Any) -> str:
    """A route as a path with sample values: 7 for a number or a router's key, spring-open for a slug."""
    text = str(pattern.pattern).removeprefix("^").removesuffix("$")
    text = re.sub(r"<int:\w+>|\(\?P<\w+>\[\^/\.\]\+\)", "7", text)
    return re.sub(r"<(?:slug|str):\w+>", "spring-open", text)


def _routes(patterns: list[Any], prefix: str = "") -> list[str]:
    """Every route of the site as a path with sample values (format suffixes left out)."""
    found = []
    for pattern in patterns:
        route = prefix + _route(pattern)
        if isinstance(pattern, URLResolver):
            found += _routes(pattern.url_patterns, route)
        elif "(?P<format>" not in route:
            found.append("/" + route)
    return found


def test_every_stream_of_the_site_is_gated() -> None:
    """A new stream (a route ending in ``events/``) left out of the gate would hold one of the
    process's few places for other requests for its whole life."""
    routes = _routes(get_resolver().url_patterns)
    # /api/events/ is the API's list of tournament events, not a stream
    streams_found = [route for route in routes if route.endswith("events/") and route != "/api/events/"]
    assert len(streams_found) >= 6  # games', players', a round's, a queue's: page and API
    assert [route for route in streams_found if not stream_gate.STREAM_PATH.match(route)] == []


class Stand:
    """An application answering each request when told to: its first body then."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.go: dict[str, asyncio.Event] = {}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.started.append(scope["path"])
        assert fanout.hub.reserve()  # as the stream's view does
        try:
            event = self.go.setdefault(scope["path"], asyncio.Event())
            await event.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"event: stream-open\n\n", "more_body": True})
            await asyncio.sleep(3600)  # the stream stays open
        finally:
            fanout.hub.release()


def _scope(path: str) -> dict[str, Any]:
    return {"type": "http", "path": path, "method": "GET", "headers": []}


class Sent(list[Any]):
    """The messages an application sent, itself the ``send`` it was given."""

    async def __call__(self, message: Any) -> None:
        self.append(message)


async def _receive() -> Any:
    """A client that never says more."""
    await asyncio.sleep(3600)


def _request(application: Any, path: str, sent: Sent) -> asyncio.Future[Any]:
    """A GET of ``path`` through ``application``, running."""
    return asyncio.ensure_future(application(_scope(path), _receive, sent))


@override_settings(EVENT_STREAMS_OPENING=1, EVENT_STREAMS_OPEN_WAIT=0.3, EVENT_STREAMS_MAX=10)
def test_one_place_one_stream_opens_at_a_time_and_a_long_wait_is_a_503() -> None:
    async def scenario() -> tuple[list[str], list[str], list[Any], list[str]]:
        stand = Stand()
        gate = stream_gate.OpeningGate(stand)
        sent = Sent()
        first = _request(gate, "/games/1/events/", sent)
        second = _request(gate, "/games/2/events/", sent)
        page = _request(gate, "/games/2/", sent)
        await asyncio.sleep(0.1)
        while_first_opens = list(stand.started)  # the second waits; the page does not
        stand.go.setdefault("/games/1/events/", asyncio.Event()).set()
        await asyncio.sleep(0.1)
        after_first_opened = list(stand.started)
        third = _request(gate, "/api/play/3/events/", sent)
        await asyncio.wait_for(third, 5)  # the second never sends: the third waits too long
        refused = [m for m in sent if m.get("status") == 503]
        for task in (first, second, page):
            task.cancel()
        await asyncio.gather(first, second, page, return_exceptions=True)
        return while_first_opens, after_first_opened, refused, [m["type"] for m in sent]

    while_first_opens, after_first_opened, refused, _kinds = asyncio.run(scenario())
    assert sorted(while_first_opens) == ["/games/1/events/", "/games/2/"]
    assert sorted(after_first_opened) == ["/games/1/events/", "/games/2/", "/games/2/events/"]
    assert len(refused) == 1
    headers = dict(refused[0]["headers"])
    assert headers[b"retry-after"] == b"30"
    assert headers[b"content-type"].startswith(b"application/json")  # the API's one error body


@override_settings(EVENT_STREAMS_OPENING=1, EVENT_STREAMS_OPEN_WAIT=30, EVENT_STREAMS_MAX=1)
def test_a_full_process_refuses_at_once() -> None:
    async def scenario() -> list[Any]:
        stand = Stand()
        gate = stream_gate.OpeningGate(stand)
        sent = Sent()
        first = _request(gate, "/games/1/events/", sent)
        await asyncio.sleep(0.05)
        await asyncio.wait_for(gate(_scope("/games/1/events/"), _receive, sent), 1)  # not after 30 s
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        return [m.get("status") for m in sent if m["type"] == "http.response.start"]

    assert asyncio.run(scenario()) == [503]


@override_settings(ASGI_REQUESTS_AT_ONCE=1, EVENT_STREAMS_OPENING=0)
def test_other_requests_run_so_many_at_once_and_streams_pass_them() -> None:
    """``config.asgi``: with one place, a second page waits for the first to finish; a stream does not."""
    import os
    from unittest import mock

    with mock.patch.dict(os.environ):  # its DB_CONN_MAX_AGE=0 stays the ASGI process's
        import config.asgi

    async def scenario() -> tuple[list[str], list[str]]:
        stand = Stand()
        with (
            mock.patch.object(config.asgi, "gated_application", stand),
            mock.patch.object(config.asgi, "_running", None),
        ):
            tasks = [
                _request(config.asgi.application, path, Sent())
                for path in ("/games/1/", "/games/2/", "/games/3/events/")
            ]
            await asyncio.sleep(0.1)
            while_first_runs = list(stand.started)
            # the first page ends (its stand-in stream is cut): the second page starts
            stand.go.setdefault("/games/1/", asyncio.Event()).set()
            await asyncio.sleep(0.05)
            tasks[0].cancel()
            await asyncio.sleep(0.1)
            after = list(stand.started)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return while_first_runs, after

    while_first_runs, after = asyncio.run(scenario())
    assert sorted(while_first_runs) == ["/games/1/", "/games/3/events/"]
    assert sorted(after) == ["/games/1/", "/games/2/", "/games/3/events/"]
