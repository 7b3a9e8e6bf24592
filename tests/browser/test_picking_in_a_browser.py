"""Each game's picker speaks its game (issue 42), in a real browser (Debian's headless Chromium through
Playwright, as the other browser tests), at 1280 and 360 px, each in English and in Ukrainian: the
picker scripts of the games' packages (arbiter/yinsh/picker.js, arbiter/tzaar/picker.js) on the
hooks of the shared static/js/play.js.

YINSH, worked by hand (yinsh.md): White's markers stand on c5, d5, e5 and f5, Black's on g6, White's
ring on g5. The ring moves up its column: g6 holds a marker, so it jumps it and stops on g7, the
first free point; it leaves a White marker on g5 and turns g6 over. White's markers c5 to g5 are then
a row of five, the only one: it is taken for him at once (``xc5-g5``, written from its lower end) and
shown, and he removes a ring (a2). With White's markers on g2, g3 and g4 as well, the same move makes
two rows crossing on g5: c5-g5, and g2-g6 up column g (g6 turned over): he chooses, by a click on a
marker of one row only (g5 is in both); taking g2-g6 takes g5 with it, so c5-g5 is no row any more.

TZAAR, a placement start (tzaar.md Z-5): White places first; a click on a1 asks which piece, each by
its name and its picture from the key beside the board; the Tzarra is ``wZ@a1``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbiter.yinsh.board import COLUMNS, SPANS
from games.models import Move
from games.play import state
from tests.browser.test_play_in_a_browser import DESK, _open, _page, _player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 360, "height": 780}
SCREENS = [(DESK, "en-GB"), (PHONE, "en-GB"), (DESK, "uk"), (PHONE, "uk")]
IDS = ["1280px-en", "360px-en", "1280px-uk", "360px-uk"]

#: the words expected, as the catalogue says them (English and Ukrainian)
WORDS = {
    "en-GB": {
        "ring": "Click one of your rings to move it.",
        "forced": "Your row c5–g5 is taken: it is the only one.",
        "remove": "Remove one of your rings: click it.",
        "rows": "Take a row: 2 rows of five are yours; click a marker of the one to take.",
        "said": "ring moved from g5 to g7; row c5–g5 taken; ring on a2 removed",
        "place": "Click an empty space, then choose the piece to place there.",
        "types": ["Tzaar", "Tzarra", "Tott"],
        "placed": "Tzarra placed on a1",
        "key": "Tzarra: a dot",
    },
    "uk": {
        "ring": "Клацніть одне зі своїх кілець, щоб його перемістити.",
        "forced": "Ваш ряд c5–g5 знято: він єдиний.",
        "remove": "Зніміть одне зі своїх кілець: клацніть його.",
        "rows": "Зніміть ряд: ваших рядів по п’ять — 2; клацніть маркер того, який знімаєте.",
        "said": "кільце переміщено з g5 на g7; ряд c5–g5 знято; кільце на a2 знято",
        "place": "Клацніть вільне поле, потім виберіть фігуру, яку туди поставити.",
        "types": ["Цаар", "Царра", "Тотт"],
        "placed": "Царра — на a1",
        "key": "Царра: крапка",
    },
}

#: the rings beside the row (White: g5 and four far away; Black: five far away), not placing any more
RINGS = {
    "g5": "W",
    "a2": "W",
    "b1": "W",
    "k7": "W",
    "k10": "W",
    "a5": "B",
    "b7": "B",
    "j11": "B",
    "i4": "B",
    "h3": "B",
}


def yinsh_position(pieces: dict[str, str]) -> str:
    """The position text (arbiter/yinsh/position.py: columns a to k, each from its lowest point up)
    with ``pieces`` (point: W/B ring, w/b marker), White to move at the start of his turn."""
    columns = []
    for col, (low, high) in enumerate(SPANS):
        text, run = "", 0
        for number in range(low, high + 1):
            here = pieces.get(f"{COLUMNS[col]}{number}")
            if here is None:
                run += 1
                continue
            text += (str(run) if run else "") + here
            run = 0
        columns.append(text + (str(run) if run else ""))
    return f"yinsh {'/'.join(columns)} w turn 0-0"


def _yinsh_game(markers: dict[str, str]) -> Any:
    game = state.create_service_game(_player("Ann"), _player("Bob"), "yinsh", "")
    game.position = yinsh_position({**RINGS, **markers})
    game.save()
    return game


def _targets(page: Any) -> set[str]:
    return set(
        page.locator("#play-board [data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    )


PREVIEW = "#play-board g.play-preview-layer"


def _anns_page(browser: Any, base: str, game: Any, viewport: dict[str, int], locale: str) -> Any:
    """Ann's page of the game, open."""
    page = _page(browser, base, "ann", viewport, locale)
    _open(page, base + game.get_absolute_url())
    return page


def _sent(page: Any, game: Any) -> list[str]:
    """The game's stored moves once the page has sent its move and shows it played."""
    page.click("#move-send")
    page.wait_for_selector('#play-area[data-ply="1"]')
    return list(Move.objects.filter(game=game).values_list("notation", flat=True))


