"""The pages in a real browser (issue 11): Debian's headless Chromium driven by Playwright for Python
against the live server with the demo data.

It opens an event, its standings, a GIPF game and a DVONN game, steps through each game with the
arrow keys and checks that the board changes, opens a refused submission and sees its board,
switches to Ukrainian with the header's switcher, and at 390 px width checks that the pairings'
result and opponent columns are in view. Signed in, it checks that a player's header is one row at
1280 and 1440 px, that the organiser's result form fits 390 px, and that the stepper's first and last
buttons draw their marks. Screenshots go to ``$BROWSER_ARTIFACTS`` (default: a
temporary folder, printed).

Chromium comes from Debian (``scripts/install`` installs it as root when missing); Playwright's own
browser downloads are never used. Without Chromium or Playwright the test is skipped outside CI and
fails in CI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}


def _demo_addresses() -> dict[str, str]:
    """The demo data, a refused submission, and the addresses the browser opens (before it starts)."""
    from django.contrib.auth.models import User

    from games.models import Game, SubmittedRecord
    from games.records import services
    from tournaments.models import Event, Pairing

    call_command("demo", "--known-passwords", verbosity=0)
    gipf = Event.objects.get(slug="gipf-club-championship")
    dvonn = Event.objects.get(slug="dvonn-open")
    verified = Game.objects.filter(verified_at__isnull=False).order_by("pk")
    gipf_game = verified.filter(pairing_game__pairing__round__event=gipf).first()
    dvonn_game = verified.filter(pairing_game__pairing__round__event=dvonn).first()
    assert gipf_game is not None and dvonn_game is not None
    open_round = dvonn.round_set.get(number=3)
    pairing = Pairing.objects.filter(round=open_round, black__isnull=False).order_by("board").first()
    assert pairing is not None
    # A DVONN record whose sixth ply puts a piece on an occupied space: refused at ply 6.
    text = (
        f'[Game "DVONN"]\n[White "{pairing.white.player}"]\n[Black "{pairing.black.player}"]\n\n'
        "1. a1 b1 2. c1 d1 3. e1 e1\n"
    )
    record = services.submit_record(pairing, User.objects.get(username="organiser"), text, 1)
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID and record.error_ply == 6
    return {
        "event": gipf.get_absolute_url(),
        "standings": f"/events/{gipf.slug}/standings/",
        "gipf game": gipf_game.get_absolute_url(),
        "dvonn game": dvonn_game.get_absolute_url(),
        "refused": reverse("games:record-detail", args=[record.pk]),
        "pairings": open_round.get_absolute_url(),
    }


def _step_back_with_the_keyboard(page: Any, shots: Path, name: str) -> None:
    viewer = page.locator("#board-viewer")
    plies = int(viewer.get_attribute("data-plies"))
    assert plies > 2 and int(viewer.get_attribute("data-ply")) == plies  # the final position first
    before = page.inner_html("#board")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - 1}']")
    after = page.inner_html("#board")
    assert after != before and "<svg" in after
    assert page.url.endswith(f"?ply={plies - 1}")
    assert page.locator(f'#move-list a[data-ply="{plies - 1}"]').get_attribute("aria-current") == "step"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - 2}']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#board-viewer[data-ply='{plies - 1}']")
    assert page.inner_html("#board") == after  # forward again: the same position as before
    page.keyboard.press("Home")
    page.wait_for_selector("#board-viewer[data-ply='0']")
    assert page.inner_html("#board") not in (before, after)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def _in_view(page: Any, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (selector, box)
    assert box["y"] >= 0 and box["height"] > 0, (selector, box)


def test_the_pages_in_a_browser(live_server: Any, browser: Any, shots: Path) -> None:
    urls = _demo_addresses()
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page.set_default_timeout(15_000)
    base = live_server.url
    # the Content-Security-Policy refuses nothing the pages use (the browser reports each refusal)
    refused: list[str] = []
    page.on(
        "console",
        lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None,
    )

    page.goto(base + urls["event"])
    assert page.locator("h1").inner_text().startswith("GIPF Club Championship")
    assert page.locator("html").get_attribute("lang") == "en-gb"
    page.screenshot(path=str(shots / "1-event.png"), full_page=True)

    page.goto(base + urls["standings"])
    assert page.locator("table.standings tbody tr").count() == 6
    assert page.locator("table.standings thead").inner_text().upper().count("POINTS") == 1
    page.screenshot(path=str(shots / "2-standings.png"), full_page=True)

    page.goto(base + urls["gipf game"])
    assert page.locator("#board svg").count() == 1
    _step_back_with_the_keyboard(page, shots, "3-gipf-game")

    page.goto(base + urls["dvonn game"])
    _step_back_with_the_keyboard(page, shots, "4-dvonn-game")

    page.goto(base + urls["refused"])
    board = page.locator("#refused-board svg")
    assert board.is_visible()
    assert "move 3, Black" in page.locator("#refused-board").inner_text()
    # the position before the sixth ply: the five pieces placed so far (a1 b1 c1 d1 e1)
    assert page.locator("#refused-board svg .stack").count() == 5
    assert (board.bounding_box() or {}).get("width", 0) > 200
    page.screenshot(path=str(shots / "5-refused-submission.png"), full_page=True)

    # The switcher: a plain form in the header; the choice is remembered for the next pages.
    page.goto(base + urls["standings"])
    page.click('button[name="language"][value="uk"]')
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "uk"
    assert page.locator("nav.tabs a.active").inner_text() == "Турнірна таблиця"
    assert "ОЧКИ" in page.locator("table.standings thead").inner_text().upper()  # the heads are in capitals
    assert "Турніри" in page.locator("header").inner_text()
    page.screenshot(path=str(shots / "6-standings-ukrainian.png"), full_page=True)

    page.set_viewport_size(PHONE)
    page.goto(base + urls["pairings"])
    assert page.locator("html").get_attribute("lang") == "uk"
    assert page.locator("header").bounding_box()["height"] < 120  # type: ignore[index]
    _in_view(page, "table.pairings thead th.result")
    _in_view(page, "table.pairings tbody td.result")
    _in_view(page, "table.pairings tbody tr td:nth-child(6) a")  # Black, the opponent
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shots / "7-pairings-390px.png"), full_page=True)

    page.goto(base + urls["dvonn game"])
    _in_view(page, "#board svg")
    assert page.locator("#board svg").bounding_box()["width"] > 300  # type: ignore[index]
    page.screenshot(path=str(shots / "8-game-390px.png"), full_page=True)
    assert refused == []


def _signed_in(browser: Any, base: str, username: str, viewport: dict[str, int]) -> Any:
    """A page of a browser whose session is ``username``'s (signed in without the form)."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=username))
    context = browser.new_context(viewport=viewport, locale="en-GB")
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_the_signed_in_header_the_results_form_and_the_stepper(
    live_server: Any, browser: Any, shots: Path
) -> None:
    """Signed in as a player, the header is one row at 1280 and 1440 px (it wrapped to three); the
    round's result form fits a 390 px phone without sideways scrolling; the stepper's first and last
    buttons draw their marks (SVG, not glyphs Debian's fonts lack)."""
    urls = _demo_addresses()
    base = live_server.url
    page = _signed_in(browser, base, "sofia-lindqvist", {"width": 1280, "height": 900})
    for width in (1280, 1440):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(base + urls["pairings"])
        assert "My games" in page.locator("header").inner_text()
        height = page.locator("header").bounding_box()["height"]  # type: ignore[index]
        page.screenshot(path=str(shots / f"9-header-player-{width}px.png"))
        assert height < 72, (width, height)  # one row: 3.5 rem, not two or three

    page.goto(base + urls["dvonn game"])
    for step in ("first", "last"):
        button = page.locator(f'.stepper [data-step="{step}"]')
        assert button.locator("svg").count() == 1, step
        assert (button.locator("svg").bounding_box() or {}).get("width", 0) > 4, step
        assert "⏮" not in button.inner_text() and "⏭" not in button.inner_text()

    phone = _signed_in(browser, base, "organiser", PHONE)
    phone.goto(base + urls["pairings"])
    assert phone.locator("table.pairings select").count() > 0  # the organiser's result form
    table = phone.locator("table.pairings").bounding_box()
    phone.screenshot(path=str(shots / "10-results-form-390px.png"), full_page=True)
    wrap = phone.locator("form .table-wrap").bounding_box()  # the table scrolls nowhere: it fits its box
    assert table is not None and wrap is not None, (table, wrap)
    assert table["x"] >= 0 and table["x"] + table["width"] <= wrap["x"] + wrap["width"] + 0.5, (table, wrap)
    assert wrap["x"] + wrap["width"] <= PHONE["width"], wrap
    _in_view(phone, "table.pairings tbody select")
    _in_view(phone, "form .form-actions button")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(shots / "10-results-form-390px.png"), full_page=True)
