"""A server-sent event stream read from a blocking socket, as the integration tests' readers read it."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator


def open_stream(port: int, path: str, timeout: float, headers: str = "") -> socket.socket:
    """A connection to the local server at ``port`` that has asked for the event stream at ``path``
    (``headers``: further request header lines, each ending in CRLF)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Accept: text/event-stream\r\n\r\n".encode()
    )
    return sock


def stream_events(sock: socket.socket, on_open: Callable[[], None]) -> Iterator[tuple[str, str, str]]:
    """Each event's data as it comes, ``(kind, id, data)`` (``id`` "" when the event has none), until the
    connection ends or fails; ``on_open`` is called when the stream's ``stream-open`` event arrives."""
    buffer, kind, event_id = b"", "", ""
    while True:
        try:
            data = sock.recv(65536)
        except OSError:
            return
        if not data:
            return
        buffer += data
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            text = line.decode(errors="replace").strip()
            if text.startswith("event: "):
                kind, event_id = text[7:], ""
                if kind == "stream-open":
                    on_open()
            elif text.startswith("id: "):
                event_id = text[4:]
            elif text.startswith("data: "):
                yield kind, event_id, text[6:]