@pytest.mark.parametrize(("viewport", "locale"), SCREENS, ids=IDS)
def test_a_yinsh_row_alone_is_taken_for_the_player_and_shown(
    live_server: Any, browser: Any, shots: Path, viewport: dict[str, int], locale: str
) -> None:
    words = WORDS[locale]
    game = _yinsh_game({"c5": "w", "d5": "w", "e5": "w", "f5": "w", "g6": "b"})
    page = _anns_page(browser, live_server.url, game, viewport, locale)
    hint = page.locator("#move-hint")
    assert hint.inner_text() == words["ring"]  # said before the click
    assert page.locator('.piece-key [data-piece-key="ring"]').count() == 1
    page.click('#play-board [data-target="g5"]')
    lit = _targets(page)
    assert "g7" in lit and not {"g6", "g8"} & lit  # up its column it jumps g6 and stops on g7
    assert "b5" in lit and not {"c5", "d5", "e5", "f5", "a5"} & lit  # left, over four markers to b5
    page.click('#play-board [data-target="g7"]')
    # the row taken for him at once, said and drawn: the ring on g7, a marker left on g5, g6 turned
    # over to White, the five markers of the row to go
    assert hint.inner_text() == f"{words['forced']} {words['remove']}"
    assert page.locator(f"{PREVIEW} .row-taken").count() == 1
    assert page.locator(f"{PREVIEW} .play-removed").count() == 5
    assert page.locator(f"{PREVIEW} .flipped").count() == 1
    assert page.locator(f"{PREVIEW} circle.marker.white").count() == 2  # left on g5, g6 turned
    assert page.locator(f"{PREVIEW} g.ring.ring-w").count() == 1  # the ring, moved
    assert page.locator('#play-board g.ring[data-piece="g5"]').get_attribute("class").endswith("play-hidden")
    assert _targets(page) == {"g7", "a2", "b1", "k7", "k10"}  # his rings, to remove one
    page.screenshot(path=str(shots / f"yinsh-forced-row-{locale}.png"), full_page=True)
    page.click('#play-board [data-target="a2"]')
    assert page.locator("#move-preview-text").inner_text() == "g5-g7;xc5-g5;ra2"
    assert page.locator("#move-preview-words").inner_text() == words["said"]
    # undone before it is sent: the ring removed, then the move with the row taken for it
    page.click("#move-undo")
    assert page.locator("#move-preview").is_hidden() and hint.inner_text().endswith(words["remove"])
    page.click("#move-undo")
    assert page.locator(f"{PREVIEW} .row-taken").count() == 0 and _targets(page) == lit
    page.click('#play-board [data-target="g7"]')
    page.click('#play-board [data-target="a2"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert _sent(page, game) == ["g5-g7;xc5-g5;ra2"]
    assert page.refused == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("viewport", "locale"), SCREENS, ids=IDS)
def test_a_yinsh_player_with_two_rows_picks_one_by_a_marker_of_it(
    live_server: Any, browser: Any, shots: Path, viewport: dict[str, int], locale: str
) -> None:
    words = WORDS[locale]
    game = _yinsh_game(
        {"c5": "w", "d5": "w", "e5": "w", "f5": "w", "g2": "w", "g3": "w", "g4": "w", "g6": "b"}
    )
    page = _anns_page(browser, live_server.url, game, viewport, locale)
    page.click('#play-board [data-target="g5"]')
    page.click('#play-board [data-target="g7"]')
    assert page.locator("#move-hint").inner_text() == words["rows"]
    # g5 is in both rows: no choice by it
    assert _targets(page) == {"c5", "d5", "e5", "f5", "g2", "g3", "g4", "g6"}
    assert page.locator(f"{PREVIEW} .play-row-offered").count() == 2
    page.screenshot(path=str(shots / f"yinsh-two-rows-{locale}.png"), full_page=True)
    page.click('#play-board [data-target="g3"]')  # the row g2-g6, by its marker on g3
    assert page.locator("#move-hint").inner_text() == words["remove"]
    assert page.locator(f"{PREVIEW} .play-removed").count() == 5
    page.click('#play-board [data-target="a2"]')
    assert page.locator("#move-preview-text").inner_text() == "g5-g7;xg2-g6;ra2"
    assert _sent(page, game) == ["g5-g7;xg2-g6;ra2"]
    assert page.refused == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("viewport", "locale"), SCREENS, ids=IDS)
def test_a_tzaar_placement_is_picked_by_the_piece_s_name_and_picture(
    live_server: Any, browser: Any, shots: Path, viewport: dict[str, int], locale: str
) -> None:
    words = WORDS[locale]
    game = state.create_service_game(
        _player("Ann"), _player("Bob"), "tzaar", "", options={"start": "placement"}
    )
    page = _anns_page(browser, live_server.url, game, viewport, locale)
    assert page.locator("#move-hint").inner_text() == words["place"]
    key = page.locator(".piece-key li")
    assert key.count() == 4 and words["key"] in key.all_inner_texts()  # the key beside the board
    page.click('#play-board [data-target="a1"]')
    options = page.locator("#move-options .move-option")
    assert [name.strip() for name in options.locator(".move-option-name").all_inner_texts()] == words["types"]
    assert options.locator("svg.kind-picture").count() == 3  # each with its picture
    tzarra = page.locator('#move-options .move-option[data-move="wZ@a1"]')
    assert tzarra.locator("svg.kind-picture .tzaar-dot").count() == 1 and tzarra.locator(".mark").count() == 0
    page.screenshot(path=str(shots / f"tzaar-placement-{locale}.png"), full_page=True)
    tzarra.click()
    assert page.locator("#move-preview-text").inner_text() == "wZ@a1"
    assert page.locator("#move-preview-words").inner_text() == words["placed"]
    assert page.locator(f"{PREVIEW} .stack.white.tzarra").count() == 1  # drawn on a1 before it is sent
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert _sent(page, game) == ["wZ@a1"]
    assert page.refused == []  # type: ignore[attr-defined]
