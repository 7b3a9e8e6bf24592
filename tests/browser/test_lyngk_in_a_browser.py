"""A LYNGK game on the service in a real browser (issue 38), at 1280 px and on a phone: the game page
of a game from the specification's S1, the claim chosen in the move list (it names no board point),
its move and Black's picked by clicks on the board (the stack, then its landing), the board telling
who holds which colours, no sideways scroll on a phone, the page in Ukrainian. LYNGK's own click
picker (the colour from those left, the legal landings lit) is the per-game picker's, to come.

From S1 (docs/rules.md, LYNGK): White claims red (``R``) and moves b4 onto c7 through c6, a LYNGK
point of red; Black's d5 (black) goes onto c5's ivory (neutral onto a single piece)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.arbiter.lyngk.support import S1

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _signed_in(browser: Any, base: str, user: Any, viewport: dict[str, int], locale: str = "en-GB") -> Any:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport, locale=locale)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def _send(page: Any, ply: int) -> None:
    page.click("#move-send")
    page.wait_for_load_state()
    page.wait_for_selector(f'#play-area[data-ply="{ply}"]')


def test_a_lyngk_game_on_the_page_at_1280_and_on_a_phone(live_server: Any, browser: Any, shots: Path) -> None:
    from django.contrib.auth.models import User

    from accounts.models import Player
    from games.models import Move
    from games.play import state

    ann = User.objects.create_user("ann", password="pw-ann-12345")
    bob = User.objects.create_user("bob", password="pw-bob-12345")
    white = Player.objects.create(display_name="Ann", handle="ann", user=ann)
    black = Player.objects.create(display_name="Bob", handle="bob", user=bob)
    game = state.create_service_game(white, black, "lyngk", "10+5", options={"start": S1})
    url = live_server.url + game.get_absolute_url()

    desk = _signed_in(browser, live_server.url, ann, DESK)
    desk.goto(url)
    board = desk.locator("#play-board svg")
    assert board.locator('[data-point="b4"]').count() == 1
    assert "nobody's yet: ivory, blue, red, green, black" in board.text_content()
    desk.select_option("#move-select", "R")  # a claim: chosen in the list
    assert desk.locator("#move-preview-text").inner_text() == "R"
    _send(desk, 1)
    assert "White has claimed red: a move follows" in desk.locator("#play-board svg").text_content()
    desk.click('#play-board [data-target="b4"]')
    desk.click('#play-board [data-target="c7"]')
    assert desk.locator("#move-preview-text").inner_text() == "b4-c7"
    _send(desk, 2)
    desk.screenshot(path=str(shots / "lyngk-1-desk-after-the-claim-and-move.png"), full_page=True)
    shown = desk.locator("#play-board svg").text_content()
    assert "White: red; stacks of five won 0" in shown
    assert desk.locator('#play-board svg [data-link="c6"]').count() == 1  # the chain through c6 shown

    phone = _signed_in(browser, live_server.url, bob, PHONE, locale="uk")
    phone.goto(url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.click('#play-board [data-target="d5"]')
    phone.click('#play-board [data-target="c5"]')
    assert phone.locator("#move-preview-text").inner_text() == "d5-c5"
    _send(phone, 3)
    assert "Білі: червоний" in phone.locator("#play-board svg").text_content()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(shots / "lyngk-2-phone-uk.png"), full_page=True)
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["R", "b4-c7", "d5-c5"]
