"""Playing on the service in a real browser (issue 19): two players, each in his own browser context
(Debian's headless Chromium through Playwright), play GIPF and DVONN moves on the game page and each
sees the other's move arrive without reloading; and a whole Swiss round of GIPF and of DVONN played
on the service by eight players' browsers, with the standings and ratings after the rounds close.

The site is served by uvicorn, the ASGI server of the scaled setup, in a thread of the test (the
same test database), so the game pages follow their games by server-sent events (``games.live.game_events``);
a second part serves the same pages from pytest-django's WSGI live server, where the stream answers
204 and the pages ask the play API every few seconds instead.

GIPF standard (docs/rules.md): at the start a GIPF-piece stands on b2, e2, h2, b5, e8 and h5. White
pushes from the corner dot a1 through b2 (its piece moves on to c3: ``a1-c3``); Black from e9 through
e8 (on to e7: ``e9-e7``); White from i1 through h2 (on to g3: ``i1-g3``). DVONN: the first moves
place pieces on empty spaces (``c3``, then ``d3``).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.models import Game, Move
from games.play import state
from tests.browser.test_pages_in_a_browser import PHONE

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

DESK = {"width": 1280, "height": 900}


@pytest.fixture
def asgi_server(settings: Any) -> Iterator[str]:
    """uvicorn serving the site (and its static files) on a free loopback port, in a thread."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application

    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(get_asgi_application()),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def _player(name: str) -> Player:
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
    return Player.objects.create(display_name=name, handle=name.lower(), user=user)


