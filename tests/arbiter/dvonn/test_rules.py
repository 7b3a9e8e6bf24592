"""Every DVONN rule point, on positions written by hand in the position text format.

Expected values come from the rulebook and hand reasoning on the coordinates (neighbours of
(c, r) are (c+-1, r), (c, r+-1), (c+1, r+1), (c-1, r-1)).
"""

from __future__ import annotations

import pytest

from arbiter.dvonn import ENGINE
from arbiter.dvonn.moves import apply_move, check_move
from arbiter.dvonn.notation import TAGGED, parse_move
from arbiter.dvonn.position import parse_position
from arbiter.errors import IllegalMoveError, InvalidPositionError
from tests.arbiter.dvonn.support import lg_start_position, position_text

# The 24 spaces on the rim of the hexagon: rows 1 and 5, and both ends of rows 2-4.
EDGE = set(
    [
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
        "g1",
        "h1",
        "i1",
        "c5",
        "d5",
        "e5",
        "f5",
        "g5",
        "h5",
        "i5",
        "j5",
        "k5",
        "a2",
        "j2",
        "a3",
        "k3",
        "b4",
        "k4",
    ]
)


def notations(text: str) -> list[str]:
    return [move.notation for move in ENGINE.legal_moves(text)]


def refused(text: str, token: str) -> str:
    position = parse_position(text)
    with pytest.raises(IllegalMoveError) as info:
        check_move(position, parse_move(token, TAGGED))
    return info.value.reason


def play(text: str, token: str) -> tuple[str, int]:
    position = parse_position(text)
    move = parse_move(token, TAGGED)
    check_move(position, move)
    after, removed = apply_move(position, move)
    return after.text(), removed


# ----------------------------------------------------------------------------- mobility


def test_at_the_start_of_the_stacking_phase_only_edge_pieces_move() -> None:
    moves = notations(lg_start_position())
    assert len(moves) == 43  # reference perft d1
    assert {m.split("-")[0] for m in moves} <= EDGE
    assert "a2-b2" in moves  # the real game's first stacking move


def test_a_surrounded_piece_cannot_move() -> None:
    # d3 is White's (19th placement) and has all six neighbours occupied
    assert "surrounded on all six sides" in refused(lg_start_position(), "d3-d4")


def test_the_board_edge_counts_as_open() -> None:
    # a1 has only three neighbours on the board, all occupied: it still moves onto each
    text = position_text({"a1": "w", "b1": "b", "a2": "d", "b2": "d", "k5": "d"})
    assert sorted(notations(text)) == ["a1-a2", "a1-b1", "a1-b2"]


SURROUNDED = {"c3": "w", "b3": "d", "d3": "b", "c2": "b", "c4": "b", "d4": "d", "b2": "d"}


def test_surrounded_piece_frees_when_a_neighbour_leaves() -> None:
    text = position_text(SURROUNDED)
    assert notations(text) == ["pass"]  # White's only piece is walled in; Black can move
    freed = dict(SURROUNDED)
    del freed["c4"]
    text = position_text(freed)
    assert sorted(notations(text)) == ["c3-b2", "c3-b3", "c3-c2", "c3-d3", "c3-d4"]


def test_stack_jumps_over_empty_spaces_and_moves_exactly_its_height() -> None:
    text = position_text({"a3": "bbw", "a2": "d", "d3": "d", "k5": "d"})
    assert notations(text) == ["a3-d3"]  # b3 and c3 are empty and counted
    assert "must move exactly 3 spaces (stack height 3)" in refused(text, "a3-c3")
    after, removed = play(text, "a3-d3")
    assert after == position_text({"a2": "d", "d3": "dbbw", "k5": "d"}, "b")
    assert removed == 0
    assert notations(after) == []  # a 4-stack on d3 has nowhere to go: game over


def test_a_move_cannot_end_on_an_empty_space() -> None:
    freed = dict(SURROUNDED)
    del freed["c4"]
    assert "lands on an empty space" in refused(position_text(freed), "c3-c4")


def test_a_move_must_be_a_straight_line() -> None:
    text = position_text({"a1": "w", "b1": "b", "a2": "d", "b2": "d", "k5": "d"})
    # from a1, (1, 1) is a diagonal neighbour but (-1, 1) is not a direction at all
    assert "not a straight line" in refused(text, "a1-c2")


