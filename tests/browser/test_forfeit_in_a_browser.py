"""A game of an event's round lost by forfeit in a real browser (issue 36): two players of a round of
an event played on the service, each in his own browser context (Debian's headless Chromium through
Playwright), at 1280 px in English and at 390 px in Ukrainian, the site served by uvicorn in a
thread of the test. White never makes his first move; when the event's grace (30 s) has passed, both
pages show, without reloading, that he lost by forfeit, in that wording; so do My games and the round.

Time is not waited for: the server's clock is moved forward by the test, and the moment's task (what
the worker runs then) is run by the test. Worked by hand: round 1 of a round robin of four (unrated
players numbered by name) is Ann-Dan, Bob-Cid, White first; Ann makes no first move: ``-/+``."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Game
from games.play import flags
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import DESK, _open, _page, asgi_server  # noqa: F401 - a fixture
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts
from tournaments.events import services as event_services
from tournaments.pairing import services as pairing_services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

FORFEIT = {
    "en-GB": "-/+ · Ann lost by forfeit: no first move within 30 seconds",
    "uk": "-/+ · Ann — технічна поразка: немає першого ходу протягом 30 секунд",
}


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESK, "en-GB"), (PHONE, "uk")], ids=["desk-en", "phone-uk"]
)
def test_no_first_move_within_the_grace_is_a_forfeit_both_players_see(
    asgi_server: str,  # noqa: F811 - the fixture imported above
    browser: Any,
    shots: Path,
    later: list[timedelta],
    viewport: dict[str, int],
    locale: str,
) -> None:
    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(
        organiser,
        name="Forfeit night",
        game="dvonn",
        pairing_system="round-robin",
        play_mode="service",
        time_control="5+3",
        first_move_grace=30,
    )
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = pairing_services.pair_round_now(event_services.start_event(event, organiser, "white").pk)
    game = games_of_round(round_)[0]
    assert (game.white.display_name, game.black.display_name) == ("Ann", "Dan")
    white = _page(browser, asgi_server, "ann", viewport, locale)
    black = _page(browser, asgi_server, "dan", viewport, locale)
    for page in (white, black):
        _open(page, asgi_server + game.get_absolute_url())
    assert 0 < int(white.locator("#start-due").get_attribute("data-seconds")) <= 30
    white.screenshot(path=str(shots / f"forfeit-{locale}-1-due.png"), full_page=True)

    later[0] = timedelta(seconds=31)
    # the clocks' ticker at the moment, again while a page's read holds the test's in-memory
    # SQLite (it refuses a write at once where a file's waits: the ticker leaves it to its next look)
    for _attempt in range(20):  # the clocks' ticker's look (beat's), again while a read holds it
        flags.tick(timezone.now())
        if Game.objects.get(pk=game.pk).finished_at is not None:
            break
        time.sleep(0.25)
    ended = Game.objects.get(pk=game.pk)
    assert (ended.result, ended.termination) == ("-/+", "forfeit")
    for page in (white, black):
        page.wait_for_selector('#play-area[data-over="1"]')
        assert page.locator("#play-forfeit").inner_text() == FORFEIT[locale]
        assert page.evaluate("window.notReloaded === true")
    black.screenshot(path=str(shots / f"forfeit-{locale}-2-forfeited.png"), full_page=True)
    white.goto(asgi_server + "/accounts/my-games/")
    assert FORFEIT[locale] in white.locator("#play-list").inner_text()
    assert white.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for page in (white, black):
        assert page.refused == []
