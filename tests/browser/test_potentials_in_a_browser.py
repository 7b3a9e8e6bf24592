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
    from games.models import SubmittedRecord
    from games.records import services
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


def test_a_potentials_move_played_by_clicking_on_the_board(
    live_server: Any, browser: Any, shots: Path
) -> None:
    """A game of GIPF with potentials on the service (issue 19): at 1280 px White brings a loaded
    ZÈRTZ piece in at a1 (the dot, then b2: asked which piece) and, two plies later, plays the
    ZÈRTZ-potential's jump (its spot b2, then d4, the one destination highlighted), each shown in
    notation before it is sent. On a phone (390 px, Ukrainian) PÜNCT's potential on d4 goes to d5, where
    the mover is asked whether to neutralise or convert the GIPF-piece, by the keyboard; and the TAMSK
    extra push (docs/rules.md P-8) is picked after the first push by clicking. The moves come from
    the arbiter (docs/rules.md "GIPF with potentials"); the page computes none."""
    from games.models import Move
    from games.play import service, state
    from tests.arbiter.gipf.test_potentials_stacks_tamsk import PUNCT, TAMSK
    from tests.browser.test_play_in_a_browser import _page, _player

    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "gipf-pot-standard", "10+5", options={"potentials": "Z6"})
    url = live_server.url + game.get_absolute_url()
    page = _page(browser, live_server.url, "ann", WIDE)
    page.goto(url)
    page.click('#play-board [data-target="a1"]')
    page.click('#play-board [data-target="b2"]')
    asked = page.locator(".move-option").evaluate_all("els => els.map(e => e.dataset.move)")
    assert sorted(asked) == ["Za1-c3", "a1-c3"]  # a basic piece or the loaded ZÈRTZ piece
    page.click('.move-option[data-move="Za1-c3"]')
    assert page.locator("#move-preview-text").inner_text() == "Za1-c3"
    with page.expect_navigation():
        page.click("#move-send")
    service.make_move(game, bob.user, "Zi5-h5", 1)
    page.goto(url)
    page.click('#play-board [data-target="b2"]')  # White's ZÈRTZ piece
    targets = page.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    assert targets == ["d4"]  # it jumps Black's GIPF-piece on c3 and lands on d4, nowhere else
    page.screenshot(path=str(shots / "potentials-play-1280-zertz.png"), full_page=True)
    page.click('#play-board [data-target="d4"]')
    assert page.locator("#move-preview-text").inner_text() == "Z:b2-d4"
    with page.expect_navigation():
        page.click("#move-send")
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == [
        "Za1-c3",
        "Zi5-g5",  # the service writes the chain's end: Black's GIPF-piece on h5 pushed on to g5
        "Z:b2-d4",
    ]
    assert page.refused == []

    punct = state.create_service_game(ann, bob, "gipf-pot-standard", "10+5", options={"potentials": "P6"})
    punct.position = PUNCT
    punct.save()
    phone = _page(browser, live_server.url, "ann", PHONE, locale="uk-UA")
    phone.goto(live_server.url + punct.get_absolute_url())
    phone.focus('#play-board [data-target="d4"]')
    phone.keyboard.press("Enter")
    targets = phone.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    assert sorted(targets) == ["d5", "e4", "e5"]
    phone.focus('#play-board [data-target="d5"]')
    phone.keyboard.press("Enter")
    asked = phone.locator(".move-option").evaluate_all("els => els.map(e => e.dataset.move)")
    assert sorted(asked) == ["P:d4-d5", "P:d4-d5=G"]  # neutralise or convert Black's GIPF-piece
    phone.screenshot(path=str(shots / "potentials-play-390-punct.png"), full_page=True)
    phone.focus('.move-option[data-move="P:d4-d5=G"]')
    phone.keyboard.press("Enter")
    assert phone.locator("#move-preview-text").inner_text() == "P:d4-d5=G"
    assert phone.evaluate("document.activeElement.id") == "move-send"
    assert phone.locator("#move-send").inner_text() == "Надіслати хід"
    with phone.expect_navigation():
        phone.keyboard.press("Enter")
    assert list(Move.objects.filter(game=punct).values_list("notation", flat=True)) == ["P:d4-d5=G"]
    _no_sideways_scroll(phone)

    tamsk = state.create_service_game(ann, bob, "gipf-pot-standard", "10+5", options={"potentials": "T6"})
    tamsk.position = TAMSK
    tamsk.save()
    phone.goto(live_server.url + tamsk.get_absolute_url())
    for point in ("a1", "b2", "a2"):
        phone.click(f'#play-board [data-target="{point}"]')
    phone.click('#play-board [data-target="b3"]')
    # White has TAMSK-potentials in hand: the piece brought in at a1 is asked once the turn is picked
    asked = phone.locator(".move-option").evaluate_all("els => els.map(e => e.dataset.move)")
    assert sorted(asked) == ["Ta1-e5;T:a2-b3", "a1-e5;T:a2-b3"]
    phone.click('.move-option[data-move="a1-e5;T:a2-b3"]')
    assert phone.locator("#move-preview-text").inner_text() == "a1-e5;T:a2-b3"
    with phone.expect_navigation():
        phone.click("#move-send")
    assert list(Move.objects.filter(game=tamsk).values_list("notation", flat=True)) == ["a1-e5;T:a2-b3"]
    _no_sideways_scroll(phone)
    assert phone.refused == []
