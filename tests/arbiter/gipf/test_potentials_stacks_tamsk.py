"""GIPF with potentials, DVONN, PÜNCT and TAMSK: hand-worked positions for each rule, allowed and
refused, and the decisions P-5...P-9 and P-17 onwards of docs/rules.md. Positions are written by
hand (``board_field``: a stack in brackets, bottom first: ``(bD)`` is a black basic piece under a
white DVONN-potential)."""

from __future__ import annotations

import pytest

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidNotationError, InvalidPositionError
from arbiter.gipf.potentials import GAME, parse_position
from arbiter.verdict import Result
from tests.arbiter.gipf.support import board_field

STANDARD = "gipf-pot-standard"
START = {"b5": "W", "e2": "W", "h5": "W", "b2": "B", "e8": "B", "h2": "B"}


def position(
    pieces: dict[str, str],
    *,
    sets: tuple[str, str],
    hand: tuple[str, str],
    reserve: tuple[int, int],
    captured: tuple[int, int] = (0, 0),
    to_move: str = "w",
) -> str:
    return (
        f"{STANDARD} {board_field(pieces)} {to_move} reserve={reserve[0]}/{reserve[1]} "
        f"captured={captured[0]}/{captured[1]} set={sets[0]}/{sets[1]} hand={hand[0]}/{hand[1]}"
    )


def cell(position_text: str, spot: str) -> str:
    from arbiter.gipf.board import SPOT_INDEX

    return parse_position(position_text).board[SPOT_INDEX[spot]]


def refused(position_text: str, move: str) -> IllegalMoveError | InvalidNotationError:
    with pytest.raises((IllegalMoveError, InvalidNotationError)) as caught:
        GAME.play(position_text, move, ply=9)
    error = caught.value
    assert isinstance(error, (IllegalMoveError, InvalidNotationError))
    assert error.ply == 9 and error.move == move
    return error


def uses(position_text: str) -> list[str]:
    return [move for move in GAME.legal_moves(position_text) if ":" in move.split(";")[0]]


# ---------------------------------------------------------------- DVONN

# White's loaded DVONN piece on d4; around it d5 a black basic piece, e4 a black loaded DVONN piece,
# c4 a black GIPF-piece, c3 a black loaded ZÈRTZ piece, e5 a white basic piece, d3 empty.
DVONN = position(
    {**START, "d4": "D", "e5": "w", "d5": "b", "e4": "d", "c4": "B", "c3": "z"},
    sets=("D6", "Z6D6"),
    hand=("D5", "Z5D5"),
    reserve=(10, 7),
)


def test_the_legal_dvonn_moves_are_the_hand_counted_ones() -> None:
    # d4's neighbours d5, e5, e4, d3, c3, c4: only the black basic piece and the black loaded DVONN
    assert uses(DVONN) == ["D:d4-d5", "D:d4-e4"]


def test_a_dvonn_potential_neutralises_the_piece_it_covers() -> None:
    played = GAME.play(DVONN, "D:d4-d5")
    assert cell(played.position, "d4") == "w"  # the basic piece stays, plain
    assert cell(played.position, "d5") == "bD"  # a stack: the black piece under White's potential
    assert "/..w(bD)../" in played.position.split()[1]  # written in brackets, bottom first
    after = parse_position(played.position)
    assert after.reserve == (10, 7) and after.captured == (0, 0)  # neutralised, not captured
    # Black's DVONN on e4 may now jump onto the basic piece White's potential left on d4
    assert [move for move in uses(played.position) if move[0] == "D"] == ["D:e4-d4", "D:e4-e5"]


@pytest.mark.parametrize(
    ("move", "template"),
    [
        ("D:d4-c4", "a DVONN-potential may not land on a GIPF-piece ({target})"),
        ("D:d4-c3", "a {kind}-potential may not land on another kind of potential ({target})"),
        ("D:d4-e5", "a {kind}-potential jumps onto an opponent's piece; {target} is the mover's"),
        ("D:d4-d3", "a {kind}-potential jumps onto a piece; {target} is empty"),
        ("D:d4-d6", "a {kind}-potential jumps onto a spot next to it; {target} is not next to {spot}"),
        ("D:d4-d5=G", "only a PÜNCT-potential converts a GIPF-piece (=G): '{part}'"),
    ],
)
def test_dvonn_moves_refused(move: str, template: str) -> None:
    assert refused(DVONN, move).template == template


