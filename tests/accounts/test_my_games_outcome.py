"""'My games' shows each result from the player's side, as his player page does: a win as Black is
"Won 2 – 0" (his score first), never the board's "0 – 2"; in Ukrainian too."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tournaments.core.codes import DRAWN, LOST, WON, outcome

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [(2, 0, WON), (0, 2, LOST), (1, 1, DRAWN), (None, None, ""), (2, None, "")],
)
def test_the_outcome_from_one_side(mine: int | None, theirs: int | None, expected: str) -> None:
    assert outcome(mine, theirs) == expected


def row_of(page: str, event: str) -> str:
    row = re.search(r"<tr>\s*<td><a [^>]*>" + re.escape(event) + r"</a></td>.*?</tr>", page, re.S)
    assert row is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row.group(0)))


def test_my_games_shows_a_win_as_black_from_blacks_side(board: Board) -> None:
    board.submit(board.bob, BLACK_WINS)  # Black (Bob) wins 0-1 on the board: 0 – 2 in half-points
    for user, shown in ((board.bob, "Won 1 – 0"), (board.ann, "Lost 0 – 1")):
        client = Client()
        client.force_login(user)
        row = row_of(client.get(reverse("accounts:my-games")).content.decode(), board.event.name)
        assert shown in row, row
    client = Client(HTTP_ACCEPT_LANGUAGE="uk")
    client.force_login(board.bob)
    with translation.override("en"):  # the page's Ukrainian stays in that request
        row = row_of(client.get(reverse("accounts:my-games")).content.decode(), board.event.name)
    assert "Виграно" in row, row
