"""Games played on the service end with the right words and their final result at once (issue 31), in
a real browser: two players, each in his own browser context (Debian's headless Chromium through
Playwright), at 1280 px in English and at 390 px in Ukrainian.

* DVONN, 5+3: White places on c3, Black on e3, White on f3 (the first moves place pieces on empty
  spaces; the clocks run once both sides have moved), Black offers a draw, White's page shows the offer live and White accepts it: both pages show 1/2-1/2, "Drawn by
  agreement" ("Нічия за згодою"), without reloading. Before that, White's "My games" lists the game
  with both clocks, Black's running (5:00 less the seconds since his turn began) and counting down.
* GIPF standard, 5+3: White (Anna Vermeer) resigns at once: both pages show 0-1, "Anna Vermeer
  resigned" ("Anna Vermeer здає партію").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Game
from games.play import state
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import (  # noqa: F401 - asgi_server: the fixture
    DESK,
    _click_move,
    _open,
    _page,
    _sees_ply,
    asgi_server,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

WORDS = {
    "en-GB": {
        "drawn": "Drawn by agreement",
        "resigned": "Anna Vermeer resigned",
        "to move": "Kris Burm to move",
    },
    "uk": {"drawn": "Нічия за згодою", "resigned": "Anna Vermeer здає партію", "to move": "Ходить Kris Burm"},
}


def _player(name: str, handle: str) -> Player:
    user = User.objects.create_user(handle, password=f"pw-{handle}-12345")
    return Player.objects.create(display_name=name, handle=handle, user=user)


def _ending(page: Any) -> str:
    page.wait_for_selector("#game-ending")
    return str(page.locator("#game-ending").inner_text())


def _seconds(text: str) -> int:
    minutes, seconds = text.strip().split(":")
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESK, "en-GB"), (PHONE, "uk")], ids=["desk-en", "phone-uk"]
)
def test_a_draw_agreed_and_a_resignation_end_games_with_their_words_at_once(
    asgi_server: str,  # noqa: F811 - the fixture imported above
    browser: Any,
    shots: Path,
    viewport: dict[str, int],
    locale: str,
) -> None:
    base, words, name = asgi_server, WORDS[locale], f"{viewport['width']}-{locale}"
    anna, kris = _player("Anna Vermeer", "anna-vermeer"), _player("Kris Burm", "kris-burm")
    dvonn = state.create_service_game(anna, kris, "dvonn", "5+3")
    white = _page(browser, base, "anna-vermeer", viewport, locale)
    black = _page(browser, base, "kris-burm", viewport, locale)
    _open(white, base + dvonn.get_absolute_url())
    _open(black, base + dvonn.get_absolute_url())
    # the first moves (the clocks wait for both), then White's second: Black's clock runs
    _click_move(white, ["c3"], "c3")
    white.evaluate("window.notReloaded = true")  # his own move reloaded his page: from now on, none
    _sees_ply(black, 1)
    _click_move(black, ["e3"], "e3")
    black.evaluate("window.notReloaded = true")
    _sees_ply(white, 2)
    _click_move(white, ["f3"], "f3")
    white.evaluate("window.notReloaded = true")
    _sees_ply(black, 3)

    # White's "My games": the game with both clocks, Black's running and counting down
    mine = white.context.new_page()
    refused: list[str] = []
    mine.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    mine.goto(base + "/accounts/my-games/")
    row = mine.locator(f'tr.play-line[data-game="{dvonn.pk}"]')
    assert words["to move"] in row.inner_text()
    running = row.locator(".clock-time[data-running]")
    assert running.count() == 1 and 0 < _seconds(running.inner_text()) <= 300
    white_clock = row.locator(".clock-time").first  # White's 5:00, less his second move, plus 3 s: stopped
    assert white_clock.get_attribute("data-running") is None and 0 < _seconds(white_clock.inner_text()) <= 303
    before = _seconds(running.inner_text())
    mine.wait_for_timeout(2_200)
    assert _seconds(running.inner_text()) < before  # counting down on the page
    assert mine.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    mine.screenshot(path=str(shots / f"endings-{name}-my-games.png"), full_page=True)

    # Black offers a draw; White's page shows it live and White accepts
    black.click("#draw-offer-button")
    black.wait_for_load_state()
    white.wait_for_selector("#draw-accept")
    assert white.evaluate("window.notReloaded === true"), "the page was reloaded"
    assert "Kris Burm" in white.locator("#draw-standing").inner_text()
    black.evaluate("window.notReloaded = true")
    white.click("#draw-accept")
    white.wait_for_load_state()
    black.wait_for_selector('#play-area[data-over="1"]')
    assert black.evaluate("window.notReloaded === true"), "the page was reloaded"
    for page in (white, black):
        assert _ending(page) == f"1/2-1/2 · {words['drawn']}"
        assert page.locator("#submissions-pane").count() == 0 and page.locator("#answer").count() == 0
    black.screenshot(path=str(shots / f"endings-{name}-drawn.png"), full_page=True)
    dvonn.refresh_from_db()
    assert (dvonn.result, dvonn.termination, dvonn.state) == ("1/2-1/2", "agreement", Game.State.OFFICIAL)

    # GIPF: White resigns at once; Black's page shows the end live
    gipf = state.create_service_game(anna, kris, "gipf-standard", "5+3")
    _open(white, base + gipf.get_absolute_url())
    _open(black, base + gipf.get_absolute_url())
    assert white.locator("#draw-offer-button").count() == 0  # GIPF cannot be drawn
    white.check('#resign-form input[name="confirmed"]')
    white.click("#resign-form button")
    white.wait_for_load_state()
    black.wait_for_selector('#play-area[data-over="1"]')
    assert black.evaluate("window.notReloaded === true"), "the page was reloaded"
    for page in (white, black):
        assert _ending(page) == f"0-1 · {words['resigned']}"
        assert re.search(r"download", page.locator("body").inner_html())  # the record stays downloadable
    black.screenshot(path=str(shots / f"endings-{name}-resigned.png"), full_page=True)
    assert Game.objects.get(pk=gipf.pk).state == Game.State.OFFICIAL
    assert white.refused == [] and black.refused == [] and refused == []