def test_a_lone_dvonn_piece_cannot_move() -> None:
    text = position_text({"a1": "d", "b1": "w", "a2": "d", "k5": "d"})
    assert "a lone DVONN piece cannot move" in refused(text, "a1-b1")
    assert notations(text) == ["b1-a1"]
    after, _ = play(text, "b1-a1")
    assert after == position_text({"a1": "dw", "a2": "d", "k5": "d"}, "b")


def test_a_stack_holding_a_dvonn_piece_moves_with_its_top_owner() -> None:
    stacks = {"a1": "dw", "b1": "b", "c1": "b", "i1": "d", "k5": "d"}
    white = position_text(stacks, "w")
    assert notations(white) == ["a1-c1"]
    after, removed = play(white, "a1-c1")
    assert after == position_text({"b1": "b", "c1": "bdw", "i1": "d", "k5": "d"}, "b")
    assert removed == 0
    black = position_text(stacks, "b")
    assert "controlled by White" in refused(black, "a1-c1")
    assert sorted(notations(black)) == ["b1-a1", "b1-c1", "c1-b1"]


def test_only_the_owner_of_the_top_piece_moves_a_stack() -> None:
    text = position_text({"a1": "w", "b1": "wb", "a2": "d", "b2": "d", "k5": "d"})
    assert "controlled by Black" in refused(text, "b1-d1")


# ----------------------------------------------------------------------------- removal


def test_pieces_cut_off_from_every_dvonn_piece_are_removed_whatever_their_colour() -> None:
    stacks = {"a1": "d", "a2": "d", "a3": "d", "b1": "b", "c1": "w", "d1": "b", "e1": "w", "f1": "bw"}
    after, removed = play(position_text(stacks), "c1-b1")
    # d1, e1 and f1 lose their only link (through c1): 4 pieces of both colours go
    assert after == position_text({"a1": "d", "a2": "d", "a3": "d", "b1": "bw"}, "b")
    assert removed == 4
    position = parse_position(after)
    assert position.is_over()
    assert position.score() == (2, 0)


def test_an_isolated_dvonn_piece_stays() -> None:
    # k5 is a DVONN piece alone in a corner: it is linked to itself and is not removed
    text = position_text({"a3": "bbw", "a2": "d", "d3": "d", "k5": "d"})
    after, _ = play(text, "a3-d3")
    assert parse_position(after).board.count("d") == 2


def test_a_position_with_unlinked_pieces_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="not linked"):
        parse_position(position_text({"a1": "d", "a2": "d", "a3": "d", "e1": "w"}))


# ----------------------------------------------------------------------------- passing and the end


def test_pass_is_refused_when_a_move_exists() -> None:
    freed = dict(SURROUNDED)
    del freed["c4"]
    assert "may not pass" in refused(position_text(freed), "pass")


def test_pass_is_refused_in_the_placement_phase() -> None:
    assert "placement phase" in refused(position_text({}, "w", 0), "pass")


def test_a_player_who_passed_must_move_again_when_he_can() -> None:
    text = position_text(SURROUNDED)
    after_pass, _ = play(text, "pass")
    after_black, _ = play(after_pass, "c4-d4")  # Black opens c4 next to White's c3
    assert len(notations(after_black)) == 5
    assert "may not pass" in refused(after_black, "pass")


def test_the_game_ends_only_when_neither_player_can_move() -> None:
    # White is stuck but Black can move: not over, White passes
    stuck = parse_position(position_text(SURROUNDED))
    assert not stuck.is_over()
    assert stuck.must_pass()
    # nobody can move: over, no move at all (not even a pass)
    text = position_text({"a1": "bw", "b1": "d", "b2": "wb", "i1": "d", "k5": "d"})
    assert notations(text) == []
    assert "the game is over" in refused(text, "pass")


def test_equal_stack_totals_are_a_draw() -> None:
    # White's 2-stack on a1 and Black's 2-stack on b2 are both stuck: 2-2
    from arbiter.dvonn.play import result_for_score

    position = parse_position(position_text({"a1": "bw", "b1": "d", "b2": "wb", "i1": "d", "k5": "d"}))
    assert position.is_over()
    assert position.score() == (2, 2)
    assert result_for_score(*position.score()) == "1/2-1/2"


def test_score_counts_whole_stacks_by_their_top_piece() -> None:
    position = parse_position(position_text({"a1": "d", "b1": "bbbw", "c1": "wwb", "a2": "d", "a3": "d"}))
    assert position.score() == (4, 3)


