"""Clocks from the first moves, an abort on time and a takeback in a real browser (issue 31): two
players, each in his own browser context (Debian's headless Chromium through Playwright), at 1280 px
in English and at 390 px in Ukrainian, the site served by uvicorn in a thread of the test so that
the pages follow the game by its live events.

Time is not waited for: the server's clock (``django.utils.timezone.now``, read by the server's
thread too) is moved forward by the test. The browser's own clock is not, and need not be: no clock
runs on the page before both first moves. GIPF standard's first moves (docs/rules.md): White
``a1-c3`` (the dot a1, then b2), Black ``e9-e7`` (e9, then e8). 1+0: 60 s each; the start window
180 s (``GAME_START_LIVE``).
"""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, Move
from games.play import flags, state
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import (  # noqa: F401 - asgi_server is a fixture
    DESK,
    _click_move,
    _open,
    _page,
    _player,
    _sees_ply,
    asgi_server,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

ABORTED = {
    "en-GB": "Aborted: the game did not start, no result.",
    "uk": "Скасовано: партія не розпочалася, без результату.",
}


def _clock(page: Any, side: str) -> str:
    return str(page.locator(f"#clock-{side} .clock-time").inner_text())


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESK, "en-GB"), (PHONE, "uk")], ids=["desk-en", "phone-uk"]
)
def test_clocks_start_with_the_first_moves_a_takeback_and_an_abort(
    asgi_server: str,  # noqa: F811 - the fixture imported above
    browser: Any,
    shots: Path,
    later: list[timedelta],
    viewport: dict[str, int],
    locale: str,
) -> None:
    name = locale[:2]
    ann, bob = _player(f"Ann{name}"), _player(f"Bob{name}")
    game = state.create_service_game(ann, bob, "gipf-standard", "1+0")
    white = _page(browser, asgi_server, ann.user.username, viewport, locale)
    black = _page(browser, asgi_server, bob.user.username, viewport, locale)
    _open(black, asgi_server + game.get_absolute_url())

    # 75 s after the acceptance (a 1+0 game used to be lost by then): White's page, opened now, shows
    # the game in play with a minute each and no clock running
    later[0] = timedelta(seconds=75)
    _open(white, asgi_server + game.get_absolute_url())
    assert white.locator('#play-area[data-over="0"]').count() == 1
    assert (_clock(white, "white"), _clock(white, "black")) == ("1:00", "1:00")
    assert white.locator(".clock[data-running]").count() == 0
    # White's first move is due within 180 - 75 = 105 s (less the real seconds the test took)
    assert 0 < int(white.locator("#start-due").get_attribute("data-seconds")) <= 105
    white.screenshot(path=str(shots / f"starts-{name}-1-not-started.png"), full_page=True)
    _click_move(white, ["a1", "b2"], "a1-c3")
    _sees_ply(black, 1)
    assert black.locator(".clock[data-running]").count() == 0  # Black's clock waits for his move
    assert _clock(black, "black") == "1:00"

    # Black answers 150 s later (his clock never ran): the game starts, White's clock runs
    later[0] += timedelta(seconds=150)
    _click_move(black, ["e9", "e8"], "e9-e7")
    white.evaluate("window.notReloaded = true")
    _sees_ply(white, 2)
    assert white.locator("#clock-white[data-running]").count() == 1
    assert _clock(white, "black") == "1:00"
    started = Game.objects.get(pk=game.pk)
    assert (started.finished_at, started.white_time, started.black_time) == (
        None,
        timedelta(seconds=60),
        timedelta(seconds=60),
    )

    # Black asks to take back e9-e7; White's page shows the request live and accepts it
    black.click("#takeback-ask")
    black.wait_for_load_state()
    white.wait_for_selector("#takeback-accept")
    assert white.evaluate("window.notReloaded === true")
    white.screenshot(path=str(shots / f"starts-{name}-2-takeback-asked.png"), full_page=True)
    white.click("#takeback-accept")
    white.wait_for_load_state()
    black.evaluate("window.notReloaded = true")
    _sees_ply(black, 1)
    black.wait_for_selector("#move-form")  # his move again
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["a1-c3"]
    black.screenshot(path=str(shots / f"starts-{name}-3-taken-back.png"), full_page=True)

    # a second game nobody starts: at 180 s the clocks' ticker (beat's) aborts it,
    # and both pages show it without a result, without reloading
    never = state.create_service_game(ann, bob, "gipf-standard", "1+0")
    _open(white, asgi_server + never.get_absolute_url())
    _open(black, asgi_server + never.get_absolute_url())
    assert never.flag_at == never.first_move_by  # its flag's moment, for the clocks' ticker
    later[0] += timedelta(seconds=181)
    # the clocks' ticker, or a read of the game by either open page (a stream reconnecting checks its flag
    # too, games.play.flags) if one comes first: either way the game is over now, aborted (below). The
    # test's SQLite (one in-memory database shared by the test's and the server's threads) refuses
    # a write at once while a page reads the same table, where a file's waits: the ticker's end is
    # then left to its next look, so the test looks again as the ticker and sweep would
    for _attempt in range(20):  # the clocks' ticker's look (beat's), again while a read holds it
        flags.tick(timezone.now())
        if Game.objects.get(pk=never.pk).finished_at is not None:
            break
        time.sleep(0.25)
    assert Game.objects.get(pk=never.pk).finished_at is not None
    for page in (white, black):
        page.wait_for_selector('#play-area[data-over="1"]')
        assert page.locator("#play-aborted").inner_text() == ABORTED[locale]
        assert page.evaluate("window.notReloaded === true")
    black.screenshot(path=str(shots / f"starts-{name}-4-aborted.png"), full_page=True)
    never.refresh_from_db()
    assert (never.state, never.result) == ("aborted", "")
    assert black.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for page in (white, black):
        assert page.refused == []