def test_a_dvonn_potential_recaptures_the_opponents_dvonn_standing_on_its_own_piece() -> None:
    # White's basic piece on e5 is covered by Black's DVONN (wd); White's DVONN on f5 jumps onto
    # Black's used DVONN-potential standing on White's piece. White's DVONN on d6 is covered (Dd).
    pos = position(
        {**START, "e5": "(wd)", "f5": "D", "d5": "b", "d6": "(Dd)"},
        sets=("D6", "D6"),
        hand=("D4", "D4"),
        reserve=(9, 11),
    )
    assert uses(pos) == ["D:f5-e5"]  # d6 is White's own DVONN, covered: it cannot move
    assert cell(GAME.play(pos, "D:f5-e5").position, "e5") == "wdD"
    error = refused(pos, "D:d6-d5")
    assert error.template == "the loaded {kind} piece on {spot} is neutralised: a potential covers it"


def test_a_row_made_by_the_colour_a_dvonn_takes_is_removed_only_the_top_of_the_stack() -> None:
    pos = position(
        {**START, "e3": "w", "e4": "b", "e5": "w", "f4": "D"},
        sets=("D6", "D6"),
        hand=("D5", "D6"),
        reserve=(9, 11),
    )
    with pytest.raises(AmbiguousMoveError):  # the GIPF-piece on e2 kept or taken
        GAME.play(pos, "D:f4-e4")
    played = GAME.play(pos, "D:f4-e4;xe3,e4,e5")
    assert cell(played.position, "e4") == "b"  # freed: Black's piece again, not captured
    after = parse_position(played.position)
    assert after.reserve == (11, 11) and after.captured == (0, 0)  # e3 and e5 back; the potential out
    assert cell(played.position, "e2") == "W" and cell(played.position, "f4") == "w"
    taken = parse_position(GAME.play(pos, "D:f4-e4;xe2,e3,e4,e5").position)
    assert taken.reserve == (13, 11)


def test_a_piece_freed_from_a_stack_counts_with_its_colour_and_its_row_is_taken_at_once() -> None:
    # White's row e2-e5 stands at the start of his turn (e5 is Black's piece under White's DVONN);
    # removing it frees the black piece on e5, which completes Black's row b2-c3-d4-e5 (P-29): Black
    # takes it at once, before White's push, keeping or taking his GIPF-piece on b2.
    pos = position(
        {**START, "e3": "w", "e4": "w", "e5": "(bD)", "c3": "b", "d4": "b"},
        sets=("D6", "D6"),
        hand=("D5", "D6"),
        reserve=(10, 9),
    )
    played = GAME.play(pos, "xe3,e4,e5;xc3,d4,e5;a2-b3")
    assert played.move == "xe3,e4,e5;xc3,d4,e5;a2-b3"
    assert [cell(played.position, s) for s in ("b2", "c3", "d4", "e5", "b3")] == ["B", ".", ".", ".", "w"]
    after = parse_position(played.position)
    assert after.reserve == (10 + 2 - 1, 9 + 3) and after.captured == (0, 0)  # the potential is out
    assert not any(move.startswith("x") for move in GAME.legal_moves(played.position))  # nothing waits
    taken = parse_position(GAME.play(pos, "xe3,e4,e5;xb2,c3,d4,e5;a2-b3").position)
    assert taken.reserve == (11, 9 + 5)
    with pytest.raises(AmbiguousMoveError) as caught:  # Black's choice is his: it must be written
        GAME.play(pos, "xe3,e4,e5;a2-b3")
    assert caught.value.reason == (
        "the record does not say how to remove Black's rows that a removal made (options: xb2,c3,d4,e5; xc3,d4,e5)"
    )
    # the legal turns name both of Black's removals before White's push
    assert {move.split(";")[1] for move in GAME.legal_moves(pos) if move.startswith("xe3,e4,e5;")} == {
        "xc3,d4,e5",
        "xb2,c3,d4,e5",
    }


