"""ZÈRTZ played by clicks in a real browser (issue 37), at 1280 px and on a phone (360 px), with its
own picker script (arbiter/zertz/picker.js). The opening is ZT-15's example (tests/games/play/
test_zertz_play.py): ``Bd1,g1 Wb2,a3 Bc3,a1 xb2Bd4 Bd7,f5 Wg2,b5 Wf3,f1``, after which Black must
capture and his only turn is the chain ``xg2We4Wc3``: the white marble on g2 jumps the white marble
on f3 to e4, then the white one on d4 to c3 (worked by hand on the board of docs/rules.md, ZÈRTZ).

White picks the first placement on the board: a vacant ring (d1), then a free ring to remove (g1;
the free rings at the start are the 18 edge rings, and d1's neighbours stay vacant), then the
marble's colour by a button naming it with its picture. The middle of the opening is sent through
the game page's form; Black then picks the chain jump by jump, one landing lit each time, the
marbles jumped taken off the board's preview; the turn sent is the chain's notation, and the board
after it shows the marbles on g2, f3 and d4 gone, the jumping marble on c3 and Black's captures.
Last, a chain with a free choice of branch (a position made by hand) is picked landing by landing,
both landings of the branch lit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Move
from games.play import state
from tests.arbiter.zertz.support import EDGE_37, position_text
from tests.browser.test_pages_in_a_browser import PHONE as PHONE_390
from tests.browser.test_play_in_a_browser import DESK, _no_sideways_scroll, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PHONE = {**PHONE_390, "width": 360}
OPENING = ["Bd1,g1", "Wb2,a3", "Bc3,a1", "xb2Bd4", "Bd7,f5", "Wg2,b5", "Wf3,f1"]
CHAIN = "xg2We4Wc3"
EDGE = set(EDGE_37)  # ZT-4: the free rings at the start


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#play-area")


def _targets(page: Any) -> list[str]:
    return sorted(
        page.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    )


def _signed_in(username: str) -> Client:
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def _send_through_the_form(game: Any, clients: list[Client], plies: list[str], start: int) -> None:
    for ply, move in enumerate(plies, start):
        answer = clients[ply % 2].post(f"/games/{game.pk}/move/", {"move": move, "expected_ply": str(ply)})
        assert answer.status_code == 302, (move, answer.status_code)


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_a_zertz_placement_and_a_capture_chain_picked_by_clicks(
    live_server: Any, browser: Any, shots: Path, size: str
) -> None:
    viewport = DESK if size == "desk" else PHONE
    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "zertz-standard", "3d/15d")
    url = live_server.url + game.get_absolute_url()
    clients = [_signed_in("ann"), _signed_in("bob")]  # signed in before a page holds the database
    white = _page(browser, live_server.url, ann.user.username, viewport)
    black = _page(browser, live_server.url, bob.user.username, viewport)

    # a placement: the ring, the free ring removed, the colour
    _open(white, url)
    if size == "phone":
        _no_sideways_scroll(white, viewport["width"])
    hint = white.locator("#move-hint")
    assert "click a vacant ring" in hint.inner_text()
    assert len(_targets(white)) == 37  # every ring is vacant
    white.click('#play-board [data-target="d1"]')
    assert "Remove a free ring" in hint.inner_text()
    assert _targets(white) == sorted(EDGE - {"d1"})  # d1 is taken: the free rings left
    white.click('#play-board [data-target="g1"]')
    assert white.locator("#play-board .play-removed").count() == 1  # g1 drawn removed
    assert "white marble, grey marble, black marble" in hint.inner_text()
    buttons = white.locator("#move-options .move-option")
    assert buttons.evaluate_all("els => els.map(e => e.dataset.kind)") == ["W", "G", "B"]
    black_button = white.locator('#move-options .move-option[data-move="Bd1,g1"]')
    assert "black marble" in black_button.inner_text() and black_button.locator("svg").count() == 1
    black_button.click()
    assert white.locator("#move-preview-text").inner_text() == "Bd1,g1"
    assert (
        white.locator("#move-preview-words").inner_text()
        == "a black marble placed on d1, the ring g1 removed"
    )
    assert white.locator("#play-board .play-preview-layer .marble.black").count() >= 1  # drawn on d1
    with white.expect_navigation():  # the move stored, the page shown again
        white.click("#move-send")

    white.close()  # its live updates closed: the test's own requests alone use the database
    _send_through_the_form(game, clients, OPENING[1:], 1)

    # the chain: compulsory, picked landing by landing
    _open(black, url)
    if size == "phone":
        _no_sideways_scroll(black, viewport["width"])
        box = black.locator('#play-board [data-target="g2"]').bounding_box()
        assert box is not None and box["width"] >= 20  # a target a finger can hit
    assert "Capture: jump from" in black.locator("#move-hint").inner_text()
    assert _targets(black) == ["g2"]
    black.click('#play-board [data-target="g2"]')
    assert "Jump on to" in black.locator("#move-hint").inner_text()
    assert _targets(black) == ["e4"]
    black.click('#play-board [data-target="e4"]')
    assert _targets(black) == ["c3"]  # the marble on e4 can jump again
    assert black.locator('#play-board g.marble.play-hidden[data-ring="f3"]').count() == 1  # jumped
    black.click('#play-board [data-target="c3"]')
    assert black.locator("#move-preview-text").inner_text() == CHAIN
    assert black.locator("#move-preview-words").inner_text() == (
        "the marble on g2 jumps to c3, capturing the white marble on f3, the white marble on d4"
    )
    assert black.locator('#play-board g.marble.play-hidden[data-ring="d4"]').count() == 1
    assert black.locator("#play-board .play-removed").count() == 2
    with black.expect_navigation():  # the move stored, the page shown again
        black.click("#move-send")

    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == [
        *OPENING,
        CHAIN,
    ]
    _open(black, url)
    marbles = black.locator("#play-board g.marble[data-ring]").evaluate_all(
        "els => els.map(e => e.dataset.ring + e.dataset.marble)"
    )
    # before the chain: B on d1, W on d4 (Black's xb2Bd4 took the black marble on c3), B on d7, W on
    # g2 and f3; Black's captures go from one black marble to two white ones more
    assert sorted(marbles) == ["c3W", "d1B", "d7B"]
    assert black.locator('#play-board [data-player="black"][data-captures="2/0/1"]').count() == 1
    black.screenshot(path=str(shots / f"zertz-chain-{size}.png"), full_page=True)
    assert white.refused == [] and black.refused == []


#: a chain with a free choice of branch, worked by hand (ZT-8: any marble may jump; a capture is
#: compulsory, and a chain goes on while its marble can jump): white d1, grey d2, black d4 and c3.
#: The white marble on d1 jumps the grey one on d2 to d3; from d3 it may jump the black one on d4 to
#: d5 or the black one on c3 to b3, and then none is next to it. The other captures: c3 over d4 to
#: e4, d4 over c3 to b2.
BRANCHES = ["Wd1", "Gd2", "Bd4", "Bc3"]


def test_a_chain_with_a_choice_of_branch_is_picked_landing_by_landing(
    live_server: Any, browser: Any, shots: Path
) -> None:
    ann, bob = _player("Ann"), _player("Bob")
    game = state.create_service_game(ann, bob, "zertz-standard", "3d/15d")
    game.position = position_text("zertz-standard", None, BRANCHES)
    game.save()
    white = _page(browser, live_server.url, ann.user.username, DESK)
    _open(white, live_server.url + game.get_absolute_url())
    assert _targets(white) == ["c3", "d1", "d4"]  # the marbles that can capture
    white.click('#play-board [data-target="d1"]')
    assert _targets(white) == ["d3"]
    white.click('#play-board [data-target="d3"]')
    assert _targets(white) == ["b3", "d5"]  # the branch: the player's choice
    assert white.locator('#play-board g.marble.play-hidden[data-ring="d2"]').count() == 1
    assert white.locator("#move-preview").is_hidden()  # nothing chosen yet
    white.click('#play-board [data-target="b3"]')
    assert white.locator("#move-preview-text").inner_text() == "xd1Gd3Bb3"
    with white.expect_navigation():
        white.click("#move-send")
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["xd1Gd3Bb3"]
    _open(white, live_server.url + game.get_absolute_url())
    marbles = white.locator("#play-board g.marble[data-ring]").evaluate_all(
        "els => els.map(e => e.dataset.ring + e.dataset.marble)"
    )
    assert sorted(marbles) == ["b3W", "d4B"]
    assert white.locator('#play-board [data-player="white"][data-captures="0/1/1"]').count() == 1
    white.screenshot(path=str(shots / "zertz-branch-desk.png"), full_page=True)
    assert white.refused == []
