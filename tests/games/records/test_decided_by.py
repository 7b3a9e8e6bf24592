"""Who decided a game, as the pages and notices say it: an organiser's correction of a closed round
reads as the organiser's, an arbiter's decision as the arbiter's; the round page offers a "record"
link only for a board with a verified record, a "game" link for one decided without a record."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from django.test import Client

from accounts.models import Notice
from games.models import Decision
from games.records import decisions
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tournaments.results import corrections
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def board_cell(board: Board) -> str:
    page = Client().get(board.round.get_absolute_url()).content.decode()
    game_url = board.game().get_absolute_url()
    links = re.findall(r'<a href="' + re.escape(game_url) + r'"[^>]*>([^<]*)</a>', page)
    return " ".join(links)


def page_of(user: Any, game: Any) -> str:
    """The game's page as ``user`` sees it, logged in."""
    client = Client()
    client.force_login(user)
    return client.get(game.get_absolute_url()).content.decode()


def decided(board: Board, game: Any, kind: Any, result: str, reason: str) -> Any:
    """The game, read afresh after the arbiter Ada decided it."""
    board.run(decisions.decide, game, board.ada, kind=kind, result=result, reason=reason)
    return board.game()


def test_an_organisers_correction_reads_as_the_organisers(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    board.run(result_services.close_round, board.round, board.olga)
    assert board_cell(board) == "record"
    board.run(corrections.correct_result, board.refreshed_pairing(), "1-0", "scoresheet misread", board.olga)
    game = board.game()
    assert game.result == "1-0" and not game.record
    page = text_of(page_of(board.ann, game))
    assert "decided by the organiser Decided by the organiser" in page
    assert "The organiser's decision" in page
    assert "arbiter" not in page.split("The organiser's decision")[1].split("Submissions")[0].lower()
    assert decisions.state_label(game) == "Decided by the organiser"
    assert Notice.objects.filter(recipient=board.ann, text__startswith="The organiser decided").exists()
    # the board has no record any more: the round page links the game, not a record
    assert board_cell(board) == "game"


def test_an_arbiters_decision_reads_as_the_arbiters(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = decided(board, board.game(), Decision.Kind.OTHER, "1-0", "clock")
    assert decisions.state_label(game) == "Decided by the arbiter"
    page = text_of(page_of(board.bob, game))
    assert "decided by the arbiter" in page and "The arbiter's decision" in page
    assert "organiser" not in page.lower().split("the arbiter's decision")[1][:200]
    assert Notice.objects.filter(recipient=board.bob, text__startswith="The arbiter decided").exists()


def test_after_a_decision_with_a_result_the_page_shows_the_records_board_and_the_change(board: Board) -> None:
    record = board.submit(board.ann, BLACK_WINS)  # Black wins: 0-1
    game = decided(board, board.game(), Decision.Kind.OTHER, "1-0", "Bob's phone rang")
    assert (game.result, game.record) == ("1-0", record.text)
    html = page_of(board.bob, game)
    assert 'id="board-viewer"' in html and "<svg" in html
    page = text_of(html)
    assert "The record's result was 0-1; the decision changed it to 1-0." in page
    assert "Bob's phone rang" in page
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("1-0", 2, 0)


def test_a_decision_without_a_record_says_nothing_about_one(board: Board) -> None:
    game = decided(board, board.game_or_create(), Decision.Kind.FORFEIT, "+/-", "absent")
    assert decisions.what_changed(game, game.decisions.first()) == ""
    html = page_of(board.bob, game)
    assert 'id="board-viewer"' not in html and 'id="decision-change"' not in html