def test_removals_run_in_turn_until_no_freed_piece_completes_a_row() -> None:
    # White's row e2-e5 (Black's piece on e5 under White's DVONN): White's removal frees e5, which
    # completes Black's row b2-c3-d4-e5 (d4 a white piece under Black's DVONN); Black's removal
    # frees d4, which completes White's column d2-d5; White takes it; then White pushes (P-29).
    pos = position(
        {
            **START,
            "e3": "w",
            "e4": "w",
            "e5": "(bD)",
            "c3": "b",
            "d4": "(wd)",
            "d2": "w",
            "d3": "w",
            "d5": "w",
        },
        sets=("D6", "D6"),
        hand=("D5", "D5"),
        reserve=(6, 10),
    )
    played = GAME.play(pos, "xe3,e4,e5;xc3,d4,e5;xd2,d3,d4,d5;a2-b3")
    assert played.move == "xe3,e4,e5;xc3,d4,e5;xd2,d3,d4,d5;a2-b3"
    for spot in ("c3", "d2", "d3", "d4", "d5", "e3", "e4", "e5"):
        assert cell(played.position, spot) == "."
    after = parse_position(played.position)
    assert after.reserve == (6 + 2 + 4 - 1, 10 + 2) and after.captured == (0, 0)  # the two DVONNs out
    # White's last removal is forced: it may be left out
    assert GAME.play(pos, "xe3,e4,e5;xc3,d4,e5;a2-b3").move == played.move


def test_a_mark_is_read_on_the_board_of_the_removal_its_list_is_for() -> None:
    # White's row e2-e5 (Black's GIPF-piece on e5 under White's PÜNCT), forced: the record leaves it
    # out. Its removal frees the GIPF-piece, which completes Black's row b2-c3-d4-e5; Black's list
    # marks it G, true once it is freed (not while White's PÜNCT covers it).
    pos = position(
        {"b5": "W", "h5": "W", "e8": "B", "h2": "B", "b2": "B", "e2": "w", "e3": "w", "e4": "w", "e5": "(BP)"}
        | {"c3": "b", "d4": "b"},
        sets=("P6", "P6"),
        hand=("P5", "P6"),
        reserve=(10, 8),
    )
    played = GAME.play(pos, "xc3,d4,Ge5;a2-b3")
    assert played.move == "xe2,e3,e4,e5;xc3,d4,e5;a2-b3"
    assert parse_position(played.position).reserve == (10 + 3 - 1, 8 + 2 + 2)  # his GIPF-piece back
    assert refused(pos, "xc3,d4,Ze5;a2-b3").template == "{name} is marked {mark} but holds no such piece"


# Issue 32's example (Ultimate GIPF, standard), the position before ply 58 written by hand: Black's
# row b4-c5-d6-e7-f7 (made by White's push) stands at the start of his turn; on d6 Black's used
# DVONN-potential covers a white piece. White's c6, e6 and f5 with Black's g4 beyond them lie on the
# line c6-d6-e6-f5-g4-h3.


def ultimate(pieces: dict[str, str]) -> str:
    """A position of Ultimate GIPF standard, Black to move, every potential of both players in play
    or lost (each brought a basic piece in)."""
    return (
        f"gipf-ult-standard {board_field(pieces)} b reserve=7/6 captured=0/0 "
        "set=T3Z3D3Y3P3/T3Z3D3Y3P3 hand=-/-"
    )


PLY_58 = ultimate(
    {
        "e2": "W",
        "h5": "W",
        "c6": "w",
        "d6": "(wd)",
        "e6": "w",
        "f5": "w",
        "b2": "B",
        "h2": "B",
        "b4": "b",
        "c5": "b",
        "e7": "b",
        "f7": "b",
        "g4": "b",
    }
)


