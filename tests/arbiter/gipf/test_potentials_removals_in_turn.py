"""GIPF with potentials, issue 32 items 2-4: the removals made in turn within one turn. A piece freed
from a stack that completes a row of the other player has that row taken at once (P-29); before a
TAMSK extra push the opponent removes the rows the first push made him (P-22, the specification's
D-8); the game ends as soon as the removals that take a player's last GIPF-piece are made (P-30,
D-11). Positions are written by hand, expected outcomes worked from the specification."""

from __future__ import annotations

import pytest

from arbiter.errors import AmbiguousMoveError
from arbiter.gipf.potentials import GAME, parse_position
from arbiter.verdict import Result
from tests.arbiter.gipf.support import board_field
from tests.arbiter.gipf.test_potentials_stacks_tamsk import START, cell, position, refused


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
