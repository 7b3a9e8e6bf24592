"""PÜNCT played by clicks in a real browser with the page's generic picker, its moves asked from the
play API point by point (thousands at the start: the page lists none): White on a desk (1280 px)
adds a straight piece (its kind in his hand, its PÜNCT's space, its middle dot, its end); Black on a
phone (360 px: the board scrolls inside its frame, the page does not) adds a triangle; White slides
his piece's PÜNCT up column e and lies it there (the piece, where the PÜNCT goes, its dots). Moves
worked by hand: docs/rules.md (PÜNCT)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.models import Move
from games.play import state
from tests.browser.test_play_in_a_browser import DESK, _no_sideways_scroll, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 360, "height": 780}


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#play-area")
    page.wait_for_selector("#play-board [data-target]")  # the first points, asked from the API


def _pick(page: Any, points: list[str], notation: str) -> None:
    for point in points:
        page.click(f'#play-board [data-target="{point}"]')
    # the move is chosen once the API has answered the last point (a locator: the page's policy
    # refuses script text, which wait_for_function would send)
    page.locator("#move-preview-text").filter(has_text=re.compile(f"^{re.escape(notation)}$")).wait_for()
    assert page.input_value("#move-text") == notation
    page.click("#move-send")
    page.wait_for_load_state()


def test_a_punct_game_played_by_clicks_on_a_desk_and_a_phone(
    live_server: Any, browser: Any, shots: Path
) -> None:
    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "punct", "3d/15d")
    url = live_server.url + game.get_absolute_url()
    white = _page(browser, live_server.url, ann.user.username, DESK)
    black = _page(browser, live_server.url, bob.user.username, PHONE)

    _open(white, url)
    first = white.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    assert sorted(first) == ["C", "E", "L", "M", "R", "T"]  # the kinds in his hand
    white.click('#play-board [data-target="E"]')
    white.wait_for_selector('#play-board [data-target="e5"]')
    assert white.locator('#play-board [data-target="i9"]').count() == 0  # the central hexagon
    _pick(white, ["e5", "f5", "g5"], "E:e5,f5,g5")

    _open(black, url)
    _no_sideways_scroll(black, PHONE["width"])
    target = black.locator('#play-board [data-target="T"]').bounding_box()
    assert target is not None and target["width"] >= 20  # a target a finger can hit
    black.click('#play-board [data-target="T"]')
    black.wait_for_selector('#play-board [data-target="m10"]')
    black.locator('#play-board [data-target="m10"]').scroll_into_view_if_needed()
    _pick(black, ["m10", "l9", "m9"], "T:m10,l9,m9")
    black.screenshot(path=str(shots / "punct-phone.png"), full_page=True)

    _open(white, url)
    white.click('#play-board [data-target="e5"]')  # his piece
    white.wait_for_selector('#play-board [data-target="e11"]')
    white.click('#play-board [data-target="e11"]')  # where its PÜNCT goes
    white.wait_for_selector('#play-board [data-target="e10"]')
    _pick(white, ["e10", "e9"], "e5-e11:e10,e9")
    white.screenshot(path=str(shots / "punct-desk.png"), full_page=True)
    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == [
        "E:e5,f5,g5",
        "T:m10,l9,m9",
        "e5-e11:e10,e9",
    ]
    assert white.refused == [] and black.refused == []
