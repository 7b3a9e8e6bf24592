"""The game page as a place to play (``games.web.play_page``, ``games.web.views.play_move`` and ``resign``):
the board offers exactly the legal moves, a posted move is stored, a stale ply shows the game as it
stands, a player not to move is refused, resigning needs its box ticked.

The positions are worked by hand. GIPF: the play area has 42 entries (24 dots: the 6 corners
enter on one line, the 18 others on two: 6 + 36), and a push from an entry is legal unless its line
is full. DVONN: its board has 49 spaces (rows of 9, 10, 11, 10 and 9) and the first move places a
piece on any of them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, Move
from games.play import service, state
from games.records import writer
from tests.arbiter.gipf.support import position as gipf_position
from tests.games.play.timing import people_named

pytestmark = pytest.mark.django_db

# White to move; he must first remove his row e2-e5 (Black's piece on e2 joined to it), and may keep
# his GIPF-piece on e6 or take it with the row (tests/arbiter/test_play.py, AFTER_PUSH). Black's
# GIPF-piece stands on b2, White's other on h5.
WHITES_CHOICE = gipf_position(
    "standard", {"e2": "b", "e3": "w", "e4": "w", "e5": "w", "e6": "W", "b2": "B", "h5": "W"}, "w", (10, 13)
)
DVONN_SPACES = (
    [f"{c}1" for c in "abcdefghi"]
    + [f"{c}2" for c in "abcdefghij"]
    + [f"{c}3" for c in "abcdefghijk"]
    + [f"{c}4" for c in "bcdefghijk"]
    + [f"{c}5" for c in "cdefghijk"]
)

OPTION = re.compile(r'<option value="([^"]+)" data-points="([^"]*)">')


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob", email=False)


def client_of(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def offered(html: str) -> dict[str, str]:
    """The moves the page's form offers: notation -> the points picked on the board."""
    return dict(OPTION.findall(html))


