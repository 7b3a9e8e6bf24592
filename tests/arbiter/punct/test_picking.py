"""The legal moves a player's picks lead to (``GameEngine.picked_moves``, ``picking``) and a move's
position built only when read (``LegalMove``): PÜNCT's own, compared with its whole list of legal
moves; the defaults every other game gets; and perft counting the last turn without playing it."""

from __future__ import annotations

from unittest import mock

import pytest

from arbiter import registry
from arbiter.engine import LegalMove
from arbiter.punct.engine import read_position
from tests.arbiter.punct.test_perft import Q1

START = "punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2"


def _positions() -> list[str]:
    return [START, read_position(Q1).text()]


@pytest.mark.parametrize("position", _positions())
def test_the_moves_of_the_points_picked_are_those_of_the_whole_list(position: str) -> None:
    every = registry.legal_moves(position)
    heads = {move.points[:depth] for move in every[::97] for depth in (1, 2, 3, 4)}
    for head in heads:
        expected = sorted(move.notation for move in every if move.points[: len(head)] == head)
        assert sorted(move.notation for move in registry.legal_moves(position, head)) == expected, head


@pytest.mark.parametrize("position", _positions())
def test_nothing_picked_names_the_first_points_and_counts_every_move(position: str) -> None:
    every = registry.legal_moves(position)
    found = registry.picking(position, (), 1000)
    assert found.count == len(every) and found.moves is None  # thousands: none listed
    assert set(found.next) == {move.points[0] for move in every} and found.complete == ()
    listed = registry.picking(position, (), len(every))
    assert listed.moves is not None and [m.notation for m in listed.moves] == [m.notation for m in every]


def test_a_kind_picked_then_a_space_then_the_dots() -> None:
    """At the start a straight piece with its PÜNCT on e5 lies five ways off the central hexagon
    (e5, f6, g7 reaches g7, in it); after e5 and f5 only g5 is left, and the four points are the
    whole move."""
    found = registry.picking(START, ("E", "e5"))
    assert found.count == 5 and sorted(found.next) == ["d4", "d5", "e4", "e6", "f5"]
    assert registry.picking(START, ("E", "e5", "f5")).next == ("g5",)
    whole = registry.picking(START, ("E", "e5", "f5", "g5"))
    assert [move.notation for move in whole.complete] == ["E:e5,f5,g5"] and whole.next == ()


def test_the_default_for_another_game_filters_its_list() -> None:
    """DVONN's placement: each of its 49 spaces is a move of one point."""
    dvonn = registry.start("dvonn")
    found = registry.picking(dvonn, ())
    assert found.count == len(found.next) == 49 and found.moves is not None
    assert [move.notation for move in registry.legal_moves(dvonn, ["c3"])] == ["c3"]
    assert [move.notation for move in registry.picking(dvonn, ["c3"]).complete] == ["c3"]


def test_a_move_s_position_is_built_when_read_once() -> None:
    built = []

    def after() -> str:
        built.append(1)
        return "the position"

    move = LegalMove("x", after, ("a",))
    assert built == []
    assert move.position == move.position == "the position" and built == [1]
    assert move == LegalMove("x", "the position", ("a",))


def test_listing_and_picking_play_no_move() -> None:
    with mock.patch("arbiter.punct.engine.apply", side_effect=AssertionError("a position was built")):
        moves = registry.legal_moves(START)
        registry.picking(START, ("E",))
        assert len(moves) == 4986
    assert moves[0].position.startswith("punct b 1 ")  # built when read


def test_perft_plays_the_first_turns_only() -> None:
    """Depth 2 from the start: each of White's 4,986 turns is played once, Black's 23,841,810
    answers only counted."""
    from arbiter.punct import ends

    with mock.patch.object(ends, "apply", wraps=ends.apply) as played:
        assert registry.perft("punct", 2) == [4_986, 23_841_810]
    assert played.call_count == 4_986
