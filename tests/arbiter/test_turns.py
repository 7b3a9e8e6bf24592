"""Move numbers per ply (issue 31, "one move number per ply"; ``arbiter.turns``), hand-worked: in
alternating play ply 6 is move 3, Black; in DVONN White makes the 49th placement and the first
stacking move (ply 50), so ply 49 is move 25, ply 50 opens move 26 and ply 53 is move 27, Black."""

from __future__ import annotations

from arbiter.dvonn.position import ply_mover
from arbiter.records import format_turns, parse_tagged
from arbiter.turns import alternating, turns


def test_alternating_play_numbers_plies_in_pairs() -> None:
    numbered = turns(alternating(6))
    assert [(t.ply, t.number, t.mover, t.opens) for t in numbered] == [
        (1, 1, 0, True),
        (2, 1, 1, False),
        (3, 2, 0, True),
        (4, 2, 1, False),
        (5, 3, 0, True),
        (6, 3, 1, False),
    ]


def test_a_black_ply_after_a_black_ply_opens_a_move() -> None:
    numbered = turns([0, 1, 1, 0, 1])
    assert [(t.number, t.mover, t.opens) for t in numbered] == [
        (1, 0, True),
        (1, 1, False),
        (2, 1, True),
        (3, 0, True),
        (3, 1, False),
    ]


def test_dvonn_white_makes_the_49th_placement_and_the_first_stacking_move() -> None:
    assert [ply_mover(ply) for ply in (1, 2, 3, 47, 48, 49, 50, 51, 52, 53)] == [0, 1, 0, 0, 1, 0, 0, 1, 0, 1]


def test_dvonn_double_turn_numbers() -> None:
    numbered = turns([ply_mover(ply) for ply in range(1, 54)])
    by_ply = {t.ply: (t.number, t.mover, t.opens) for t in numbered}
    assert by_ply[48] == (24, 1, False)
    assert by_ply[49] == (25, 0, True)  # White's last placement: Black's half of move 25 stays empty
    assert by_ply[50] == (26, 0, True)  # White's first stacking move
    assert by_ply[51] == (26, 1, False)
    assert by_ply[52] == (27, 0, True)
    assert by_ply[53] == (27, 1, False)  # "move 27, Black", in Black's place of move 27


def test_the_record_writes_each_ply_in_its_movers_place() -> None:
    moves = [f"m{ply}" for ply in range(1, 54)]
    text = format_turns(moves, movers=[ply_mover(ply) for ply in range(1, 54)], per_line=100)
    assert "24. m47 m48 25. m49 26. m50 m51 27. m52 m53" in text
    assert parse_tagged(text).tokens == moves  # the numbers are dropped on reading: every ply in order


def test_a_move_black_opens_is_written_with_three_dots() -> None:
    assert format_turns(["a", "b", "c", "d"], movers=[0, 1, 1, 0]) == "1. a b 2... c 3. d"
    assert format_turns(["a", "b", "c"]) == "1. a b 2. c"
