"""Issue 36's promise in the scaled setup: PostgreSQL, Redis, a Celery worker, uvicorn serving the
site and the streams, and a real SMTP server process (aiosmtpd, writing what it receives to a
Maildir folder), all started here. The organiser and six players do everything through the API
(``tests/accounts/round_scenario.py``: sign-up, tokens, claims, a YINSH Swiss played on the
service at 5+3). Each player follows his own stream (``/api/play/events/``) before round 1 is
published; once it is, each one receives, within 5 s of the publication's answer (the issue's
figure): a ``round-published`` notice (``/api/notices/``: his board and when his game starts), a
``game-start`` event on his stream, and an
e-mail through the SMTP server, in his language, with ``List-Unsubscribe`` (one-click: RFC 8058)
whose link works on the site.
"""

from __future__ import annotations

import json
import mailbox
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.header import decode_header, make_header
from pathlib import Path
from typing import Any

import pytest

from accounts.models import NoticePreference
from tests.accounts import round_scenario as scenario
from tests.integration.conftest import ROOT, Workers, wait_for
from tests.integration.test_player_stream_bot import Bot
from tests.integration.test_streams import _free_port, _uvicorn

pytestmark = pytest.mark.django_db(transaction=True)

WITHIN = 5.0  # seconds, from the publication's answer (issue 36)


class HttpSite:
    """The API of the uvicorn process, over HTTP."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, Any]:
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                raw = answer.read()
                return answer.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as refused:
            raw = refused.read()
            return refused.code, json.loads(raw) if raw else None

    def page(self, path: str, form: str | None = None) -> tuple[int, str]:
        """A page (GET, or a form POST of ``form``), its status and text."""
        data = None if form is None else form.encode()
        request = urllib.request.Request(
            self.base + path, data=data, method="GET" if form is None else "POST"
        )
        if form is not None:
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()


@pytest.fixture
def smtp(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """aiosmtpd on a free port, keeping what it receives in a Maildir folder."""
    port, box = _free_port(), tmp_path / "received"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            f"127.0.0.1:{port}",
            "-c",
            "aiosmtpd.handlers.Mailbox",
            str(box),
        ],
        cwd=ROOT,
    )
    try:
        import socket

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except OSError:
                return False
            return True

        wait_for(listening, timeout=30, what="the SMTP server")
        yield port, box
    finally:
        server.terminate()
        server.wait(10)


def _received(box: Path) -> dict[str, Any]:
    """The messages in the Maildir, by recipient."""
    if not box.exists():
        return {}
    return {message["To"]: message for message in mailbox.Maildir(str(box), create=False)}


def _text(header: str) -> str:
    return str(make_header(decode_header(header)))


def test_every_player_is_told_of_his_games_start_on_every_channel_within_5_s(
    smtp: tuple[int, Path], workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    smtp_port, box = smtp
    port = _free_port()
    mail_env = {
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "EMAIL_USE_TLS": "0",
        "NOTICE_EMAILS": "1",
        "SITE_URL": f"http://127.0.0.1:{port}",
        "DEFAULT_FROM_EMAIL": "tournaments@example.org",
    }
    for name, value in mail_env.items():
        monkeypatch.setenv(name, value)  # the worker's and uvicorn's environment
    workers.start()
    server = _uvicorn(port, extra=mail_env)
    try:
        site = HttpSite(port)
        made = scenario.paired_round(
            site, lambda condition: wait_for(condition, timeout=120, what="round 1 paired")
        )
        bots = {handle: Bot(port, handle) for handle in scenario.HANDLES}
        heard: dict[str, float] = {}
        for handle, bot in bots.items():
            assert bot.opened.wait(30), handle

            def note(kind: str, data: dict[str, Any], handle: str = handle) -> None:
                if kind == "game-start":
                    heard.setdefault(handle, time.monotonic())

            bot.on_event = note
        published = scenario.publish(site, made)
        told: dict[str, float] = {}
        mailed: dict[str, float] = {}

        def everyone() -> bool:
            now = time.monotonic()
            for handle in scenario.HANDLES:
                if handle not in told and scenario.notices_of(site, made, handle):
                    told[handle] = now
            for address in _received(box):
                mailed.setdefault(address, now)
            return len(told) == len(heard) == len(mailed) == len(scenario.HANDLES)

        wait_for(everyone, timeout=60, what="every player's notice, stream event and e-mail")
        late = {
            channel: {who: round(at - published, 2) for who, at in times.items() if at - published > WITHIN}
            for channel, times in (("notice", told), ("stream", heard), ("e-mail", mailed))
        }
        worst = {
            channel: round(max(at - published for at in times.values()), 2)
            for channel, times in (("notice", told), ("stream", heard), ("e-mail", mailed))
        }
        print(f"the slowest of the six after the publication's answer, in seconds: {worst}")  # noqa: T201
        assert late == {"notice": {}, "stream": {}, "e-mail": {}}
        received = _received(box)
        for handle in scenario.HANDLES:
            (notice,) = scenario.notices_of(site, made, handle)
            assert notice["kind"] == "round-published"
            message = received[f"{handle}@example.org"]
            subject = _text(message["Subject"])
            body = message.get_payload(decode=True).decode(message.get_content_charset() or "utf-8")
            if handle in scenario.UKRAINIAN:
                assert subject.startswith("Турніри проєкту GIPF: ") and "ваша партія починається о" in body
            else:
                assert subject.startswith("GIPF project tournaments: ") and "your game starts at" in body
            stop = message["List-Unsubscribe"].strip().strip("<>")
            assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            assert stop.startswith(site.base + "/accounts/unsubscribe/") and stop in body
        # the link works on the site: one POST (a mail program's one click) stops them for Cid
        stop = received["cid@example.org"]["List-Unsubscribe"].strip().strip("<>")
        path = stop[len(site.base) :]
        assert site.page(path)[0] == 200
        status, text = site.page(path, "List-Unsubscribe=One-Click")
        assert status == 200 and 'id="unsubscribed"' in text
        assert NoticePreference.objects.get(user__username="cid").email_off == ["round-published"]
        assert site.page(path[:-2] + ("x" if path[-2] != "x" else "y") + "/")[0] == 400  # forged
        for bot in bots.values():
            bot.close()
    finally:
        server.terminate()
        server.wait(10)