def test_stacks_can_grow_past_fifteen_pieces() -> None:
    tall = "wb" * 10  # 20 pieces, Black on top
    text = position_text({"c3": "d" + tall, "a1": "d", "a2": "d", "b2": "w", "b1": "b"}, "b")
    assert parse_position(text).text() == text
    assert parse_position(text).score() == (1, 22)


# ----------------------------------------------------------------------------- placement


def test_placement_order_is_three_dvonn_pieces_then_black_and_white_alternating() -> None:
    text = position_text({}, "w", 0)
    first = ENGINE.legal_moves(text)
    assert len(first) == 49
    assert first[0].notation == "a1"
    assert first[0].position == position_text({"a1": "d"}, "b", 1)
    three = position_text({"a1": "d", "b1": "d", "c1": "d"}, "b", 3)
    moves = {m.notation: m.position for m in ENGINE.legal_moves(three)}
    assert len(moves) == 46
    assert moves["d1"] == position_text({"a1": "d", "b1": "d", "c1": "d", "d1": "b"}, "w", 4)


def test_white_places_the_49th_piece_and_moves_first() -> None:
    from tests.arbiter.dvonn.support import LG_PLACEMENTS, placement_stacks

    stacks = placement_stacks(LG_PLACEMENTS[:48])
    text = position_text(stacks, "w", 48)
    moves = ENGINE.legal_moves(text)
    assert [m.notation for m in moves] == ["c5"]
    assert moves[0].position == lg_start_position()  # "w 49": White again


def test_placing_on_an_occupied_space_is_refused() -> None:
    assert "already occupied" in refused(position_text({"a1": "d"}, "b", 1), "a1")


def test_stacking_during_placement_and_placing_after_it_are_refused() -> None:
    assert "placement phase" in refused(position_text({"a1": "d", "b1": "d"}, "w", 2), "a1-b1")
    assert "all 49 pieces are placed" in refused(lg_start_position(), "a1")


@pytest.mark.parametrize(
    ("stacks", "side", "placed", "why"),
    [
        ({}, "b", 0, "White makes placement 1"),
        ({"a1": "w"}, "b", 1, "after 1 placements"),
        ({"a1": "d", "b1": "d", "c1": "d", "d1": "w"}, "w", 4, "after 4 placements"),
        ({"a1": "dw"}, "b", 1, "no stacks during the placement phase"),
        ({"a1": "d", "a2": "d"}, "w", 49, "3 DVONN pieces"),
        ({"a1": "wd", "a2": "d", "a3": "d"}, "w", 49, "only be on top when alone"),
    ],
)
def test_impossible_positions_are_refused(stacks: dict[str, str], side: str, placed: int, why: str) -> None:
    with pytest.raises(InvalidPositionError, match=why):
        parse_position(position_text(stacks, side, placed))


@pytest.mark.parametrize(
    "text",
    [
        "gipf w 0 x",
        "dvonn w 0",
        "dvonn x 49 ./././././",
        "dvonn w 50 "
        + "/".join([".," * 8 + ".", ".," * 9 + ".", ".," * 10 + ".", ".," * 9 + ".", ".," * 8 + "."]),
        "dvonn w 0 " + "/".join([".," * 8 + ".", ".," * 9 + ".", ".," * 10 + ".", ".," * 9 + "."]),
        "dvonn w 0 "
        + "/".join([".," * 8 + ".", ".," * 9 + ".", ".," * 10 + ".", ".," * 9 + ".", ".," * 9 + "."]),
        "dvonn w 0 "
        + "/".join([".," * 8 + "x", ".," * 9 + ".", ".," * 10 + ".", ".," * 9 + ".", ".," * 8 + "."]),
        "dvonn w 00 "
        + "/".join([".," * 8 + ".", ".," * 9 + ".", ".," * 10 + ".", ".," * 9 + ".", ".," * 8 + "."]),
    ],
)
def test_malformed_position_texts_are_refused(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        parse_position(text)


def test_position_text_round_trips() -> None:
    for text in (
        position_text({}, "w", 0),
        lg_start_position(),
        position_text({"a1": "bw", "b1": "d", "b2": "wb", "i1": "d", "k5": "d"}, "b"),
    ):
        assert parse_position(text).text() == text
