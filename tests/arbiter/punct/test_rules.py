"""PÜNCT's rules on hand-worked positions: the board, the shapes, the notation, levels and bridges
(docs/rules.md, PÜNCT, has the records and the other positions, read by test_docs_records.py).

The positions are written as position texts (docs/rules.md, "Position text"); every expected
space, level and reason is worked out by hand from the specification's coordinates (P-1: a space
(c, r) touches (c, r±1), (c±1, r), (c+1, r+1), (c−1, r−1)) and decisions."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError

START = "punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2"


def _refused(position: str, turn: str) -> str:
    with pytest.raises((IllegalMoveError, InvalidNotationError)) as caught:
        registry.play(position, turn)
    return caught.value.reason


def test_the_start_is_an_empty_board_white_to_move() -> None:
    assert registry.start("punct") == START
    assert registry.status(START).to_move == 0


@pytest.mark.parametrize("name", ["a1", "a9", "i1", "i17", "q9", "q17", "r5", "a0", "b11"])
def test_the_corners_and_names_off_the_board_are_no_spaces(name: str) -> None:
    assert _refused(START, f"T:{name},e4,d4") == f"T:{name},e4,d4: {name} is not a space of the PÜNCT board"


@pytest.mark.parametrize(
    "added",
    # P-3's examples, the PÜNCT on e5 and d = (0, −1): each letter with its own spaces
    ["T:e5,d4,e4", "C:e5,e4,e6", "E:e5,e4,e3", "M:e5,d5,e4", "L:e5,e4,d3", "R:e5,e4,f4"],
)
def test_the_six_kinds_lie_as_the_specification_draws_them(added: str) -> None:
    assert registry.play(START, added).move == added


@pytest.mark.parametrize(
    ("written", "wrote"),
    [
        ("T:e5,e4,d4", "T:e5,d4,e4"),  # minor dots in either order, written in board order
        ("c:E5,E6,E4", "C:e5,e4,e6"),  # either case
        ("e:e5,e4,e3", "E:e5,e4,e3"),
    ],
)
def test_a_turn_is_read_in_either_case_and_order_and_written_one_way(written: str, wrote: str) -> None:
    assert registry.play(START, written).move == wrote


@pytest.mark.parametrize(
    ("added", "reason"),
    [
        (
            "E:e5,e4,d4",
            "E:e5,e4,d4: these spaces are not the shape of a piece E (straight, its PÜNCT at an end)",
        ),
        (
            "L:e5,e4,f4",
            "L:e5,e4,f4: these spaces are not the shape of a piece L (angular, bending clockwise)",
        ),
        ("T:e5,e5,e4", "T:e5,e5,e4: a space is written twice"),
        ("e5+e6", "e5+e6: not a PÜNCT turn (expected like 'E:e5,e4,e3', 'e5-h8:h7,h6' or 'pass')"),
    ],
)
def test_a_turn_that_is_no_turn_is_a_notation_error(added: str, reason: str) -> None:
    assert _refused(START, added) == reason


def test_a_kind_no_longer_in_hand_is_refused() -> None:
    position = "punct w 2 T:m10,l9,m9 T6C2E4M2L2 T5C2E4M2L2R2 wR0:b3,c4,c5 bT0:m10,l9,m9"
    assert _refused(position, "R:e5,e4,f4") == (
        "White has no piece R (angular, bending anticlockwise) left in hand"
    )


def test_an_addition_on_a_piece_is_refused() -> None:
    position = registry.play(START, "E:e5,e4,e3").position
    assert _refused(position, "T:e6,d5,e5") == (
        "e5 is not empty: a piece is added on three empty spaces of the board"
    )


#: White's straight pieces on columns d and e (level 0), straight pieces with the PÜNCT in the
#: middle on each (level 1: d5 and e4 are at height 1 on two different pieces), his triangle on e5,
#: e6, f6 (height 0) and his angular piece with the PÜNCT in the middle on e10, e11, f10
HIGH = (
    "punct w 20 - T5E2M1L2R2 T6C2E4M2L2R2 wE0:d3,d4,d5 wE0:e2,e3,e4 wT0:e5,e6,f6 wM0:e10,e11,f10 "
    "wC1:d4,d3,d5 wC1:e3,e2,e4"
)


def test_an_angular_bridge_with_its_punct_in_the_middle_over_his_own_lower_piece() -> None:
    """P-8: the ends on d5 and e4 (height 1, two pieces), the middle e5 over White's triangle
    (height 0, lower): level 2. Back down to the board, two levels at once (J 5)."""
    played = registry.play(HIGH, "e10-e5:d5,e4")
    assert played.position.endswith("wM2:e5,d5,e4")
    black = registry.play(played.position, "T:m10,l9,m9").position
    down = registry.play(black, "e5-e10:e11,f10").position
    assert "wM0:e10,e11,f10" in down


def test_the_middle_punct_over_the_opponents_piece_is_refused() -> None:
    black_under = HIGH.replace("wT0:e5,e6,f6", "bT0:e5,e6,f6").replace("T5E2M1", "T6E2M1", 1)
    black_under = black_under.replace("T6C2E4M2L2R2", "T5C2E4M2L2R2")
    assert _refused(black_under, "e10-e5:d5,e4") == "the PÜNCT must land on one of your own pieces"


def test_the_origin_names_the_highest_piece() -> None:
    """U-1: the angular piece jumped on e5 has its PÜNCT over the triangle's: e5 names it."""
    played = registry.play(HIGH, "e10-e5:d5,e4").position
    black = registry.play(played, "T:m10,l9,m9").position
    assert registry.play(black, "e5-e10:e11,f10").move == "e5-e10:e11,f10"  # the angular piece
    assert _refused(black, "e5-e9:e10,f10") == (
        "the piece on e5 is a piece M (angular, its PÜNCT in the middle): e9 with e10 and f10 is not its shape"
    )