def test_issue_32_a_row_freed_by_a_stacks_removal_is_taken_before_the_next_push() -> None:
    # Black removes his row: b4, c5, e7 and f7 back to his reserve, of d6 only the top potential (out
    # of the game). The white piece freed on d6 completes White's row c6-d6-e6-f5 (g4 beyond it):
    # White takes it at once (the specification's "removed in turn", the rulebook's "as soon as 4
    # pieces of the same color are lined up ... it is compulsory to take them"), his four pieces
    # back, Black's g4 captured; then Black pushes g1-f2.
    played = GAME.play(PLY_58, "xb4,c5,d6,e7,f7;g1-f2", ply=58)
    assert played.move == "xb4,c5,d6,e7,f7;xc6,d6,e6,f5,g4;g1-f2"
    assert played.removed == ("b4", "c5", "c6", "d6", "e6", "e7", "f5", "f7", "g4")
    after = parse_position(played.position)
    assert after.reserve == (7 + 4, 6 + 4 - 1) and after.captured == (1, 0)
    for spot in ("b4", "c5", "d6", "e7", "f7", "c6", "e6", "f5", "g4"):
        assert cell(played.position, spot) == "."
    assert cell(played.position, "f2") == "b" and after.to_move == 0
    assert GAME.play(PLY_58, "xb4,c5,d6,e7,f7;xc6,d6,e6,f5,g4;g1-f2").position == played.position
    # at ply 59 White has no row left to take: the removal is not his to make after Black's push
    assert not any(move.startswith("x") for move in GAME.legal_moves(played.position))
    error = refused(played.position, "xc6,d6,e6,f5,g4;a1-b2")
    assert error.template == "{written} is not a legal removal of {what}; legal: {legal}"
    # the one legal sequence of removals before Black's push: every legal move starts with it
    assert {move.rsplit(";", 1)[0] for move in GAME.legal_moves(PLY_58)} == {
        "xb4,c5,d6,e7,f7;xc6,d6,e6,f5,g4"
    }


def test_a_stack_is_pushed_as_one_piece() -> None:
    pos = position({**START, "b3": "(bD)", "c4": "w"}, sets=("D6", "D6"), hand=("D5", "D6"), reserve=(10, 11))
    played = GAME.play(pos, "a2-d5")
    assert [cell(played.position, s) for s in ("b3", "c4", "d5")] == ["w", "bD", "w"]


def test_a_spot_freed_and_then_taken_in_another_row_is_listed_twice() -> None:
    # White's rows at the start of his turn: the column b2-b5 (b5 Black's piece under White's
    # DVONN) and the line b5-c5-d5-e5-f4. Column first: b5 is freed, Black's, and still in the line's
    # run, which is White's row still: taken too, captured. Line first: the column is no row any more.
    pos = position(
        {
            "e2": "W",
            "h5": "W",
            "e8": "B",
            "h2": "B",
            "b2": "w",
            "b3": "w",
            "b4": "w",
            "b5": "(bD)",
            "c5": "w",
            "d5": "w",
            "e5": "w",
            "f4": "w",
        },
        sets=("D6", "D6"),
        hand=("D5", "D6"),
        reserve=(7, 12),
    )
    played = GAME.play(pos, "xb2,b3,b4,b5,b5,c5,d5,e5,f4;a1-b2")
    after = parse_position(played.position)
    assert cell(played.position, "b5") == "." and after.captured == (1, 0)
    assert after.reserve == (7 + 7 - 1, 12)  # seven white pieces back, one brought in
    line_first = parse_position(GAME.play(pos, "xb5,c5,d5,e5,f4;a1-c3").position)
    assert line_first.board[parse_position(pos).board.index("w")] == "w"  # b2 stays
    assert line_first.captured == (0, 0)


# ---------------------------------------------------------------- PÜNCT

# White's loaded PÜNCT piece on d4; d5 a black GIPF-piece, e4 a black loaded PÜNCT piece, e5 White's
# loaded PÜNCT piece under Black's PÜNCT-potential, c4 a black basic piece, c3 a black loaded DVONN.
PUNCT = position(
    {**START, "d4": "P", "d5": "B", "e4": "p", "e5": "(Pp)", "c4": "b", "c3": "d", "c5": "p"},
    sets=("P6", "D6P6"),
    hand=("P4", "D5P3"),
    reserve=(10, 6),
)


def test_the_legal_punct_moves_are_the_hand_counted_ones() -> None:
    # onto the GIPF-piece twice (neutralise, convert), the loaded PÜNCT, the PÜNCT on White's PÜNCT
    assert uses(PUNCT) == ["P:d4-d5", "P:d4-d5=G", "P:d4-e4", "P:d4-e5"]


