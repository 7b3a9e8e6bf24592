"""TZAAR played by clicks in a real browser (issue 28): White on a desk (1280 px), Black on a phone
(390 px), from the fixed start (docs/rules.md, TZAAR). Each move is picked on the board, from and to:
White's Tzaar c4 takes Black's Tzaar c5 (his first turn, one capture); Black's Tzaar d3 takes White's
Tott d4, then (his second move) his Tzarra d2 stacks onto it over the empty d3; White's Tzaar c3 takes
Black's Tzarra c2, then passes with the pass button (a move with no point on the board)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Move
from games.play import state
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import DESK, _click_move, _no_sideways_scroll, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#play-area")


def test_a_tzaar_game_played_by_clicks_on_a_desk_and_a_phone(
    live_server: Any, browser: Any, shots: Path
) -> None:
    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "tzaar", "3d/15d", options={"start": "fixed"})
    url = live_server.url + game.get_absolute_url()
    white = _page(browser, live_server.url, ann.user.username, DESK)
    black = _page(browser, live_server.url, bob.user.username, PHONE)

    _open(white, url)
    assert white.locator("#play-board [data-target]").count() > 0
    white.click('#play-board [data-target="c4"]')
    targets = white.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    assert "c5" in targets and "c3" not in targets  # only the captures c4 can make
    white.click('#play-board [data-target="c5"]')
    assert white.locator("#move-preview-text").inner_text() == "c4xc5"
    white.click("#move-send")
    white.wait_for_load_state()

    _open(black, url)
    _no_sideways_scroll(black, PHONE["width"])
    target = black.locator('#play-board [data-target="d3"]').bounding_box()
    assert target is not None and target["width"] >= 20  # a target a finger can hit
    _click_move(black, ["d3", "d4"], "d3xd4")
    _open(black, url)
    _click_move(black, ["d2", "d4"], "d2+d4")  # his second move: a stack
    black.screenshot(path=str(shots / "tzaar-phone.png"), full_page=True)

    _open(white, url)
    _click_move(white, ["c3", "c2"], "c3xc2")
    _open(white, url)
    white.click('#move-options [data-move="pass"]')  # the pass: a button, no point on the board
    assert white.locator("#move-preview-text").inner_text() == "pass"
    white.click("#move-send")
    white.wait_for_load_state()
    white.screenshot(path=str(shots / "tzaar-desk.png"), full_page=True)
    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == [
        "c4xc5",
        "d3xd4",
        "d2+d4",
        "c3xc2",
        "pass",
    ]
    assert white.refused == [] and black.refused == []
