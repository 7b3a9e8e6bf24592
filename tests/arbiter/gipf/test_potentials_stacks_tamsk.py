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