def test_a_punct_potential_neutralises_a_gipf_piece_which_then_does_not_count() -> None:
    played = GAME.play(PUNCT, "P:d4-d5")
    assert cell(played.position, "d5") == "BP"
    after = parse_position(played.position)
    assert after.gipf_count(1) == 3 and after.reserve == (10, 6)  # b2, e8, h2: d5 no longer counts
    # Black's PÜNCT on c5 may not jump onto it: White's potential stands on a GIPF-piece, not a PÜNCT
    assert refused(played.position, "P:c5-d5").template.startswith(
        "a PÜNCT-potential jumps onto a stack only"
    )


def test_a_punct_potential_converts_a_gipf_piece() -> None:
    played = GAME.play(PUNCT, "P:d4-d5=G")
    assert played.move == "P:d4-d5=G"
    assert cell(played.position, "d5") == "W" and cell(played.position, "d4") == "w"
    after = parse_position(played.position)
    assert after.reserve == (8, 6) and after.captured == (2, 0)  # two from White's reserve; Black's captured
    assert after.total_of(0) == 18 and after.total_of(1) == 18


def test_a_punct_potential_recaptures_on_its_own_punct() -> None:
    assert cell(GAME.play(PUNCT, "P:d4-e5").position, "e5") == "PpP"
    assert cell(GAME.play(PUNCT, "P:d4-e4").position, "e4") == "pP"


@pytest.mark.parametrize(
    ("move", "template"),
    [
        ("P:d4-c4", "a PÜNCT-potential may not land on a basic piece ({target})"),
        ("P:d4-c3", "a {kind}-potential may not land on another kind of potential ({target})"),
        ("P:d4-e4=G", "a PÜNCT-potential converts only a GIPF-piece (=G); {target} holds none"),
        ("P:e5-e6", "the loaded {kind} piece on {spot} is neutralised: a potential covers it"),
    ],
)
def test_punct_moves_refused(move: str, template: str) -> None:
    assert refused(PUNCT, move).template == template


def test_converting_needs_two_pieces_in_reserve() -> None:
    poor = PUNCT.replace("reserve=10/6", "reserve=1/6")
    assert "P:d4-d5=G" not in uses(poor) and "P:d4-d5" in uses(poor)
    assert refused(poor, "P:d4-d5=G").template.startswith("{player} needs two pieces in his reserve")


def test_neutralising_the_last_gipf_piece_wins() -> None:
    pos = position(
        {"b5": "W", "e2": "W", "d4": "P", "d5": "B", "c4": "b"},
        sets=("P6", "P6"),
        hand=("P5", "P6"),
        reserve=(12, 10),
        captured=(0, 0),
    )
    for move in ("P:d4-d5", "P:d4-d5=G"):
        status = GAME.play(pos, move).status
        assert status.result == Result.WHITE_WINS and status.termination == "no-gipf-piece"


@pytest.mark.parametrize("stack", ["(Bd)", "(bP)", "(wD)", "(BPp)", "(zD)", "(b)", "()"])
def test_stacks_the_rules_cannot_build_are_refused(stack: str) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.status(
            position({**START, "e5": stack}, sets=("D6P6", "D6P6"), hand=("D5P5", "D5P5"), reserve=(10, 10))
        )


# ---------------------------------------------------------------- TAMSK

# White's loaded TAMSK piece on d4, on the line a1-b2-c3-d4-e5 whose b2 and c3 are taken.
TAMSK = position({**START, "c3": "b", "d4": "T"}, sets=("T6", "T6"), hand=("T5", "T6"), reserve=(11, 11))


def test_pushing_ones_loaded_tamsk_piece_onto_e5_gives_an_extra_push() -> None:
    played = GAME.play(TAMSK, "a1-e5;T:a2-b3")
    assert played.move == "a1-e5;T:a2-b3"
    assert cell(played.position, "e5") == "w"  # the potential left its basic piece on e5
    assert cell(played.position, "b3") == "U"  # and came in as a used potential
    after = parse_position(played.position)
    assert after.reserve == (10, 11)
    assert after.hand == ((), (("T", 6),))  # a basic piece brought in: White's other potentials lost
    # one branch per (dot, direction) of the extra push: no line is full
    assert sum(1 for move in GAME.legal_moves(TAMSK) if move.startswith("a1-e5;")) == 42


def test_the_tamsk_potential_must_be_used_this_turn() -> None:
    error = refused(TAMSK, "a1-e5")
    assert error.template.startswith("the TAMSK-potential must be used this turn")


