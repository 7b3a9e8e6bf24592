"""The game page's viewer steps on the page (issue 31): on a slow server (each position answered
after 300 ms) thirty quick presses of the left arrow reach thirty plies back, none lost, and every
position is fetched at most once, going back and forth included.

Debian's headless Chromium through Playwright, as the other browser tests (skipped without it
outside CI)."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PRESSES = 30


def _dvonn_game() -> str:
    from games.models import Game
    from tournaments.models import Event

    call_command("demo", "--known-passwords", verbosity=0)
    dvonn = Event.objects.get(slug="dvonn-open")
    game = (
        Game.objects.filter(verified_at__isnull=False, pairing_game__pairing__round__event=dvonn)
        .order_by("pk")
        .first()
    )
    assert game is not None
    return game.get_absolute_url()


def test_no_key_press_is_lost_on_a_slow_server(live_server: Any, browser: Any, shots: Path) -> None:
    address = _dvonn_game()
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page.set_default_timeout(30_000)
    fetched: Counter[int] = Counter()

    def slow(route: Any) -> None:
        ply = int(parse_qs(urlparse(route.request.url).query)["ply"][0])
        fetched[ply] += 1
        time.sleep(0.3)
        route.continue_()

    page.route("**/board.svg?*", slow)
    page.goto(live_server.url + address)
    viewer = page.locator("#board-viewer")
    plies = int(viewer.get_attribute("data-plies"))
    assert plies > PRESSES and int(viewer.get_attribute("data-ply")) == plies
    for _ in range(PRESSES):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - PRESSES}']")
    assert page.url.endswith(f"?ply={plies - PRESSES}")
    assert page.locator(f'#move-list a[data-ply="{plies - PRESSES}"]').get_attribute("aria-current") == "step"
    status = page.locator("#board-status").inner_text()
    assert f"(ply {plies - PRESSES})" in status
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - PRESSES + 5}']")
    page.keyboard.press("End")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies}']")
    for _ in range(3):  # the Back button, clicked quickly, as the keys
        page.click("#board-viewer [data-step='back']")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - 3}']")
    page.screenshot(path=str(shots / "viewer-slow-server.png"), full_page=True)
    assert fetched and max(fetched.values()) == 1, fetched  # each position loaded once
    assert plies not in fetched  # the one the page came with
