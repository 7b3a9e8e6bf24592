"""The boards of a game of GIPF with potentials on the pages: the game page and its SVG URL at every
ply of a verified record with every kind of potential move (tests/games/potentials_game.py, written
by hand), and a refused record's board before its illegal move.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game, SubmittedRecord
from games.records import services
from tests.conftest import make_event, start
from tests.games import potentials_game as played
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

NS = "{http://www.w3.org/2000/svg}"


def _pairing(organiser: User) -> Pairing:
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Potentials night", game="gipf-pot-standard")
    round_ = start(event, organiser)
    pairing = round_.pairings.select_related("white__player", "black__player").get()
    assert (str(pairing.white.player), str(pairing.black.player)) == ("Ann", "Bob")
    return pairing


def _board(svg: str) -> tuple[dict[str, set[str]], ET.Element]:
    root = ET.fromstring(svg)
    spots = {
        g.get("data-spot", ""): set((g.get("class") or "").split())
        for g in root.iter(f"{NS}g")
        if g.get("data-spot")
    }
    return spots, root


def _inline_svg(html: str, container: str) -> str:
    start = html.index("<svg", html.index(container))
    return html[start : html.index("</svg>", start) + 6]


def _check_ply(svg: str, ply: int) -> None:
    spots, root = _board(svg)
    for spot, classes in played.MARKS[ply].items():
        assert set(classes.split()) <= spots.get(spot, set()), (ply, spot, spots.get(spot))
    for spot, (layers, height) in played.STACKS.get(ply, {}).items():
        stack = next(g for g in root.iter(f"{NS}g") if g.get("data-spot") == spot)
        assert (stack.get("data-stack"), stack.get("data-height")) == (layers, str(height))
    if ply in played.POTENTIAL_MOVES:
        marks = [c.get("data-point") for c in root.iter(f"{NS}circle") if c.get("class") == "last-mark"]
        assert marks == [played.POTENTIAL_MOVES[ply]], ply


def test_the_game_page_and_the_svg_url_show_every_ply(organiser: User, commit: Any) -> None:
    pairing = _pairing(organiser)
    record = commit(services.submit_record, pairing, organiser, played.record("Ann", "Bob", "black"))
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.VALID, record.error_reason
    game = Game.objects.get(pk=record.game_id)
    assert game.result == "0-1"
    client = Client()
    html = client.get(game.get_absolute_url()).content.decode()
    assert f'data-plies="{played.PLIES}"' in html
    for ply in range(played.PLIES + 1):
        page = client.get(game.get_absolute_url(), {"ply": ply})
        assert page.status_code == 200
        html = page.content.decode()
        assert f'data-ply="{ply}"' in html
        _check_ply(_inline_svg(html, 'id="board-viewer"'), ply)
        svg = client.get(reverse("games:board-svg", args=[game.pk]), {"ply": ply})
        assert svg.status_code == 200 and svg["Content-Type"].startswith("image/svg+xml")
        _check_ply(svg.content.decode(), ply)
    # the notation of each potential's move is in the move list as written
    for move in ("Za1-f5;T:a3-b3", "D:d4-e5", "Z:b2-g5", "Y:c6-e6", "P:g2-h2=G", "P:h3-h2"):
        assert f">{move}</a>" in html


def test_a_refused_records_board_shows_the_loaded_piece_before_the_illegal_move(
    organiser: User, commit: Any
) -> None:
    pairing = _pairing(organiser)
    record = commit(services.submit_record, pairing, organiser, played.refused_record("Ann", "Bob"))
    record.refresh_from_db()
    assert record.status == SubmittedRecord.Status.INVALID and record.error_ply == 3
    html = Client().get(reverse("games:record-detail", args=[record.pk])).content.decode()
    assert "a DVONN-potential may not land on a GIPF-piece (c3)" in html
    spots, _ = _board(_inline_svg(html, 'id="refused-board"'))
    for spot, classes in played.REFUSED_MARKS.items():
        assert set(classes.split()) <= spots[spot], spot
