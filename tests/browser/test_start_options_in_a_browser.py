"""An event's form shows only its game's start options, chosen from their values (issue 42), in a
real browser (Debian's headless Chromium through Playwright) at 360 px in Ukrainian: with YINSH
chosen neither TZAAR's start nor LYNGK's nor GIPF with potentials' set is shown (nor sent); with
TZAAR its start is a select of the three starts by their Ukrainian labels (tzaar.md Z-5); with LYNGK
its start (same name, its placements) is a text, TZAAR's select hidden and not sent; with GIPF with
potentials its set is a text."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.browser.test_play_in_a_browser import _page

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 360, "height": 780}


def test_an_event_form_shows_only_the_options_of_its_game(live_server: Any, browser: Any) -> None:
    from playwright.sync_api import expect

    User.objects.create_user("olga", password="pw-olga-12345")
    page = _page(browser, live_server.url, "olga", PHONE, "uk")
    page.goto(live_server.url + "/new-event/")
    start, potentials = page.locator('select[name="start"]'), page.locator('[name="potentials"]')
    placements = page.locator('input[name="start"]')  # LYNGK's start: its placements written
    page.select_option("#id_game", "yinsh")
    for field in (start, placements, potentials):
        expect(field).to_be_hidden()
        assert field.is_disabled()  # hidden, and not sent
    page.select_option("#id_game", "tzaar")
    expect(start).to_be_visible()
    expect(placements).to_be_hidden()
    expect(potentials).to_be_hidden()
    labels = start.locator("option").all_inner_texts()
    assert labels == ["—", "фіксована розстановка", "випадкова розстановка", "розставляння гравцями"]
    assert page.locator(f"label[for='{start.get_attribute('id')}']").inner_text() == "Початок"
    page.select_option("#id_game", "lyngk")
    expect(placements).to_be_visible()
    expect(start).to_be_hidden()
    assert start.is_disabled() and not placements.is_disabled()  # only LYNGK's start is sent
    page.select_option("#id_game", "gipf-pot-standard")
    expect(start).to_be_hidden()
    expect(placements).to_be_hidden()
    expect(potentials).to_be_visible()
    assert potentials.evaluate("el => el.tagName") == "INPUT"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.refused == []  # type: ignore[attr-defined]