def test_the_board_offers_exactly_the_legal_gipf_moves_and_asks_for_the_removal(
    people: dict[str, Any],
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    game.position = WHITES_CHOICE
    game.save()
    page = client_of(people["ann"]).get(game.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    moves = offered(html)
    # no line is full after either removal: 42 pushes, each after one of the 2 ways to remove the row
    assert len(moves) == 84
    # the corner dot a1 enters on one line only, through b2, where Black's GIPF-piece stands: the push
    # moves it on to c3. The row goes first, with or without the GIPF-piece on e6: the mover is asked.
    assert {move for move, points in moves.items() if points == "a1 b2"} == {
        "xe2,e3,e4,e5;a1-c3",
        "xe2,e3,e4,e5,e6;a1-c3",
    }
    # a2 enters on two lines: towards b3 (empty: the piece stops there) and towards b2 (pushed to c2)
    assert {move for move, points in moves.items() if points.startswith("a2 ")} == {
        "xe2,e3,e4,e5;a2-b3",
        "xe2,e3,e4,e5,e6;a2-b3",
        "xe2,e3,e4,e5;a2-c2",
        "xe2,e3,e4,e5,e6;a2-c2",
    }
    assert {points.split()[0] for points in moves.values()} == {
        f"{c}{n}"
        for c, n in [
            ("a", 1), ("a", 2), ("a", 3), ("a", 4), ("a", 5), ("b", 1), ("b", 6), ("c", 1),
            ("c", 7), ("d", 1), ("d", 8), ("e", 1), ("e", 9), ("f", 1), ("f", 8), ("g", 1),
            ("g", 7), ("h", 1), ("h", 6), ("i", 1), ("i", 2), ("i", 3), ("i", 4), ("i", 5),
        ]
    }  # fmt: skip
    assert 'name="expected_ply" value="0"' in html
    # the opponent and a spectator see the board, and no move to make
    for viewer in (people["bob"], None):
        other = client_of(viewer).get(game.get_absolute_url()).content.decode()
        assert 'id="play-board"' in other and offered(other) == {}


def test_the_first_dvonn_move_may_place_on_any_space(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    moves = offered(client_of(people["ann"]).get(game.get_absolute_url()).content.decode())
    assert moves == {space: space for space in DVONN_SPACES}


def test_a_posted_move_is_stored_and_the_page_shows_it(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    ann = client_of(people["ann"])
    answer = ann.post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert answer.status_code == 302 and answer["Location"] == game.get_absolute_url()
    assert list(Move.objects.filter(game=game).values_list("ply", "notation")) == [(1, "c3")]
    # Black's turn: his page offers the 48 spaces left, White's none
    bob_page = client_of(people["bob"]).get(game.get_absolute_url()).content.decode()
    assert set(offered(bob_page)) == set(DVONN_SPACES) - {"c3"}
    assert 'name="expected_ply" value="1"' in bob_page
    ann_page = ann.get(game.get_absolute_url()).content.decode()
    assert offered(ann_page) == {} and "Bob (Black) to move." in ann_page


def test_a_stale_ply_shows_the_game_as_it_stands(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    service.make_move(game, people["ann"], "c3", 0)
    bob = client_of(people["bob"])
    service.make_move(game, people["bob"], "d3", 1)  # Bob's other tab played meanwhile
    answer = bob.post(f"/games/{game.pk}/move/", {"move": "e3", "expected_ply": "1"})
    assert answer.status_code == 409
    html = answer.content.decode()
    assert "the game is at ply 2, not 1" in html
    assert 'data-ply="2"' in html and "Ann (White) to move." in html
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["c3", "d3"]


def test_a_move_out_of_turn_is_refused(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    answer = client_of(people["bob"]).post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert answer.status_code == 403
    assert "It is not your move: your opponent is to move." in answer.content.decode()
    stranger = User.objects.create_user("sam", password="pw-sam-12345")
    answer = client_of(stranger).post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert answer.status_code == 403
    assert not Move.objects.filter(game=game).exists()


def test_an_illegal_or_unnamed_move_is_refused_with_the_reason(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    ann = client_of(people["ann"])
    answer = ann.post(f"/games/{game.pk}/move/", {"move": "z9", "expected_ply": "0"})
    assert answer.status_code == 400 and "z9" in answer.content.decode()
    answer = ann.post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "first"})
    assert answer.status_code == 400
    assert "The move names no ply" in answer.content.decode()
    assert not Move.objects.filter(game=game).exists()


def test_resigning_needs_the_box_ticked(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    ann = client_of(people["ann"])
    answer = ann.post(f"/games/{game.pk}/resign/", {})
    assert answer.status_code == 400 and "Tick the box" in answer.content.decode()
    game.refresh_from_db()
    assert game.finished_at is None
    answer = ann.post(f"/games/{game.pk}/resign/", {"confirmed": "yes"})
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.finished_at is not None
    page = ann.get(game.get_absolute_url()).content.decode()
    # the result is the game's at once (Ann, White, to move, resigned), its board the finished one's
    assert "<strong>0-1</strong> · Ann resigned" in page and offered(page) == {}
    # official at once: no confirmation asked, no record panes (the record stays downloadable)
    assert "provisional" not in page and 'id="answer"' not in page and 'id="submissions-pane"' not in page
    assert "Download the record as text" in page


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
def test_the_clocks_are_shown(people: dict[str, Any]) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    html = client_of(None).get(game.get_absolute_url()).content.decode()
    # three days each: White's running, Black's not; a day is written "3 d 00:00" (or a little less)
    assert re.search(r'id="clock-white" data-seconds="2591\d\d" data-running="1"', html)
    assert 'id="clock-black" data-seconds="259200">' in html
    assert "3 d 00:00" in html
    assert Game.objects.get(pk=game.pk).time_control == "3d/15d"


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0, "0:00"), (65, "1:05"), (3600 + 62, "1:01:02"), (2 * 86400 + 3 * 3600 + 10 * 60 + 5, "2 d 03:10")],
)
def test_clock_text(seconds: int, shown: str) -> None:
    from games.web.play_page import clock_text

    assert clock_text(seconds) == shown


def test_a_potentials_game_offers_its_pushes_and_potentials_moves_on_the_board(
    people: dict[str, Any],
) -> None:
    """GIPF with potentials (docs/rules.md): a push is picked as in GIPF, the piece brought in asked
    (a basic piece or a loaded one of a kind in hand); a potential's move is its spot, then where it
    goes; PÜNCT's neutralising and converting share both, so the mover is asked."""
    from tests.arbiter.gipf.test_potentials_stacks_tamsk import PUNCT, TAMSK

    game = state.create_service_game(
        people["Ann"], people["Bob"], "gipf-pot-standard", "5+3", options={"potentials": "Z6"}
    )
    moves = offered(client_of(people["ann"]).get(game.get_absolute_url()).content.decode())
    # the corner dot a1 through b2, Black's GIPF-piece pushed on to c3: a basic or a ZÈRTZ piece
    assert {move for move, points in moves.items() if points == "a1 b2"} == {"a1-c3", "Za1-c3"}
    service.make_move(game, people["ann"], "Za1-c3", 0)
    service.make_move(game, people["bob"], "Zi5-h5", 1)
    # docs/rules.md's record: White's ZÈRTZ on b2 jumps c3 and lands on d4, its one move
    moves = offered(client_of(people["ann"]).get(game.get_absolute_url()).content.decode())
    assert {move: points for move, points in moves.items() if ":" in move} == {"Z:b2-d4": "b2 d4"}
    game.position = PUNCT
    game.save()
    moves = offered(client_of(people["ann"]).get(game.get_absolute_url()).content.decode())
    assert {move for move, points in moves.items() if points.startswith("d4 ")} == {
        "P:d4-d5",
        "P:d4-d5=G",
        "P:d4-e4",
        "P:d4-e5",
    }
    assert moves["P:d4-d5"] == moves["P:d4-d5=G"] == "d4 d5"
    # the TAMSK extra push: the first push's dot and spot, then the extra push's
    game.position = TAMSK
    game.save()
    moves = offered(client_of(people["ann"]).get(game.get_absolute_url()).content.decode())
    assert moves["a1-e5;T:a2-b3"] == "a1 b2 a2 b3"


def test_a_game_on_the_service_shows_no_empty_record_panes(people: dict[str, Any]) -> None:
    """Issue 31: a game played here is no record anyone submits; while nothing is submitted and no
    result stands, its page has neither the "Result" nor the "Submissions" pane (a result fills the
    first once play has ended and the record is verified)."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    page = client_of(people["ann"]).get(game.get_absolute_url()).content.decode()
    assert 'id="play"' in page
    assert 'id="submissions-pane"' not in page and "Nothing submitted yet." not in page
    assert 'id="result-pane"' not in page and "No record of this game has been verified yet." not in page


def test_a_dvonn_game_on_the_service_numbers_the_double_turn_like_the_records(people: dict[str, Any]) -> None:
    """Issue 31: White makes plies 49 and 50 of DVONN; the move list of the game page puts ply 50
    under "26." and ply 53 in Black's place of move 27; the record written of the game alike."""
    from arbiter import registry
    from arbiter.records import parse_tagged

    tokens = parse_tagged(registry.random_record("dvonn", 5)).tokens[:53]
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "")
    for ply, move in enumerate(tokens):
        mover = people["ann"] if registry.side_to_move(game.position) == 0 else people["bob"]
        service.make_move(game, mover, move, ply)
        game.refresh_from_db()
    page = client_of(people["ann"]).get(game.get_absolute_url()).content.decode()
    assert '<span class="move-number">26.</span> <span title="ply 50, move 26, White"' in page
    assert 'title="ply 53, move 27, Black"' in page
    written = " ".join(writer.record_of(game, "").split())
    assert f"25. {tokens[48]} 26. {tokens[49]} {tokens[50]} 27. {tokens[51]} {tokens[52]}" in written


def test_the_picker_is_given_the_words_of_the_game_s_choices(people: dict[str, Any]) -> None:
    """Issue 31: GIPF with potentials names its pieces' kinds (by their notation letter), a basic
    piece and the warning of P-3 for the picker; plain GIPF names its GIPF-piece and a basic piece,
    and has no potentials to lose."""
    import html as html_text
    import json

    pot = state.create_service_game(people["Ann"], people["Bob"], "gipf-pot-standard", "5+3")
    page = client_of(people["ann"]).get(pot.get_absolute_url()).content.decode()
    words = json.loads(html_text.unescape(re.search(r'data-words="([^"]*)"', page).group(1)))  # type: ignore[union-attr]
    assert (
        words["T"] == "TAMSK-potential"
        and words["P"] == "PÜNCT-potential"
        and words["basic"] == "basic piece"
    )
    assert "loses every potential not yet in play" in words["loses potentials"]
    gipf = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3")
    page = client_of(people["ann"]).get(gipf.get_absolute_url()).content.decode()
    words = json.loads(html_text.unescape(re.search(r'data-words="([^"]*)"', page).group(1)))  # type: ignore[union-attr]
    assert words["G"] == "GIPF-piece" and words["basic"] == "basic piece"
    assert "loses potentials" not in words and "T" not in words