# The position after ply 36 of the "No free line" records in docs/rules.md (P-21): every spot taken but
# e8; column e from e2 up holds Black's YINSH, White's ZÈRTZ, White's TAMSK (e4), a ZÈRTZ, Black's
# YINSH and White's GIPF-piece; White has one piece left in reserve, Black none.
FULL_BUT_E8 = (
    "gipf-pot-tournament ZPbu/ZzypD/pDdpwU/yZTZyW./DyzzDD/yZpzB/pDwU w reserve=1/0 captured=0/0 "
    "set=T6Z6D6Y6P6/T6Z6D6Y6P6 hand=T5Z1Y4P5/T6Z2D5P1 start=x/x"
)


def test_no_free_line_loses_the_extra_push_and_leaves_a_basic_piece_on_e5() -> None:
    played = GAME.play(FULL_BUT_E8, "Ze1-e2")
    assert played.move == "Ze1-e8"  # the push alone: nothing is written for the lost extra push
    assert cell(played.position, "e5") == "w" and cell(played.position, "e8") == "W"
    assert "." not in played.position.split()[1]  # all 37 spots taken
    assert played.status.to_move == 1 and not played.status.ended
    assert refused(FULL_BUT_E8, "Ze1-e2;T:a1-b2").template.startswith("the line from {dot} is full")
    # by hand: the three lines through e8 from either end (6 entries) with a basic piece or a loaded
    # TAMSK, ZÈRTZ, YINSH or PÜNCT piece (30), the ZÈRTZ on e3 and on e5 jumping up column e onto
    # e8 (2), the DVONN on d3 onto Black's loaded DVONN on d4 (1); no move writes an extra push
    moves = GAME.legal_moves(FULL_BUT_E8)
    assert len(moves) == 33 and not any("T:" in move for move in moves)
    assert sorted(move for move in moves if ":" in move) == ["D:d3-d4", "Z:e3-e8", "Z:e5-e8"]
    assert sorted(move for move in moves if "e1-" in move) == [
        "Pe1-e8",
        "Te1-e8",
        "Ye1-e8",
        "Ze1-e8",
        "e1-e8",
    ]


def test_no_extra_push_without_a_loaded_tamsk_piece_pushed_onto_e5() -> None:
    assert refused(TAMSK, "i5-h5;T:a2-b3").template.startswith("no extra push: this move put no")
    assert refused(TAMSK, "T:a2-b3").template.startswith("a TAMSK-potential makes no move of its own")
    assert refused(TAMSK, "T:d4-e5").template.startswith("a TAMSK-potential makes no move of its own")


def test_the_opponents_push_onto_e5_gives_no_extra_push() -> None:
    black = TAMSK.replace(" w reserve", " b reserve")
    assert refused(black, "a1-e5;T:a2-b3").template.startswith("no extra push: this move put no")
    played = GAME.play(black, "a1-e5")
    assert cell(played.position, "e5") == "T"  # White's stays loaded, and gives him nothing later
    assert all("T:" not in move for move in GAME.legal_moves(played.position))


def test_the_first_pushs_rows_go_first_and_the_tamsk_piece_removed_with_them_loses_the_extra_push() -> None:
    pos = position(
        {**START, "c3": "b", "d4": "T", "e3": "w", "e4": "w", "f3": "w", "f4": "w", "f5": "w"},
        sets=("T6", "T6"),
        hand=("T5", "T6"),
        reserve=(6, 11),
    )
    # e2-e5 is White's row once the TAMSK piece reaches e5: e3 and e4 must go, e2 and e5 may stay;
    # then the extra push from f1 makes the row f2-f5 with the used potential, removed after it
    played = GAME.play(pos, "a1-e5;xe3,e4;T:f1-f2;xf2,f3,f4,f5")
    after = parse_position(played.position)
    assert cell(played.position, "e5") == "w" and cell(played.position, "f2") == "."
    assert after.reserve == (6 - 1 + 2 + 3, 11)  # e3, e4, then f3, f4, f5 back; the used potential out
    assert played.move == "a1-e5;xe3,e4;T:f1-f2;xf2,f3,f4,f5"
    assert GAME.play(pos, "a1-e5;xe3,e4;T:f1-f2").move.endswith(";xf2,f3,f4,f5")  # forced: may be left out
    with pytest.raises(AmbiguousMoveError):  # which of e2 and e5 stay must be written
        GAME.play(pos, "a1-e5;T:f1-f2")
    lost = GAME.play(pos, "a1-e5;xe3,e4,e5")  # the TAMSK piece taken with the row: no extra push
    assert cell(lost.position, "e5") == "."
    assert parse_position(lost.position).reserve == (6 - 1 + 3, 11)
    error = refused(pos, "a1-e5;xe3,e4,e5;T:f1-f2")
    assert error.template == "no extra push: the loaded TAMSK piece on e5 was removed with its row"


