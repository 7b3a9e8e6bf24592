"""The layout on a phone (issue 31): at 360 px no page is wider than the screen, signed in as the
demo player with the longest name, in English and in Ukrainian; the header keeps its language
switch in view; a game's board uses the width of the screen.

Debian's headless Chromium through Playwright, as the other browser tests (skipped without it
outside CI). Screenshots go to ``$BROWSER_ARTIFACTS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

NARROW = {"width": 360, "height": 780}


def _demo() -> tuple[str, list[str]]:
    """The demo data, a game on the service of the longest-named player; his user name and the pages."""
    from accounts.models import Player
    from games.models import Game
    from games.play import state
    from tournaments.models import Event

    call_command("demo", "--known-passwords", verbosity=0)
    players = list(Player.objects.filter(user__isnull=False))
    longest = max(players, key=lambda player: (len(player.display_name), player.display_name))
    other = next(player for player in players if player.pk != longest.pk)
    on_service = state.create_service_game(longest, other, "dvonn", "3d/15d")
    gipf = Event.objects.get(slug="gipf-club-championship")
    dvonn = Event.objects.get(slug="dvonn-open")
    verified = Game.objects.filter(verified_at__isnull=False).order_by("pk")
    pages = [
        "/",
        "/players/",
        longest.get_absolute_url(),
        gipf.get_absolute_url(),
        f"/events/{gipf.slug}/standings/",
        dvonn.get_absolute_url(),
        dvonn.round_set.order_by("-number").first().get_absolute_url(),  # type: ignore[union-attr]
        verified.filter(pairing_game__pairing__round__event=gipf).first().get_absolute_url(),  # type: ignore[union-attr]
        verified.filter(pairing_game__pairing__round__event=dvonn).first().get_absolute_url(),  # type: ignore[union-attr]
        on_service.get_absolute_url(),
        "/accounts/me/",
        "/accounts/my-games/",
        "/accounts/notices/",
        "/games/challenges/",  # the Play page (issue 31)
    ]
    assert longest.user is not None
    return longest.user.get_username(), pages


def _signed_in(browser: Any, base: str, username: str, language: str) -> Any:
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=username))
    context = browser.new_context(viewport=NARROW, locale="en-GB")
    cookies = [
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value},
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": language},
    ]
    context.add_cookies([{**cookie, "url": base} for cookie in cookies])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_no_page_is_wider_than_a_360_px_phone(live_server: Any, browser: Any, shots: Path) -> None:
    username, pages = _demo()
    for language in ("en", "uk"):
        page = _signed_in(browser, live_server.url, username, language)
        for number, address in enumerate(pages):
            response = page.goto(live_server.url + address)
            assert response is not None and response.status == 200, address
            assert page.locator("html").get_attribute("lang", timeout=1000).startswith(language)
            width = page.evaluate("document.documentElement.scrollWidth")
            page.screenshot(path=str(shots / f"layout-{language}-{number}.png"), full_page=True)
            assert width <= NARROW["width"], (language, address, width)
            switch = page.locator(".language-switch button").bounding_box()
            assert switch is not None and switch["x"] + switch["width"] <= NARROW["width"], (address, switch)
            board = page.locator(".board-svg svg")
            if board.count():
                box = board.first.bounding_box()
                assert box is not None and box["width"] >= NARROW["width"] * 0.85, (address, box)
        page.context.close()
