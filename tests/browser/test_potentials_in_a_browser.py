"""A game of GIPF with potentials stepped through in a real browser (issue 18): Debian's headless
Chromium through Playwright, as the other browser tests (tests/browser/conftest.py).

The game (tests/games/potentials_game.py, written by hand from the rules) has every kind of
potential move: the TAMSK extra push, a ZÈRTZ jump, a YINSH slide, DVONN and PÜNCT stacking and a
PÜNCT conversion. Its record is checked by the arbiter when it is submitted (the test's setting
up). At 1280 px the arrow key steps forward from the start, at 390 px the Forward button: each step
shows its ply (the viewer's ply, the status line, the move list) and the marks of that ply drawn on
the board (a loaded piece with its kind, a used potential, a stack with its height, the piece it
neutralises), and the phone never scrolls sideways. A refused record's board shows the loaded piece
before the illegal move on the phone too. Screenshots go to ``$BROWSER_ARTIFACTS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.games import potentials_game as played

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _addresses() -> dict[str, str]:
    """A potentials event's game with the hand-written record verified, and a refused record."""
    from games import services
    from games.models import SubmittedRecord
    from tests.conftest import make_event, start

    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Potentials night", game="gipf-pot-standard")
    pairing = start(event, organiser).pairings.get()
    record = services.submit_record(pairing, organiser, played.record("Ann", "Bob", "black"))
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.VALID, record.error_reason
    refused = services.submit_record(pairing, organiser, played.refused_record("Ann", "Bob"))
    refused.refresh_from_db()
    assert refused.status == SubmittedRecord.Status.INVALID and refused.error_ply == 3
    return {
        "game": record.game.get_absolute_url(),
        "refused": reverse("games:record-detail", args=[refused.pk]),
    }


def _shows_ply(page: Any, ply: int) -> None:
    """The viewer is at ``ply``, says so, marks it in the move list, and draws its marks."""
    page.wait_for_selector(f"#board-viewer[data-ply='{ply}']")
    status = page.locator("#board-status").inner_text()
    assert (f"(ply {ply})" in status) if ply else ("start position" in status.lower()), status
    if ply:
        assert page.locator(f'#move-list a[data-ply="{ply}"]').get_attribute("aria-current") == "step"
    for spot, classes in played.MARKS[ply].items():
        drawn = page.locator(f'#board svg g[data-spot="{spot}"]')
        assert drawn.count() == 1, (ply, spot)
        assert set(classes.split()) <= set((drawn.get_attribute("class") or "").split()), (ply, spot)
    for spot, (layers, height) in played.STACKS.get(ply, {}).items():
        stack = page.locator(f'#board svg g.stack[data-spot="{spot}"]')
        assert stack.get_attribute("data-stack") == layers and stack.get_attribute("data-height") == str(
            height
        )
        assert stack.locator("g.neutralised").count() == 1  # the covered piece drawn neutralised
        assert stack.locator("text.height").text_content() == str(height)
    if ply in played.POTENTIAL_MOVES:
        mark = page.locator("#board svg circle.last-mark")
        assert mark.get_attribute("data-point") == played.POTENTIAL_MOVES[ply]


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_potentials_game_step_by_step(live_server: Any, browser: Any, shots: Path) -> None:
    urls = _addresses()
    base = live_server.url
    page = browser.new_page(viewport=WIDE, locale="en-GB")
    page.set_default_timeout(15_000)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    page.goto(base + urls["game"] + "?ply=0")
    _shows_ply(page, 0)
    for ply in range(1, played.PLIES + 1):
        page.keyboard.press("ArrowRight")
        _shows_ply(page, ply)
        if ply in (5, 12):
            page.screenshot(path=str(shots / f"potentials-1280-ply{ply}.png"), full_page=True)
    assert page.url.endswith(f"?ply={played.PLIES}")
    assert (page.locator("#board svg").bounding_box() or {}).get("width", 0) > 300

    page.set_viewport_size(PHONE)
    page.goto(base + urls["game"] + "?ply=0")
    _shows_ply(page, 0)
    _no_sideways_scroll(page)
    board = page.locator("#board svg").bounding_box() or {}
    # the board fills the phone's width: its pieces and letters stay legible
    assert board.get("width", 0) > 320 and board.get("x", -1) >= 0
    assert board["x"] + board["width"] <= PHONE["width"] + 0.5
    assert page.locator("#board svg g.legend text.legend-text").count() == 4
    for ply in range(1, played.PLIES + 1):
        page.click("#board-viewer [data-step='forward']")
        _shows_ply(page, ply)
        _no_sideways_scroll(page)
        if ply in (6, 12):
            page.screenshot(path=str(shots / f"potentials-390-ply{ply}.png"), full_page=True)

    page.goto(base + urls["refused"])
    assert "move 2, White" in page.locator("#refused-board").inner_text()
    for spot, classes in played.REFUSED_MARKS.items():
        drawn = page.locator(f'#refused-board svg g[data-spot="{spot}"]')
        assert set(classes.split()) <= set((drawn.get_attribute("class") or "").split()), spot
    _no_sideways_scroll(page)
    page.screenshot(path=str(shots / "potentials-390-refused.png"), full_page=True)
    assert refused == []