# P-22 (D-8): White's push a1-e5 brings his loaded TAMSK piece onto e5 (Black's GIPF-piece from b2 to
# c3, Black's c3 to d4), which completes White's row e2-e3-e4-e5 and Black's column d2-d3-d4-d5.
TAMSK_BOTH_ROWS = position(
    {**START, "c3": "b", "d4": "T", "e3": "w", "e4": "w", "d2": "b", "d3": "b", "d5": "b"},
    sets=("T6", "T6"),
    hand=("T5", "T6"),
    reserve=(9, 8),
)


def test_the_opponents_rows_of_the_first_push_go_before_the_tamsk_extra_push() -> None:
    # White removes e3 and e4 (keeping his GIPF-piece on e2 and the TAMSK piece on e5); Black then
    # removes his column d2-d5 (four pieces back); the TAMSK-potential leaves e5 and comes in from d1
    # onto the empty d2; nothing is left for Black to remove at his turn.
    played = GAME.play(TAMSK_BOTH_ROWS, "a1-e5;xe3,e4;xd2,d3,d4,d5;T:d1-d2")
    assert played.move == "a1-e5;xe3,e4;xd2,d3,d4,d5;T:d1-d2"
    assert [cell(played.position, s) for s in ("d2", "d3", "d4", "d5", "d6")] == ["U", ".", ".", ".", "."]
    assert [cell(played.position, s) for s in ("b2", "c3", "e2", "e3", "e4", "e5")] == [
        "w",
        "B",
        "W",
        ".",
        ".",
        "w",
    ]
    after = parse_position(played.position)
    assert after.reserve == (9 - 1 + 2, 8 + 4) and after.captured == (0, 0) and after.to_move == 1
    assert not any(move.startswith("x") for move in GAME.legal_moves(played.position))
    # Black's removal is forced: a record may leave it out (Decision 13), the service writes it
    assert GAME.play(TAMSK_BOTH_ROWS, "a1-e5;xe3,e4;T:d1-d2").move == played.move
    # the legal turns: White's four ways with his row (e2 and e5 kept or taken); where the TAMSK
    # piece stayed, Black's one, then the extra push from any of the 42 entries (no line is full);
    # where it went with the row, no extra push, and Black's column waits for his turn (no push
    # comes between)
    moves = [move for move in GAME.legal_moves(TAMSK_BOTH_ROWS) if move.startswith("a1-e5;")]
    assert sorted({move.split(";T:")[0] for move in moves}) == [
        "a1-e5;xe2,e3,e4,e5",
        "a1-e5;xe2,e3,e4;xd2,d3,d4,d5",
        "a1-e5;xe3,e4,e5",
        "a1-e5;xe3,e4;xd2,d3,d4,d5",
    ]
    assert len(moves) == 2 + 2 * 42


def test_black_removes_before_the_extra_push_which_then_finds_his_column_empty() -> None:
    # With Black's rows left for his turn (the reading D-8 replaces), the extra push from d1 would
    # push his four pieces up to d3-d6 and be taken with them; now it lands on the empty d2.
    played = GAME.play(TAMSK_BOTH_ROWS, "a1-e5;xe3,e4;T:d1-d2")
    assert cell(played.position, "d2") == "U" and cell(played.position, "d6") == "."
    error = refused(played.position, "xd2,d3,d4,d5,d6;a1-b2")
    assert error.template == "{written} is not a legal removal of {what}; legal: {legal}"


# ---------------------------------------------------------------- the last GIPF-piece (P-30, D-11)


