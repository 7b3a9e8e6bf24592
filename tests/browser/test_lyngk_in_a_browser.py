"""A LYNGK game on the service in a real browser (issue 38), at 1280 px and on a 360 px phone, played by
LYNGK's own click picker (arbiter/lyngk/picker.js): a claim chosen by its button among the colours
left (each named, with its picture from the key), then the move by two clicks on the board, the stack
and its landing, with the legal landings lit; the prompt saying what the next click does and the move
said in words; the board telling who holds which colours, no sideways scroll on a phone, the page in
Ukrainian.

From S1 (docs/rules.md, LYNGK): White claims red (``R``) and moves b4 onto c7 through c6, a LYNGK
point of red; Black claims black (``K``) and moves d5 onto e7 through d6, a LYNGK point of black.

The landings lit, worked by hand on S1's picture (docs/rules.md) under L-7 and L-8:
- b4's red (White holds red): b3 below it, c5 down-right, and up-right c6's red, a LYNGK point, from
  which c7, c5, d6 and d5 are met (b4 itself is empty then, nothing beyond it): b3 c5 c7 d5 d6.
- d5's black (Black holds black, c7 is now blue under red): d4's joker below, c6 and c5 on the left,
  e6 and e5 on the right, and up d6's black, a LYNGK point, from which e7, e6, c7 and c6 are met (down
  through the empty d5 to d4 again): c5 c6 c7 d4 e5 e6 e7."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.arbiter.lyngk.support import S1

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

DESK = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 780}


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


def _lit(page: Any) -> set[str]:
    """The points lit on the board for the next click."""
    return set(page.locator("#play-board [data-target]").evaluate_all("ts => ts.map(t => t.dataset.target)"))


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
    assert desk.locator("#move-hint").inner_text() == (
        "Claim a colour with its button below, or click a stack to move: one topped by your colour or a "
        "neutral one."
    )
    # the five colours, all free at the start, each a button with its name and picture; 8 of each on top
    claims = desk.locator("#move-options .move-option")
    assert claims.evaluate_all("bs => bs.map(b => b.dataset.move)") == ["I", "B", "R", "G", "K"]
    red = desk.locator('#move-options .move-option[data-move="R"]')
    assert red.locator("svg.kind-picture").count() == 1
    assert red.locator("svg.kind-picture text").text_content() == "R"  # the key's red piece, lettered
    assert red.locator(".move-option-name").inner_text().strip() == "claim red"
    assert "stacks it tops: 8" in red.inner_text()
    desk.screenshot(path=str(shots / "lyngk-0-desk-the-colours-to-claim.png"), full_page=True)
    red.click()
    assert desk.locator("#move-preview-text").inner_text() == "R"
    assert desk.locator("#move-preview-words").inner_text() == "red claimed: a move of yours follows"
    _send(desk, 1)
    assert "White has claimed red: a move follows" in desk.locator("#play-board svg").text_content()
    assert desk.locator("#move-hint").inner_text() == (
        "Click a stack to move: one topped by your colour or a neutral one."
    )
    assert desk.locator("#move-options").is_hidden()  # one claim a turn: no colour offered now
    lit = _lit(desk)
    assert "b4" in lit and not {"a1", "d4", "g3"} & lit  # a single joker never moves (L-7)
    desk.click('#play-board [data-target="b4"]')
    assert desk.locator("#move-hint").inner_text() == "Click where the stack lands: the lit points."
    assert _lit(desk) == {"b3", "c5", "c7", "d5", "d6"}
    landing = desk.locator('#play-board [data-target="c7"]')
    assert landing.get_attribute("aria-label") == "land on c7: a stack of 2"
    landing.click()
    assert desk.locator("#move-preview-text").inner_text() == "b4-c7"
    assert desk.locator("#move-preview-words").inner_text() == "a single piece (red) from b4 onto c7: 2 high"
    _send(desk, 2)
    desk.screenshot(path=str(shots / "lyngk-1-desk-after-the-claim-and-move.png"), full_page=True)
    shown = desk.locator("#play-board svg").text_content()
    assert "White: red; stacks of five won 0" in shown
    assert desk.locator('#play-board svg [data-link="c6"]').count() == 1  # the chain through c6 shown

    phone = _signed_in(browser, live_server.url, bob, PHONE, locale="uk")
    phone.goto(url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    claims = phone.locator("#move-options .move-option")
    assert claims.evaluate_all("bs => bs.map(b => b.dataset.move)") == ["I", "B", "G", "K"]  # red is held
    black = phone.locator('#move-options .move-option[data-move="K"]')
    assert "заявити чорний" in black.inner_text()
    black.click()
    assert phone.locator("#move-preview-words").inner_text() == "заявлено чорний: далі ваше переміщення"
    _send(phone, 3)
    phone.click('#play-board [data-target="d5"]')
    assert phone.locator("#move-hint").inner_text() == "Клацніть, куди стає стос: підсвічені точки."
    assert _lit(phone) == {"c5", "c6", "c7", "d4", "e5", "e6", "e7"}
    phone.screenshot(path=str(shots / "lyngk-2-phone-uk-landings-lit.png"), full_page=True)
    phone.click('#play-board [data-target="e7"]')
    assert phone.locator("#move-preview-text").inner_text() == "d5-e7"
    assert phone.locator("#move-preview-words").inner_text() == "одна фішка (чорний) з d5 на e7: висота 2"
    _send(phone, 4)
    assert "Білі: червоний" in phone.locator("#play-board svg").text_content()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == [
        "R",
        "b4-c7",
        "K",
        "d5-e7",
    ]
