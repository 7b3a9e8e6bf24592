"""The points a player picks on the board for each legal move of GIPF with potentials
(``arbiter.engine.LegalMove.points``, what the game page offers): a push's dot and the spot next to it,
whatever piece is brought in; a potential's spot and where it goes; the TAMSK extra push's dot and spot
after the first push's. Positions and moves from the hand-worked tests and records of docs/rules.md."""

from __future__ import annotations

from arbiter import registry
from tests.arbiter.gipf.test_potentials_stacks_tamsk import PUNCT, TAMSK


def points_of(position: str) -> dict[str, tuple[str, ...]]:
    return {move.notation: move.points for move in registry.legal_moves(position)}


def test_a_push_is_its_dot_and_the_spot_next_to_it_whatever_piece_comes_in() -> None:
    start = registry.start("gipf-pot-standard", {"potentials": "Z3 Y3"})
    points = points_of(start)
    # from a1 the line runs b2, c3 (Black's GIPF-piece on b2 pushed to c3): basic, ZÈRTZ or YINSH
    assert {move for move, picked in points.items() if picked == ("a1", "b2")} == {
        "a1-c3",
        "Za1-c3",
        "Ya1-c3",
    }


def test_a_potentials_move_is_its_spot_and_where_it_goes() -> None:
    # docs/rules.md: 1. Za1-c3 Zi5-h5 2. Z:b2-d4, White's ZÈRTZ on b2 jumps c3 and lands on d4
    position = registry.start("gipf-pot-standard", {"potentials": "Z6"})
    for move in ("Za1-c3", "Zi5-h5"):
        position = registry.play(position, move).position
    points = points_of(position)
    assert points["Z:b2-d4"] == ("b2", "d4")
    assert [move for move in points if ":" in move] == ["Z:b2-d4"]


def test_punct_neutralising_and_converting_share_their_points() -> None:
    points = points_of(PUNCT)
    assert points["P:d4-d5"] == points["P:d4-d5=G"] == ("d4", "d5")
    assert (points["P:d4-e4"], points["P:d4-e5"]) == (("d4", "e4"), ("d4", "e5"))


def test_the_tamsk_extra_push_follows_the_first_push() -> None:
    # White pushes his TAMSK piece from d4 onto e5 (a1: b2, c3, d4, e5), then pushes the potential in at a2
    assert points_of(TAMSK)["a1-e5;T:a2-b3"] == ("a1", "b2", "a2", "b3")
