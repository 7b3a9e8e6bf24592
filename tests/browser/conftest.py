"""The browser tests' shared fixtures: Debian's headless Chromium through Playwright (skipped without
it outside CI, a failure in CI) the folder for screenshots (``$BROWSER_ARTIFACTS``) and the server's
clock moved forward by the test (``later``); the site under the test's ``server`` (``site``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI must run the browser test: scripts/install installs it)")
    pytest.skip(f"{reason}; run scripts/install as root to install it")


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed")
    if not Path(CHROMIUM).exists():
        _missing(f"Debian's Chromium is not installed ({CHROMIUM})")
    # Playwright runs an event loop in this thread; the ORM work is done before it starts. Only for
    # this test: later tests start processes (e.g. the deploy check) that must not inherit it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            yield chromium
        finally:
            chromium.close()


def _reading_without_table_locks(connection: Any, **kwargs: object) -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


@pytest.fixture(autouse=True)
def readers_take_no_table_locks() -> Iterator[None]:
    """The test database is SQLite in memory, one cache shared by the test's thread and the server's
    (each of uvicorn's requests opens a connection of its own). In a shared cache a reader locks the
    tables it reads, and a write meeting that lock fails at once, not waited out by the busy timeout
    ("database table is locked: auth_user": the test logging a player in while a page's request
    reads the users). The service's own file has no shared cache, and its readers never stop a writer
    (docs/configuration.md, "The embedded database"); here, every connection reads without those
    locks (SQLite's ``read_uncommitted``, which only a shared cache heeds)."""
    from django.db import connection
    from django.db.backends.signals import connection_created

    connection_created.connect(_reading_without_table_locks)
    if connection.connection is not None:
        _reading_without_table_locks(connection)
    try:
        yield
    finally:
        connection_created.disconnect(_reading_without_table_locks)


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> list[timedelta]:
    """``later[0]``: how far the server's clock is moved forward (0 at first)."""
    real = timezone.now
    offset = [timedelta(0)]
    monkeypatch.setattr("django.utils.timezone.now", lambda: real() + offset[0])
    return offset


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("BROWSER_ARTIFACTS") or tmp_path_factory.mktemp("browser-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


def site_of(request: pytest.FixtureRequest, server: str, settings: Any) -> str:
    """The site's address under ``server``: "asgi", uvicorn in a thread (the ``asgi_server`` fixture, which
    the test's module imports), else pytest-django's WSGI live server; the host names of the pages and
    of the test's own client allowed."""
    base = (
        request.getfixturevalue("asgi_server")
        if server == "asgi"
        else request.getfixturevalue("live_server").url
    )
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
    return str(base)


@pytest.fixture
def site(request: pytest.FixtureRequest, server: str, settings: Any) -> str:
    """The site under the test's ``server`` parameter (``site_of``), Playwright's expectations waiting
    up to 20 s (a loaded machine)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    return site_of(request, server, settings)
