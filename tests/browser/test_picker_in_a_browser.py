"""GIPF with potentials' move picker in a real browser (issue 31): after the dot and the direction
the piece brought in is chosen by its name and picture; choosing a basic piece while loaded pieces
are offered shows the warning that it loses the potentials not yet in play (docs/rules.md P-3);
choosing a loaded piece takes the warning away and the move is sent.

Debian's headless Chromium through Playwright, as the other browser tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]


def _signed_in(browser: Any, base: str, user: Any) -> Any:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def _anns_game() -> Any:
    """A game of GIPF with potentials on the service, 10+5, Ann (White) against Bob, both with accounts."""
    from django.contrib.auth.models import User

    from accounts.models import Player
    from games.play import state

    ann = User.objects.create_user("ann", password="pw-ann-12345")
    bob = User.objects.create_user("bob", password="pw-bob-12345")
    white = Player.objects.create(display_name="Ann", handle="ann", user=ann)
    black = Player.objects.create(display_name="Bob", handle="bob", user=bob)
    return state.create_service_game(white, black, "gipf-pot-standard", "10+5")


def _pushing(browser: Any, base: str, game: Any, dot: str, spot: str) -> Any:
    """Ann's page of the game, the dot and the spot of her push clicked on the board."""
    page = _signed_in(browser, base, game.white.user)
    page.goto(base + game.get_absolute_url())
    page.click(f'#play-board [data-target="{dot}"]')
    page.click(f'#play-board [data-target="{spot}"]')
    return page


def test_the_kind_is_chosen_by_name_and_a_basic_piece_is_warned(
    live_server: Any, browser: Any, shots: Path
) -> None:
    from games.models import Move

    game = _anns_game()
    page = _pushing(browser, live_server.url, game, "a1", "b2")
    options = page.locator("#move-options .move-option")
    assert options.count() == 6  # five kinds of loaded piece and a basic piece
    basic = page.locator('#move-options .move-option[data-kind="basic"]')
    tamsk = page.locator('#move-options .move-option[data-kind="T"]')
    assert "basic piece" in basic.inner_text() and "TAMSK-potential" in tamsk.inner_text()
    assert tamsk.locator("svg.kind-picture text").text_content() == "T"
    assert page.locator("#move-warning").is_hidden()
    basic.click()
    assert page.locator("#move-preview-text").inner_text() == "a1-c3"
    warning = page.locator("#move-warning")
    assert warning.is_visible() and "loses every potential not yet in play" in warning.inner_text()
    page.screenshot(path=str(shots / "picker-basic-warned.png"), full_page=True)
    page.click("#move-clear")
    page.click('#play-board [data-target="a1"]')
    page.click('#play-board [data-target="b2"]')
    page.locator('#move-options .move-option[data-kind="T"]').click()
    assert page.locator("#move-preview-text").inner_text() == "Ta1-c3"
    assert page.locator("#move-warning").is_hidden()
    page.click("#move-send")
    page.wait_for_load_state()
    page.wait_for_selector('#play-area[data-ply="1"]')  # a locator: the page's policy allows no eval
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["Ta1-c3"]


# White to move; the push from i1 through h2 completes White's row h2-h5 (a position of a random game):
# each kind, and a basic piece, comes with the removals of that row to choose (88 moves in all)
ROW_POSITION = (
    "gipf-pot-standard p..P/B...W/....../W.....B/.....z/.B.../zTWY w reserve=9/9 captured=0/0 "
    "set=T6Z6D6Y6P6/T6Z6D6Y6P6 hand=T5Z6D6Y5P5/T6Z4D6Y6P5"
)


def test_the_piece_first_then_its_removals_previewed_on_the_board(
    live_server: Any, browser: Any, shots: Path
) -> None:
    from arbiter import registry

    game = _anns_game()
    game.position = ROW_POSITION
    game.save()
    offered = [m.notation for m in registry.legal_moves(ROW_POSITION) if m.points == ("i1", "h2")]
    tamsk = [n for n in offered if n.split(";")[0] == "Ti1-f4"]
    assert len(offered) == 88 and len(tamsk) > 2
    page = _pushing(browser, live_server.url, game, "i1", "h2")
    kinds = page.locator("#move-options .move-option[data-action]")
    assert kinds.count() == 6  # first the piece: five kinds and a basic piece, not 88 buttons
    page.locator('#move-options .move-option[data-action="Ti1-f4"]').click()
    removals = page.locator("#move-options .move-option")
    assert removals.count() == len(tamsk)
    two = page.locator('#move-options .move-option[data-move="Ti1-f4;xh2,h3"]')
    assert "TAMSK-potential" in two.inner_text() and "h2, h3" in two.inner_text()
    two.hover()
    assert page.locator("#play-board .play-removed").count() == 2  # the preview of that choice
    page.screenshot(path=str(shots / "picker-removals-preview.png"), full_page=True)
    two.click()
    assert page.locator("#move-preview-text").inner_text() == "Ti1-f4;xh2,h3"
    assert page.locator("#play-board .play-removed").count() == 2
    assert page.locator("#move-warning").is_hidden()


