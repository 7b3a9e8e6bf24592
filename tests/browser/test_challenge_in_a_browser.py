"""The challenge journey in a real browser (issue 31), two players in two browser contexts (Debian's
headless Chromium through Playwright), at 1280 px in English and at 390 px in Ukrainian: Anna opens
Bob's page and presses "Challenge"; the Play page has his handle filled in, suggests him by name as
she types, shows the set of potentials only while GIPF with potentials is chosen; she sends a DVONN
challenge, 5+3, as White. Bob, on his Play page, sees it arrive and the header count it without
reloading; he accepts and is at the game; Anna's page takes her there by itself. Each then plays a
move by clicking the board: DVONN's first moves place pieces on empty spaces (``c3``, then ``d3``).

The site is served by uvicorn (``asgi_server``) so that the pages follow the players' streams; once
more by pytest-django's WSGI live server, whose streams answer 204: the Play page then asks every few
seconds, and the journey is the same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.models import Challenge, Game, Move
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import DESK, _click_move, _page, _player, _sees_ply, asgi_server

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

__all__ = ["asgi_server"]  # the fixture, imported for this module's tests

WORDS = {
    "en-GB": {"challenge": "Challenge", "accept": "Accept"},
    "uk": {"challenge": "Викликати", "accept": "Прийняти"},
}


STREAM = {"asgi": "open", "wsgi": "closed"}  # the player stream as header.js found it


@pytest.mark.parametrize(
    ("viewport", "locale", "server"),
    [(DESK, "en-GB", "asgi"), (PHONE, "uk", "asgi"), (DESK, "en-GB", "wsgi")],
    ids=["1280px-en", "390px-uk", "1280px-en-no-stream"],
)
def test_a_challenge_sent_from_a_player_page_reaches_the_other_and_both_play(
    browser: Any, shots: Path, viewport: dict[str, int], locale: str, server: str, site: str
) -> None:
    from playwright.sync_api import expect

    base = site
    words, name = WORDS[locale], f"{viewport['width']}{locale[:2]}{server}"

    def _stream_open(page: Any) -> None:
        page.wait_for_selector(f'html[data-player-stream="{STREAM[server]}"]', state="attached")

    anna, bob = _player(f"Anna{name}"), _player(f"Bob{name}")
    anna.display_name = "Anna Vermeer"
    anna.save()
    bob.display_name = f"Bob Burm {name}"
    bob.save()
    challenger = _page(browser, base, anna.user.username, viewport, locale)
    challenged = _page(browser, base, bob.user.username, viewport, locale)

    challenged.goto(base + "/games/challenges/")
    _stream_open(challenged)
    challenged.evaluate("window.notReloaded = true")

    challenger.goto(base + bob.get_absolute_url())
    button = challenger.locator("#challenge-action a")
    assert button.inner_text() == words["challenge"]
    button.click()
    challenger.wait_for_selector("#challenge-form")
    # the form's deferred script listens to the field once the document is parsed: typing before
    # that (a slow first load of the script) would go unheard
    challenger.wait_for_load_state("domcontentloaded")
    assert challenger.input_value("#id_opponent") == bob.handle
    # suggestions by name: "Burm" offers Bob, his handle as the value
    challenger.fill("#id_opponent", "Burm")
    option = challenger.locator(f'#opponent-suggestions option[value="{bob.handle}"]')
    expect(option).to_have_count(1)
    assert option.get_attribute("label") == bob.display_name
    challenger.fill("#id_opponent", bob.handle)
    # GIPF's set of potentials only for a GIPF game; the custom time control only when chosen
    potentials = challenger.locator("[data-option-games]").first
    challenger.select_option("#id_game", "gipf-pot-standard")
    expect(potentials).to_be_visible()
    challenger.select_option("#id_game", "dvonn")
    expect(potentials).to_be_hidden()
    expect(challenger.locator("[data-custom-clock]")).to_be_hidden()
    challenger.select_option("#id_clock", "custom")
    expect(challenger.locator("[data-custom-clock]")).to_be_visible()
    challenger.select_option("#id_clock", "5+3")
    challenger.select_option("#id_colour", "white")
    challenger.screenshot(path=str(shots / f"challenge-{name}-1-form.png"), full_page=True)
    challenger.click("#challenge-send")
    challenger.wait_for_selector('#challenges-sent tr[data-status="open"]')
    sent = Challenge.objects.get(challenger=anna)
    assert (sent.challenged_id, sent.game, sent.time_control, sent.colour) == (
        bob.pk,
        "dvonn",
        "5+3",
        "white",
    )
    _stream_open(challenger)
    assert challenger.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # Bob's page shows it without reloading, his header counts it
    row = challenged.locator(f'#challenges-received tr[data-challenge="{sent.pk}"]')
    expect(row).to_have_count(1)
    expect(challenged.locator("[data-challenges-waiting]")).to_have_text("1")
    assert challenged.evaluate("window.notReloaded === true"), "the page was reloaded"
    challenged.screenshot(path=str(shots / f"challenge-{name}-2-received.png"), full_page=True)
    accept = row.locator('form[action$="/accept/"] button')
    assert accept.inner_text() == words["accept"]
    accept.click()
    challenged.wait_for_selector("#play-area")
    game = Game.objects.get()
    assert (game.white_id, game.black_id, game.time_control) == (anna.pk, bob.pk, "5+3")

    # Anna's page takes her to the game by itself
    challenger.wait_for_url(re.compile(rf"/games/{game.pk}/$"), timeout=20_000)
    challenger.wait_for_selector("#play-area")
    for page in (challenger, challenged):
        page.evaluate("window.notReloaded = true")
    _click_move(challenger, ["c3"], "c3")
    _sees_ply(challenged, 1)
    _click_move(challenged, ["d3"], "d3")
    challenger.evaluate("window.notReloaded = true")
    _sees_ply(challenger, 2)
    challenger.screenshot(path=str(shots / f"challenge-{name}-3-played.png"), full_page=True)
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["c3", "d3"]
    for page in (challenger, challenged):
        assert page.refused == []
