"""The board on the pages: the game page's board, move links and ``?ply=``, the SVG URL of a ply
(200, 404 without a verified record, 400 for a bad ply or size) and a refused submission's board
before its illegal move, with "ply 6" said as "move 3, Black".

The DVONN board of ``test_confirmation`` (Ann White, Bob Black); the seed-5 random game ends 0-1.
A GIPF standard event of the same two players checks the GIPF board on the page.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from arbiter import registry
from arbiter.dvonn.position import ply_mover
from arbiter.records import parse_tagged
from games.records import services
from games.web.boards import ply_label
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tests.games.refused import anns_board

pytestmark = pytest.mark.django_db

SVG_NS = "{http://www.w3.org/2000/svg}"
REFUSED = '[Game "DVONN"]\n[White "Ann"]\n[Black "Bob"]\n\n1. a1 b1 2. c1 d1 3. e1 e1\n'


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def test_ply_label_says_the_move_number_and_colour() -> None:
    assert ply_label(6, [0, 1, 0, 1, 0, 1]) == "move 3, Black"
    assert ply_label(1, [0, 1]) == "move 1, White"
    dvonn = [ply_mover(ply) for ply in range(1, 54)]  # White makes plies 49 and 50 (hand-worked below)
    assert ply_label(49, dvonn) == "move 25, White"
    assert ply_label(50, dvonn) == "move 26, White"
    assert ply_label(53, dvonn) == "move 27, Black"


def _numbers_before(html: str) -> dict[int, str]:
    """The move list: each ply link and the last move number written before it."""
    listing = html[html.index('<ol class="moves') : html.index("</ol>")]
    found: dict[int, str] = {}
    number = ""
    for item in re.finditer(r'<span class="move-number">([^<]+)</span>|data-ply="(\d+)"', listing):
        if item.group(1):
            number = item.group(1)
        else:
            found[int(item.group(2))] = number
    return found


def test_dvonn_double_turn_has_one_number_in_the_status_line_move_list_record_and_refused_page(
    board: Board,
) -> None:
    """Issue 31: at ply 53 of a DVONN game (White made plies 49 and 50) the status line says
    "move 27, Black", the move list shows it under "27.", the record writes it in Black's place."""
    text = registry.random_record("dvonn", 5, {"White": "Ann", "Black": "Bob"})
    tokens = parse_tagged(text).tokens
    assert len(tokens) > 60
    board.submit(board.ann, text)
    game = board.game()
    html = Client().get(game.get_absolute_url() + "?ply=53").content.decode()
    status = html[html.index('id="board-status"') : html.index("</p>", html.index('id="board-status"'))]
    assert "move 27, Black" in status
    numbers = _numbers_before(html)
    assert (numbers[48], numbers[49], numbers[50], numbers[51], numbers[52], numbers[53]) == (
        "24.",
        "25.",
        "26.",
        "26.",
        "27.",
        "27.",
    )
    assert 'data-ply="53" title="ply 53, move 27, Black"' in html
    written = " ".join(text.split())
    assert f"25. {tokens[48]} 26. {tokens[49]} {tokens[50]} 27. {tokens[51]} {tokens[52]} 28." in written
    # the refused page: a pass at ply 53, where Black has a move, is refused there as "move 27, Black"
    refused = '[Game "DVONN"]\n[White "Ann"]\n[Black "Bob"]\n\n' + " ".join(tokens[:52]) + " pass\n"
    record = board.submit(board.ann, refused)
    record.refresh_from_db()
    assert record.error_ply == 53
    page = Client().get(reverse("games:record-detail", args=[record.pk])).content.decode()
    assert "move 27, Black" in page