def test_the_removals_are_clicked_on_the_board_after_a_basic_piece_is_warned(
    live_server: Any, browser: Any, shots: Path
) -> None:
    """In ROW_POSITION White pushes a basic piece in from i1 through h2 (``i1-f4``): Black's ZÈRTZ
    piece on h2 goes on to g3, and White's row h2-h5 is his basic piece on h2, his loaded TAMSK piece
    on h3, his GIPF-piece on h4 and his loaded YINSH piece on h5. The basic piece must go; the three
    others are each the remover's choice (docs/rules.md P-10): eight removals. They are clicked on the
    board (once to remove, again to keep), the basic piece drawn removed from the start; the move is
    chosen when one removal alone agrees with the clicks. The warning that a basic piece gives up the
    potentials not yet in play (P-3) is shown from the choice of the piece on, before any removal."""
    from games.models import Move

    game = _anns_game()
    game.position = ROW_POSITION
    game.save()
    page = _pushing(browser, live_server.url, game, "i1", "h2")
    assert page.locator("#move-options .move-option[data-action]").count() == 6
    page.locator('#move-options .move-option[data-action="i1-f4"]').click()

    warning = page.locator("#move-warning")
    assert warning.is_visible() and "loses every potential not yet in play" in warning.inner_text()
    clickable = "#play-board [data-removal]"
    assert sorted(page.locator(clickable).evaluate_all("els => els.map(e => e.dataset.removal)")) == [
        "h3",
        "h4",
        "h5",
    ]
    removed = page.locator("#play-board .play-removed")
    assert removed.count() == 1  # the basic piece on h2, in every removal
    assert page.locator("#move-options .move-option").count() == 8  # the keyboard's list: all eight
    assert page.locator("#move-removal-hint").is_visible()
    assert page.locator("#move-preview").is_hidden()

    page.click('#play-board [data-removal="h3"]')  # the TAMSK piece goes
    assert page.locator('#play-board [data-removal="h3"]').get_attribute("aria-pressed") == "true"
    assert removed.count() == 2
    assert page.locator("#move-options .move-option").count() == 4  # h4 and h5 still open
    page.click('#play-board [data-removal="h4"]')
    page.click('#play-board [data-removal="h4"]')  # clicked again: the GIPF-piece stays
    kept = page.locator('#play-board [data-removal="h4"]')
    assert kept.get_attribute("aria-pressed") == "false" and "play-removal-k" in (
        kept.get_attribute("class") or ""
    )
    assert sorted(
        page.locator("#move-options .move-option").evaluate_all("els => els.map(e => e.dataset.move)")
    ) == [
        "i1-f4;xh2,h3",
        "i1-f4;xh2,h3,h5",
    ]
    assert page.locator("#move-preview").is_hidden()  # not yet one removal alone
    page.screenshot(path=str(shots / "picker-removals-on-the-board.png"), full_page=True)

    # by the keyboard: the YINSH piece removed, then kept: one removal is left, and it is chosen
    page.focus('#play-board [data-removal="h5"]')
    page.keyboard.press("Enter")
    assert page.locator("#move-preview-text").inner_text() == "i1-f4;xh2,h3,h5"
    assert removed.count() == 3
    page.focus('#play-board [data-removal="h5"]')
    page.keyboard.press("Enter")
    assert page.locator("#move-preview-text").inner_text() == "i1-f4;xh2,h3"
    assert page.evaluate("document.activeElement.id") == "move-send"
    assert removed.count() == 2
    assert warning.is_visible()  # still warned, with the move chosen
    page.screenshot(path=str(shots / "picker-removals-chosen.png"), full_page=True)
    page.keyboard.press("Enter")
    page.wait_for_selector('#play-area[data-ply="1"]')  # a locator: the page's policy allows no eval
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["i1-f4;xh2,h3"]