def test_a_freed_row_that_takes_the_last_gipf_piece_ends_the_game_before_the_push() -> None:
    # PLY_58 with Black's only GIPF-piece on g4, beyond White's freed row: White may take it with
    # the row (Black then has none: the game is over once these removals are made, and Black's turn
    # is its removals alone, P-28) or keep it (Black pushes).
    pos = ultimate(
        {
            "e2": "W",
            "h5": "W",
            "c6": "w",
            "d6": "(wd)",
            "e6": "w",
            "f5": "w",
            "b4": "b",
            "c5": "b",
            "e7": "b",
            "f7": "b",
            "g4": "B",
        }
    )
    assert GAME.status(pos).to_move == 1  # White's choice decides: the game is not over yet
    ended = GAME.play(pos, "xb4,c5,d6,e7,f7;xc6,d6,e6,f5,g4", ply=58)
    assert ended.status.result == Result.WHITE_WINS and ended.status.termination == "no-gipf-piece"
    assert parse_position(ended.position).captured == (2, 0)  # a GIPF-piece is two pieces
    error = refused(pos, "xb4,c5,d6,e7,f7;xc6,d6,e6,f5,g4;g1-f2")
    assert error.template == "the game is over: {end}"
    kept = GAME.play(pos, "xb4,c5,d6,e7,f7;xc6,d6,e6,f5;g1-f2")
    assert kept.status.to_move == 0 and cell(kept.position, "g4") == "B"


def test_the_opponents_removal_of_the_last_gipf_piece_ends_the_game_with_no_extra_push() -> None:
    # TAMSK_BOTH_ROWS with White's only GIPF-piece on d6, beyond Black's column d2-d5, and a basic
    # piece on e2: Black may take the GIPF-piece with his row before the extra push; White then has
    # none, the game is over there and no extra push follows (the specification's end of the game).
    pieces = {"b2": "B", "e8": "B", "h2": "B", "c3": "b", "d4": "T", "e2": "w", "e3": "w", "e4": "w"}
    pos = position(
        {**pieces, "d2": "b", "d3": "b", "d5": "b", "d6": "W"},
        sets=("T6", "T6"),
        hand=("T5", "T6"),
        reserve=(9, 8),
    )
    ended = GAME.play(pos, "a1-e5;xe2,e3,e4;xd2,d3,d4,d5,d6")
    assert ended.status.result == Result.BLACK_WINS and ended.status.termination == "no-gipf-piece"
    assert cell(ended.position, "e5") == "T"  # the TAMSK-potential never left its piece
    assert refused(pos, "a1-e5;xe2,e3,e4;xd2,d3,d4,d5,d6;T:d1-d2").template == "the game is over: {end}"
    kept = GAME.play(pos, "a1-e5;xe2,e3,e4;xd2,d3,d4,d5;T:d1-d2")
    assert kept.status.to_move == 1 and cell(kept.position, "d2") == "U" and cell(kept.position, "d6") == "W"


# ---------------------------------------------------------------- a removal alone ends the game (P-28)

# Black's push made White's row e2-e6 whose end is Black's only GIPF-piece (e6): White may take it
# with the row at the start of his turn, which ends the game, or leave it and push.
LAST_GIPF = position(
    {"b5": "W", "h5": "W", "e2": "w", "e3": "w", "e4": "w", "e5": "w", "e6": "B", "c4": "b", "g3": "b"},
    sets=("Z6", "Z6"),
    hand=("Z6", "Z6"),
    reserve=(8, 14),
    to_move="w",
)


def test_a_removal_alone_is_a_turn_when_it_ends_the_game() -> None:
    played = GAME.play(LAST_GIPF, "xe2,e3,e4,e5,e6")
    assert played.status.result == Result.WHITE_WINS and played.status.termination == "no-gipf-piece"
    assert played.move == "xe2,e3,e4,e5,e6" and played.removed == ("e2", "e3", "e4", "e5", "e6")
    assert refused(LAST_GIPF, "xe2,e3,e4,e5").template == "'{text}' has no push"  # the game goes on
    assert refused(LAST_GIPF, "xe2,e3,e4,e5,e6;a1-b2").template == "the game is over: {end}"
    kept = GAME.play(LAST_GIPF, "xe2,e3,e4,e5;a1-b2")  # leaving the GIPF-piece, White pushes
    assert kept.status.to_move == 1