def _page(browser: Any, base: str, username: str, viewport: dict[str, int], locale: str = "en-GB") -> Any:
    """A page in a browser context of its own whose session is ``username``'s."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=username))
    context = browser.new_context(viewport=viewport, locale=locale)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.refused = refused  # type: ignore[attr-defined]
    return page


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#play-area")
    page.evaluate("window.notReloaded = true")  # gone if the page reloads


def _says_live(page: Any, how: str) -> None:
    """The page's live note says ``how`` (a locator's wait: it evaluates no string in the page, which
    the Content-Security-Policy forbids)."""
    from playwright.sync_api import expect

    expect(page.locator("#live-note")).to_have_text(how, timeout=30_000)


def _sees_ply(page: Any, ply: int) -> None:
    """The page shows ``ply`` moves played, and it was not reloaded to get there."""
    page.wait_for_selector(f'#play-area[data-ply="{ply}"]')
    assert page.evaluate("window.notReloaded === true"), "the page was reloaded"


def _click_move(page: Any, points: list[str], notation: str) -> None:
    for point in points:
        page.click(f'#play-board [data-target="{point}"]')
    assert page.locator("#move-preview-text").inner_text() == notation  # shown before it is sent
    assert page.input_value("#move-select") == notation
    page.click("#move-send")
    page.wait_for_load_state()


def _keyboard_move(page: Any, points: list[str], notation: str) -> None:
    for point in points:
        page.focus(f'#play-board [data-target="{point}"]')
        page.keyboard.press("Enter")
    assert page.locator("#move-preview-text").inner_text() == notation
    assert page.evaluate("document.activeElement.id") == "move-send"  # the send button has the focus
    page.keyboard.press("Enter")
    page.wait_for_load_state()


def _no_sideways_scroll(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


LIVE = "Moves appear here as they are played."  # the stream is open
POLLING = "The page checks for new moves every few seconds."  # no stream: the page asks


def _play_gipf_and_dvonn(browser: Any, base: str, shots: Path, name: str, how: str) -> None:
    ann, bob = _player(f"Ann{name}"), _player(f"Bob{name}")
    gipf = state.create_service_game(ann, bob, "gipf-standard", "10+5")
    dvonn = state.create_service_game(ann, bob, "dvonn", "3d/15d")
    white = _page(browser, base, ann.user.username, DESK)
    black = _page(browser, base, bob.user.username, DESK)

    _open(white, base + gipf.get_absolute_url())
    _open(black, base + gipf.get_absolute_url())
    assert black.locator("#move-form").count() == 0  # not his move: nothing to send
    _says_live(black, how)
    # the corner dot a1 offers its one direction only; the move is shown, then sent
    white.click('#play-board [data-target="a1"]')
    assert white.locator("#play-board [data-target]").evaluate_all(
        "els => els.map(e => e.dataset.target)"
    ) == ["b2"]
    white.click('#play-board [data-target="b2"]')
    assert white.locator("#move-preview-text").inner_text() == "a1-c3"
    white.screenshot(path=str(shots / f"play-{name}-1-gipf-chosen.png"), full_page=True)
    white.click("#move-send")
    white.wait_for_load_state()
    _sees_ply(black, 1)
    assert "a1-c3" in black.locator("#play-moves").inner_text()
    black.screenshot(path=str(shots / f"play-{name}-2-gipf-seen.png"), full_page=True)
    _keyboard_move(black, ["e9", "e8"], "e9-e7")  # Black with the keyboard alone
    white.evaluate("window.notReloaded = true")
    _sees_ply(white, 2)
    white.select_option("#move-select", "i1-g3")  # the list of legal moves works as well
    assert white.locator("#move-preview-text").inner_text() == "i1-g3"
    white.click("#move-send")
    white.wait_for_load_state()
    black.evaluate("window.notReloaded = true")
    _sees_ply(black, 3)
    assert list(Move.objects.filter(game=gipf).values_list("notation", flat=True)) == [
        "a1-c3",
        "e9-e7",
        "i1-g3",
    ]
    # Black resigns (his box ticked); White's page shows the end without reloading
    black.check('#resign-form input[name="confirmed"]')
    black.click("#resign-form button")
    black.wait_for_load_state()
    white.evaluate("window.notReloaded = true")
    white.wait_for_selector('#play-area[data-over="1"]')
    assert white.evaluate("window.notReloaded === true")
    assert Game.objects.get(pk=gipf.pk).finished_at is not None

    # DVONN on phones, Black's page in Ukrainian
    white_phone = _page(browser, base, ann.user.username, PHONE)
    black_phone = _page(browser, base, bob.user.username, PHONE, locale="uk")
    _open(white_phone, base + dvonn.get_absolute_url())
    _open(black_phone, base + dvonn.get_absolute_url())
    _no_sideways_scroll(white_phone, PHONE["width"])
    target = white_phone.locator('#play-board [data-target="c3"]').bounding_box()
    assert target is not None and target["width"] >= 20  # a target a finger can hit
    _click_move(white_phone, ["c3"], "c3")
    _sees_ply(black_phone, 1)
    assert black_phone.locator("#move-send").inner_text() == "Надіслати хід"
    _no_sideways_scroll(black_phone, PHONE["width"])
    black_phone.screenshot(path=str(shots / f"play-{name}-3-dvonn-phone-uk.png"), full_page=True)
    _click_move(black_phone, ["d3"], "d3")
    white_phone.evaluate("window.notReloaded = true")
    _sees_ply(white_phone, 2)
    white_phone.screenshot(path=str(shots / f"play-{name}-4-dvonn-phone.png"), full_page=True)
    assert list(Move.objects.filter(game=dvonn).values_list("notation", flat=True)) == ["c3", "d3"]
    for page in (white, black, white_phone, black_phone):
        assert page.refused == []


def test_two_players_see_each_others_moves_live(asgi_server: str, browser: Any, shots: Path) -> None:
    _play_gipf_and_dvonn(browser, asgi_server, shots, "asgi", LIVE)


def test_without_a_stream_the_pages_poll(live_server: Any, browser: Any, shots: Path) -> None:
    _play_gipf_and_dvonn(browser, live_server.url, shots, "wsgi", POLLING)


def _round_on_the_service(organiser: User, game: str, names: list[str]) -> Any:
    """A Swiss of ``game`` played on the service, its players with accounts, round 1 paired and
    published (its games created, ready to play)."""
    from tests.conftest import make_swiss, start
    from tournaments.pairing import edits
    from tournaments.registration import services as registration_services

    event = make_swiss(organiser, "", rounds=3, game=game, play_mode="service", time_control="10+5")
    for name in names:
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        registration_services.register(
            event, organiser, Player.objects.create(display_name=name, handle=name.lower(), user=user)
        )
    round_ = start(event, organiser)
    edits.publish_round(round_, organiser)
    return event, round_


def test_a_swiss_round_played_on_the_service(asgi_server: str, browser: Any, shots: Path) -> None:
    """A GIPF and a DVONN Swiss of four, round 1 played on the service in eight browsers: on each
    first board White moves, Black answers, White resigns; on each second board White moves and
    Black resigns. Closing the rounds gives the standings (a win is 2 half-points) and the rating
    lists (FIDE B.02 defaults: everyone starts unrated at 1,500 with K 40 and an expected score of
    0.5, so a win is +20 and a loss -20)."""
    from tournaments.models import Rating, Standing
    from tournaments.results import services as result_services

    organiser = User.objects.create_user("olga", password="pw-olga-12345")
    rounds = {
        "gipf": (
            _round_on_the_service(organiser, "gipf-standard", ["Ann", "Bob", "Cid", "Dan"]),
            ["a1-c3", "e9-e7"],
        ),
        "dvonn": (_round_on_the_service(organiser, "dvonn", ["Eve", "Fay", "Gus", "Hal"]), ["c3", "d3"]),
    }
    pages: dict[str, Any] = {}
    expected_points: dict[str, dict[str, int]] = {}
    for family, ((event, round_), moves) in rounds.items():
        games = list(
            Game.objects.filter(pairing_game__pairing__round=round_)
            .select_related("white__user", "black__user")
            .order_by("pairing_game__pairing__board")
        )
        assert len(games) == 2 and all(game.on_service and game.time_control == "10+5" for game in games)
        winners = []
        for board, game in enumerate(games, start=1):
            white = pages.setdefault(
                game.white.user.username, _page(browser, asgi_server, game.white.user.username, DESK)
            )
            black = pages.setdefault(
                game.black.user.username, _page(browser, asgi_server, game.black.user.username, PHONE)
            )
            url = asgi_server + game.get_absolute_url()
            _open(white, url)
            _open(black, url)
            _says_live(black, LIVE)
            _click_move(white, [moves[0][:2]] if family == "dvonn" else ["a1", "b2"], moves[0])
            _sees_ply(black, 1)
            if board == 1:
                _click_move(black, [moves[1][:2]] if family == "dvonn" else ["e9", "e8"], moves[1])
                white.evaluate("window.notReloaded = true")
                _sees_ply(white, 2)
                loser, winner, watching = white, game.black, black
            else:
                loser, winner, watching = black, game.white, white
            loser.check('#resign-form input[name="confirmed"]')
            loser.click("#resign-form button")
            loser.wait_for_load_state()
            watching.evaluate("window.notReloaded = true")
            watching.wait_for_selector('#play-area[data-over="1"]')
            assert watching.evaluate("window.notReloaded === true")
            winners.append(winner.display_name)
            watching.screenshot(path=str(shots / f"swiss-{family}-board-{board}-over.png"), full_page=True)
        names = {r.player.display_name for r in event.registrations.select_related("player")}
        expected_points[family] = {name: 2 if name in winners else 0 for name in names}
        result_services.close_round(round_, organiser)

    for family, ((event, _round), _moves) in rounds.items():
        points = {
            row.registration.player.display_name: row.points
            for row in Standing.objects.filter(event=event, after_round=1).select_related(
                "registration__player"
            )
        }
        assert points == expected_points[family]
        ratings = {
            row.player.display_name: (row.rating, row.rated_games)
            for row in Rating.objects.filter(family=family).select_related("player")
        }
        assert ratings == {
            name: (1520 if won else 1480, 1)
            for name, won in ((n, p == 2) for n, p in expected_points[family].items())
        }
    for page in pages.values():
        assert page.refused == []


def test_the_mover_is_asked_which_rows_to_remove(asgi_server: str, browser: Any, shots: Path) -> None:
    """GIPF standard, White to move, who must first remove his row e2-e5 and may keep his GIPF-piece
    on e6 or take it with the row (tests/games/web/test_play_page.py): the dot a1 and its one direction
    leave both ways open, so the page asks; the chosen one is the move sent."""
    from tests.arbiter.gipf.support import position as gipf_position

    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "gipf-standard", "10+5")
    game.position = gipf_position(
        "standard",
        {"e2": "b", "e3": "w", "e4": "w", "e5": "w", "e6": "W", "b2": "B", "h5": "W"},
        "w",
        (10, 13),
    )
    game.save()
    page = _page(browser, asgi_server, "ann", PHONE)
    _open(page, asgi_server + game.get_absolute_url())
    page.click('#play-board [data-target="a1"]')
    page.click('#play-board [data-target="b2"]')
    assert page.locator("#move-options").is_visible() and not page.locator("#move-preview").is_visible()
    options = page.locator(".move-option").evaluate_all("els => els.map(e => e.dataset.move)")
    assert sorted(options) == ["xe2,e3,e4,e5,e6;a1-c3", "xe2,e3,e4,e5;a1-c3"]
    page.screenshot(path=str(shots / "play-removal-choice.png"), full_page=True)
    page.click('.move-option[data-move="xe2,e3,e4,e5;a1-c3"]')  # White keeps his GIPF-piece on e6
    assert page.locator("#move-preview-text").inner_text() == "xe2,e3,e4,e5;a1-c3"
    page.click("#move-send")
    page.wait_for_load_state()
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["xe2,e3,e4,e5;a1-c3"]
    _no_sideways_scroll(page, PHONE["width"])
