"""A YINSH game played by clicks in a real browser (issue 27): Ann at 1280 px, Bob on a phone
(390 px), each in his own browser context (Debian's headless Chromium through Playwright, as the
other browser tests). They place their rings by clicking the board's points, then move rings by
clicking a ring and its destination; the page shows each turn in notation before it is sent, only
the legal points are offered, and the phone never scrolls sideways.

Worked by hand: White places on e5, f5, g5, h5, i5 and Black on e6, ..., i6. White's e5 may then go
down its column (e4 ... e1) but not up (Black's e6 is in the way): ``e5-e4``; Black's e6 goes up to
e8: ``e6-e8``, leaving his marker on e6.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Game, Move
from games.play import state
from tests.browser.test_pages_in_a_browser import PHONE
from tests.browser.test_play_in_a_browser import DESK, _click_move, _open, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

TURNS = [
    (["e5"], "e5"), (["e6"], "e6"), (["f5"], "f5"), (["f6"], "f6"), (["g5"], "g5"), (["g6"], "g6"),
    (["h5"], "h5"), (["h6"], "h6"), (["i5"], "i5"), (["i6"], "i6"),
    (["e5", "e4"], "e5-e4"), (["e6", "e8"], "e6-e8"),
]  # fmt: skip


def test_a_yinsh_game_by_clicks_on_a_desk_and_a_phone(live_server: Any, browser: Any, shots: Path) -> None:
    game = state.create_service_game(_player("Ann"), _player("Bob"), "yinsh", "")
    url = live_server.url + game.get_absolute_url()
    pages = [_page(browser, live_server.url, "ann", DESK), _page(browser, live_server.url, "bob", PHONE)]
    for ply, (points, notation) in enumerate(TURNS):
        page = pages[ply % 2]
        _open(page, url)
        if ply == 10:
            # only the legal destinations of e5 are lit once it is picked
            page.click('#play-board [data-target="e5"]')
            lit = {el.get_attribute("data-target") for el in page.locator("#play-board [data-target]").all()}
            assert {"e1", "e2", "e3", "e4"} <= lit and "e7" not in lit and "e8" not in lit
            _open(page, url)
        _click_move(page, points, notation)
        if page is pages[1]:
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        if ply in (9, 11):
            page.screenshot(
                path=str(shots / f"yinsh-{'1280' if page is pages[0] else '390'}-ply{ply + 1}.png"),
                full_page=True,
            )
    stored = list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True))
    assert stored == [notation for _points, notation in TURNS]
    assert Game.objects.get(pk=game.pk).position.split()[2:] == ["w", "turn", "0-0"]
    assert pages[0].refused == [] and pages[1].refused == []  # type: ignore[attr-defined]
