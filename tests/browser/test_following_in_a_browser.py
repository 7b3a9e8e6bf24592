"""Pages that follow play live, in a real browser (Debian's headless Chromium through Playwright),
served by uvicorn in a thread of the test as in tests/browser/test_play_in_a_browser.py, so that the
streams are served (``games.live.game_events``, ``games.live.player_events``):

* the round page (anyone) and the arbiter's queue (the organiser) of a round played on the service
  show a game's result as it ends, without reloading (issue 31; static/js/follow.js); the
  organiser's round page where he began to enter a result keeps it and says a game ended;
* the header's count of the games where it is the signed-in player's move changes as his opponents
  move and as a game ends (issue 29; static/js/header.js).

Round 1 of a 4-player round robin, unrated players by name: Ann-Dan on board 1, Bob-Cid on board 2
(tests/tournaments/results/test_rounds_on_service.py); a resignation is the loss of the player to
move, White at ply 0. GIPF standard: White's first push from a1 through b2 is ``a1-c3``
(tests/browser/test_play_in_a_browser.py), Black's first push from e9 through e8 is ``e9-e7``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.play import service, state
from tests.browser.test_play_in_a_browser import (  # noqa: F401 - asgi_server is a fixture
    DESK,
    _page,
    _player,
    asgi_server,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]


def _opened(page: Any, url: str, stream: str = "lastEventId=") -> None:
    """Open ``url`` and wait for its stream (the address holding ``stream``) to answer: its events
    from then on reach the page."""
    with page.expect_response(lambda answer: stream in answer.url):
        page.goto(url)
    page.evaluate("window.notReloaded = true")  # gone if the page reloads


def _not_reloaded(page: Any) -> None:
    assert page.evaluate("window.notReloaded === true"), "the page was reloaded"


def test_the_round_page_and_the_queue_show_games_ending(
    asgi_server: str,  # noqa: F811
    browser: Any,
    shots: Path,
) -> None:
    from playwright.sync_api import expect

    from tests.conftest import make_event, start
    from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts

    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    event = make_event(organiser, "", name="Live night", game="gipf-standard", play_mode="service")
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    first, second = games_of_round(round_)

    watcher = browser.new_context(viewport=DESK, locale="en-GB").new_page()
    watcher.set_default_timeout(20_000)
    _opened(watcher, f"{asgi_server}/events/{event.slug}/rounds/1/")
    rows = watcher.locator("table.pairings tbody tr")
    expect(rows.nth(0)).not_to_contain_text("0 – 1")
    expect(rows.nth(1)).not_to_contain_text("0 – 1")
    arbiter = _page(browser, asgi_server, "olga", DESK)
    _opened(arbiter, f"{asgi_server}/games/events/{event.slug}/queue/")
    expect(arbiter.locator("#queue-missing")).to_contain_text("board 2")
    desk = arbiter.context.new_page()  # the organiser's round page, with the results form
    desk.set_default_timeout(20_000)
    _opened(desk, f"{asgi_server}/events/{event.slug}/rounds/1/")
    desk.select_option('select[name="board1_game1"]', "1-0")  # begun, not saved

    service.resign(second, users["Bob"])  # board 2: 0-1
    expect(rows.nth(1)).to_contain_text("0 – 1")
    expect(rows.nth(0)).not_to_contain_text("0 – 1")
    expect(arbiter.locator("#queue-missing")).not_to_contain_text("board 2")
    expect(arbiter.locator("#queue-missing")).to_contain_text("board 1")
    _not_reloaded(watcher)
    _not_reloaded(arbiter)
    # what the organiser began to type is not swapped away: he is told a game ended
    expect(desk.locator("#follow-note")).to_contain_text("A game has ended")
    assert desk.input_value('select[name="board1_game1"]') == "1-0"
    _not_reloaded(desk)
    watcher.screenshot(path=str(shots / "following-round-board-2-ended.png"), full_page=True)

    service.resign(first, users["Ann"])  # board 1: 0-1, the round's last game
    expect(rows.nth(0)).to_contain_text("0 – 1")
    expect(watcher.locator("#follow-note")).to_have_count(0)  # nothing left to follow
    expect(arbiter.locator("#queue-missing")).to_contain_text("None.")
    _not_reloaded(watcher)
    _not_reloaded(arbiter)
    assert arbiter.refused == []


def test_the_header_counts_the_moves_waiting_live(
    asgi_server: str,  # noqa: F811
    browser: Any,
    shots: Path,
) -> None:
    """Bob plays Black against Ann and against Cid: no move of his waits (his badge hidden); Ann
    moves, then Cid: 1, then 2; Ann resigns the game where Bob is to move: 1 again."""
    from playwright.sync_api import expect

    ann, bob, cid = _player("Ann"), _player("Bob"), _player("Cid")
    with_ann = state.create_service_game(ann, bob, "gipf-standard", "10+5")
    with_cid = state.create_service_game(cid, bob, "gipf-standard", "10+5")
    page = _page(browser, asgi_server, "bob", DESK)
    with page.expect_response(lambda answer: "turn=mine" in answer.url):
        _opened(page, f"{asgi_server}/accounts/notices/", "/games/my-events/")
    badge = page.locator("[data-my-moves]")
    expect(badge).to_be_hidden()

    service.make_move(with_ann, ann.user, "a1-c3", 0)
    expect(badge).to_have_text("1")
    expect(badge).to_be_visible()
    service.make_move(with_cid, cid.user, "a1-c3", 0)
    expect(badge).to_have_text("2")
    page.screenshot(path=str(shots / "header-two-moves-waiting.png"))
    with_ann.refresh_from_db()
    service.make_move(with_ann, bob.user, "e9-e7", 1)  # Bob's move, made elsewhere: his stream is quiet
    service.resign(with_ann, ann.user)  # the game ends: Bob's stream says so
    expect(badge).to_have_text("1")
    _not_reloaded(page)
    assert page.refused == []
