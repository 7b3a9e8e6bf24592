"""Stones played by clicks in a real browser through its own picker script (issue 40): the test-only
game registered through ``GAME_PACKAGES`` (conftest) declares ``script="tests.toygame:picker.js"``;
the service serves that file from the package, the game page loads it after the shared
static/js/play.js, and it fills the shared hooks: no shared file names Stones.

Worked by hand: nine stones (s1 to s9, left to right); a click on a stone takes it and every stone
right of it. Ann (White) clicks s8: two taken, seven left; Bob clicks s5: three taken, four left; Ann
clicks s2: three taken, one left; Bob clicks s1, the last stone, and wins (``0-1``, took the last
stone).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Move
from games.play import state
from tests.browser.conftest import browser
from tests.browser.test_play_in_a_browser import DESK, _open, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

__all__ = ["browser"]  # the browser tests' fixture, for this module's test

TURNS = [("ann", "s8", "2", {"s7", "s8", "s9"}), ("bob", "s5", "3", {"s5", "s6", "s7"})]
TURNS += [("ann", "s2", "3", {"s2", "s3", "s4"}), ("bob", "s1", "1", {"s1"})]


def test_stones_is_played_by_clicks_through_its_own_picker_script(live_server: Any, browser: Any) -> None:
    game = state.create_service_game(_player("Ann"), _player("Bob"), "stones", "")
    url = live_server.url + game.get_absolute_url()
    pages = {
        "ann": _page(browser, live_server.url, "ann", DESK),
        "bob": _page(browser, live_server.url, "bob", DESK),
    }
    script = pages["ann"].request.get(live_server.url + "/games/scripts/stones.js")
    assert (
        script.ok and "PlayPage.register" in script.text() and "javascript" in script.headers["content-type"]
    )
    for ply, (who, stone, taken, offered) in enumerate(TURNS):
        page = pages[who]
        _open(page, url)
        assert page.locator('script[src^="/games/scripts/stones.js?v="]').count() == 1
        assert page.locator(".piece-key li").inner_text() == "stone"  # its key
        # its script's words: what a click takes, said before it
        assert page.locator("#move-hint").inner_text() == (
            "Click a stone: it and every stone right of it are taken (one to three)."
        )
        lit = page.locator("#play-board [data-target]")
        assert set(lit.evaluate_all("els => els.map(e => e.dataset.target)")) == offered
        page.click(f'#play-board [data-target="{stone}"]')
        assert page.locator("#move-preview-text").inner_text() == taken
        left = 9 - sum(int(turn[2]) for turn in TURNS[: ply + 1])
        assert page.locator("#move-preview-words").inner_text() == f"{taken} taken, {left} left"
        assert page.locator("#play-board .play-preview-layer .play-removed").count() == int(taken)
        page.click("#move-send")
        page.wait_for_selector(f'#play-area[data-ply="{ply + 1}"]')
        assert page.refused == []  # type: ignore[attr-defined]
    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == [
        "2",
        "3",
        "3",
        "1",
    ]
    ended = Game.objects.get(pk=game.pk)
    assert (ended.result, ended.termination) == ("0-1", "last-stone")
