"""A webhook receiver for the tests: a real HTTP server on 127.0.0.1 (a thread), keeping every POST
it took (headers and body), answering each with the status its ``answers`` give (200 once they run
out), and a check of a message's signature done as a receiver would, with the standard library."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def message(self) -> dict[str, Any]:
        return json.loads(self.body)  # type: ignore[no-any-return]

    def signed_with(self, secret: str) -> bool:
        """The signature header is the HMAC-SHA256 of the body with ``secret``, as a receiver checks it."""
        expected = "sha256=" + hmac.new(secret.encode(), self.body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(self.headers.get("X-Gipf-Signature", ""), expected)


@dataclass
class Receiver:
    url: str
    received: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)

    def kinds(self) -> list[str]:
        return [item.message["kind"] for item in self.received]


def start_receiver() -> tuple[Receiver, ThreadingHTTPServer]:
    receiver = Receiver("")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the standard library's name
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            with lock:
                receiver.received.append(Received(self.path, dict(self.headers.items()), body))
                status = receiver.answers.pop(0) if receiver.answers else 200
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}/hooks/gipf"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return receiver, server