def test_the_game_page_shows_the_final_board_and_the_moves_as_ply_links(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    plies = registry.replay(BLACK_WINS).plies
    html = Client().get(game.get_absolute_url()).content.decode()
    assert 'id="board-viewer"' in html and "<svg" in html
    assert f'data-ply="{plies}" data-plies="{plies}"' in html
    assert 'href="?ply=1" data-ply="1"' in html and f'href="?ply={plies}" data-ply="{plies}"' in html
    assert f'href="?ply={plies}" data-ply="{plies}" title="ply {plies}, ' in html
    assert "js/board.js" in html
    # what the page showed before stays: the state and the submissions
    assert 'id="game-state"' in html and "Submissions" in html and "provisional" in html


def test_ply_in_the_address_shows_that_position(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    view = registry.ply_view(BLACK_WINS, 17)
    response = Client().get(game.get_absolute_url() + "?ply=17")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-ply="17"' in html and 'aria-current="step"' in html
    assert 'href="?ply=16"' in html and 'href="?ply=18"' in html and 'href="?ply=0"' in html
    assert view.last is not None and view.last.path[0]
    # the inline board is the one of ply 17: its placed pieces are the first 17 placements
    start = html.index("<svg")
    root = ET.fromstring(html[start : html.index("</svg>", start) + 6])
    assert len([el for el in root.iter() if "stack" in (el.get("class") or "").split()]) == 17
    assert Client().get(game.get_absolute_url() + "?ply=99999").status_code == 400
    assert Client().get(game.get_absolute_url() + "?ply=abc").status_code == 400


def test_the_svg_url_answers_200_404_400(board: Board) -> None:
    game = board.game_or_create()
    url = reverse("games:board-svg", args=[game.pk])
    assert Client().get(url).status_code == 404  # no verified record yet
    assert Client().get(reverse("games:board-svg", args=[999999])).status_code == 404
    board.submit(board.ann, BLACK_WINS)
    plies = registry.replay(BLACK_WINS).plies
    response = Client().get(url + "?ply=0")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert "max-age" in response["Cache-Control"] and response["ETag"]
    root = ET.fromstring(response.content)
    assert root.tag == f"{SVG_NS}svg" and root.find(f"{SVG_NS}title") is not None
    again = Client().get(url + "?ply=0", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    last = Client().get(url)
    assert last.status_code == 200 and last.content == Client().get(url + f"?ply={plies}").content
    flipped = Client().get(url + "?ply=5&flip=1&size=300")
    assert flipped.status_code == 200 and b'width="300"' in flipped.content
    for bad in (f"?ply={plies + 1}", "?ply=-1", "?ply=x", "?ply=1.5", "?size=10", "?size=big"):
        assert Client().get(url + bad).status_code == 400, bad


def test_a_refused_record_shows_the_board_before_the_illegal_move(board: Board) -> None:
    record = board.submit(board.ann, REFUSED)
    assert record.status == "invalid" and record.error_ply == 6
    html = Client().get(reverse("games:record-detail", args=[record.pk])).content.decode()
    assert 'id="refused-board"' in html and "<svg" in html
    assert "move 3, Black" in html
    assert "e1" in html and record.error_reason in html
    start = html.index("<svg")
    root = ET.fromstring(html[start : html.index("</svg>", start) + 6])
    stacks = {el.get("data-space") for el in root.iter() if "stack" in (el.get("class") or "").split()}
    assert stacks == {"a1", "b1", "c1", "d1", "e1"}
    # the game itself has no verified record: no board on its page
    game_html = Client().get(board.game().get_absolute_url()).content.decode()
    assert 'id="board-viewer"' not in game_html


def test_a_gipf_game_page_draws_the_gipf_board(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    olga, pairing = anns_board(django_capture_on_commit_callbacks, "GIPF boards", "gipf-standard")
    text = registry.random_record("gipf-standard", 3, {"White": "Ann", "Black": "Bob"})
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_record(pairing, olga, text, 1)
    game = services.games_of(pairing)[0]
    game.refresh_from_db()
    html = Client().get(game.get_absolute_url() + "?ply=0").content.decode()
    assert html.count('class="dot"') == 24 and html.count('class="spot"') == 37
    assert html.count('class="piece gipf white"') == 3 and html.count('class="piece gipf black"') == 3
    first = registry.replay(text).moves[0]
    assert f'data-ply="1" title="ply 1, move 1, White">{first}</a>' in html
    svg = Client().get(reverse("games:board-svg", args=[game.pk]) + "?ply=1").content.decode()
    assert 'class="last-mark" data-point="' + first.lstrip("G").split("-")[0] + '"' in svg