def test_a_piece_under_a_bridge_s_middle_is_covered() -> None:
    """White's straight piece bridges d5 and f5 (height 1, two pieces) over Black's triangle on e5
    (height 0): level 2; the triangle may not move (P-7)."""
    position = (
        "punct w 20 - T6E1M2L2R2 T5C2E4M2L2R2 wE0:a5,a6,a7 bT0:e5,e6,f6 wC0:d4,d3,d5 wE0:f3,f4,f5 "
        "wC1:d4,d3,d5 wE1:f3,f4,f5"
    )
    played = registry.play(position, "a5-d5:e5,f5").position
    assert played.endswith("wE2:d5,e5,f5")
    assert _refused(played, "e5-e12:e13,f13") == "this piece is covered: it may not move (e5)"


def test_a_triangle_never_bridges() -> None:
    """A triangle over d4, d5 (White's straight piece, height 0) and e5 (empty): not level, and no
    bridge; the straight piece over the same ends lies as a bridge."""
    position = "punct w 2 T:m10,l9,m9 T5C2E3M2L2R2 T5C2E4M2L2R2 wT0:d10,d11,e11 wE0:d3,d4,d5 bT0:m10,l9,m9"
    assert _refused(position, "d10-d4:d5,e5") == "the three dots would not lie on one level"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("punct w 1 - T6C2E4M2L2R2 T6C2E4M2L2R2", "the side to move is w after an even number of turns"),
        ("punct w 0 - T7C2E4M2L2R2 T6C2E4M2L2R2", "White's hand is kinds and counts like T6C2E4M2L2R2"),
        ("punct w 0 - - - wE1:e5,e4,e3", "wE1:e5,e4,e3 cannot lie there on level 1"),
        (
            "punct w 0 - - - wE0:e5,e4,d4",
            "wE0:e5,e4,d4: these spaces are not the shape of a piece E",
        ),
        ("punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2 wE0:e5,e4,e3", "White has 5 pieces E: a player has 4"),
        ("punct w 0 - - - wT0:e5,d4,e4 wT0:e5,d4,e4", "wT0:e5,d4,e4 cannot lie there"),
        ("tzaar w 0", "a PÜNCT position starts with the word 'punct'"),
    ],
)
def test_a_position_text_is_checked(text: str, reason: str) -> None:
    from arbiter.punct.position import parse_position

    with pytest.raises(InvalidPositionError) as caught:
        parse_position(text)
    assert reason in caught.value.reason


def test_a_position_text_reads_back_unchanged() -> None:
    assert registry.play(HIGH, "e10-e5:d5,e4").before == HIGH
