"""GIPF rule points and the rulebook's illustrated situations, as positions in the engine's format.

Expected values come from the rulebook text (2016 edition) and hand reasoning on the diagrams drawn
in the comments, never from the engine.
"""

from __future__ import annotations

import pytest

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidNotationError, InvalidPositionError
from arbiter.gipf import ENGINE
from arbiter.gipf.ends import GipfEnd
from arbiter.verdict import Termination
from tests.arbiter.gipf.support import fields, moves_from, position, record, spread


def play(pos: str, moves: str, game: str = "GIPF basic"):
    return ENGINE.replay(record(moves, game=game, Position=pos))


def after(pos: str, moves: str, game: str = "GIPF basic") -> dict[str, str]:
    verdict = play(pos, moves, game)
    assert verdict.valid, verdict.error
    assert verdict.final_position is not None
    return fields(verdict.final_position)


def error_of(pos: str, moves: str, game: str = "GIPF basic"):
    verdict = play(pos, moves, game)
    assert not verdict.valid
    assert verdict.error is not None
    return verdict.error


# ------------------------------------------------------------------ the board and a turn


def test_start_positions_follow_the_rulebook() -> None:
    # White on b5, e2, h5 and Black on b2, e8, h2; 12 in reserve (basic and standard), 18 (tournament)
    basic = fields(ENGINE.replay(record("", game="GIPF basic")).final_position or "")
    assert basic["board"] == "b..w/...../....../w.....b/....../...../b..w"
    assert basic["reserve"] == "12/12" and basic["to_move"] == "w"
    standard = fields(ENGINE.replay(record("", game="GIPF standard")).final_position or "")
    assert standard["board"] == "B..W/...../....../W.....B/....../...../B..W"
    tournament = fields(ENGINE.replay(record("", game="GIPF tournament")).final_position or "")
    assert set(tournament["board"]) == {".", "/"} and tournament["reserve"] == "18/18"


def test_there_are_42_ways_into_play_on_an_empty_board() -> None:
    # 24 dots: the 6 corners give one direction each, the 18 others two: 6 + 36 = 42
    empty = position("basic", {}, "w", (15, 15))
    assert len(ENGINE.legal_moves(empty)) == 42


def test_push_moves_the_whole_chain_one_spot() -> None:
    # column e: e2 w, e3 b, e4 w, e5 empty; e1-e2 pushes them to e3..e5
    pos = position("basic", {"e2": "w", "e3": "b", "e4": "w"}, "b", (13, 14))
    result = after(pos, "1... e1-e2")
    assert result["board"].split("/")[3] == "bwbw..."
    assert result["reserve"] == "13/13"


def test_both_spellings_of_a_push_are_accepted_and_the_writer_uses_the_chain_end() -> None:
    pos = position("basic", {"e2": "w", "e3": "b", "e4": "w"}, "b", (13, 14))
    adjacent = after(pos, "1... e1-e2")
    official = after(pos, "1... e1-e5")
    assert adjacent == official
    assert "e1-e5" in moves_from(pos)
    assert "e1-e2" not in moves_from(pos)
    # a spot on the line that is neither next to the dot nor the chain's end is refused
    error = error_of(pos, "1... e1-e4")
    assert isinstance(error, IllegalMoveError) and "would end on e5" in error.reason


def test_illustration_3_full_lines_are_blocked() -> None:
    # column e filled with alternating colours (no row): neither e1 nor e9 can push into it;
    # the diagonal a1..i5 also full: a1 and i5 blocked
    pieces = {f"e{r}": "wb"[r % 2] for r in range(2, 9)}
    pieces.update({"b2": "w", "c3": "b", "d4": "w", "f5": "w", "g5": "b", "h5": "w"})
    pos = position("basic", pieces, "w", (9, 10))
    dots = {move.split("-")[0] for move in moves_from(pos)}
    assert "e1" not in dots and "e9" not in dots and "a1" not in dots and "i5" not in dots
    # the other 20 dots still have their moves: 42 - 4 corner or column entries
    assert len(moves_from(pos)) == 42 - 4
    error = error_of(pos, "1. e1-e2")
    assert isinstance(error, IllegalMoveError) and "full" in error.reason and error.ply == 1


# ------------------------------------------------------------------ taking pieces (illustrations 4a-4d)


@pytest.mark.parametrize(
    ("column", "removed", "returned", "captured"),
    [
        # 4a: e2..e4 b, e5 empty, e6 empty, e7 w: after e1 the row e2..e5 stops at the empty e6
        ({"e2": "b", "e3": "b", "e4": "b", "e7": "w"}, "xe2,e3,e4,e5", 4, 0),
        # 4b: the white piece on e6 extends the row: 5 taken, 1 captured
        ({"e2": "b", "e3": "b", "e4": "b", "e6": "w"}, "xe2,e3,e4,e5,e6", 4, 1),
        # 4c: e6 w, e7 b extend it: 6 taken (5 black), 1 captured
        ({"e2": "b", "e3": "b", "e4": "b", "e6": "w", "e7": "b"}, "xe2,e3,e4,e5,e6,e7", 5, 1),
        # 4d: e6 w, e7 b, e8 w: 7 taken (5 black), 2 captured
        ({"e2": "b", "e3": "b", "e4": "b", "e6": "w", "e7": "b", "e8": "w"}, "xe2,e3,e4,e5,e6,e7,e8", 5, 2),
    ],
)
def test_illustrations_4a_to_4d(column: dict[str, str], removed: str, returned: int, captured: int) -> None:
    whites = sum(1 for piece in column.values() if piece == "w")
    blacks = sum(1 for piece in column.values() if piece == "b")
    pos = position("basic", column, "b", (15 - whites, 15 - blacks))
    result = after(pos, f"1... e1-e2;{removed}")
    assert result["reserve"] == f"{15 - whites}/{15 - blacks - 1 + returned}"
    assert result["captured"] == f"0/{captured}"
    # the list may be left out: there is no choice
    assert after(pos, "1... e1-e2") == result
    # a list that is not the legal removal is refused
    error = error_of(pos, "1... e1-e2;xe2,e3,e4")
    assert isinstance(error, IllegalMoveError) and error.ply == 1


# ------------------------------------------------------------------ illustrations 5a/5b: forcing the opponent


FORCING = {
    # line b1 -> c2 d3 e4 f4: c2, d3, e4 black, f4 empty
    "c2": "b", "d3": "b", "e4": "b",
    # line b5 c5 d5 e5 f4 g3 h2: black on d5 e5 g3 h2, c5 empty
    "d5": "b", "e5": "b", "g3": "b", "h2": "b",
}  # fmt: skip


def test_illustration_5_white_forces_black_to_return_five_pieces() -> None:
    pos = position("basic", FORCING, "w", (15, 8))
    # White pushes b1-c2: the black pieces move to d3, e4, f4 and d5 e5 f4 g3 h2 is a black row;
    # Black removes it at the start of his turn (the list before his push), 5 back to his reserve
    mid = after(pos, "1. b1-f4")
    assert mid["reserve"] == "14/8" and mid["to_move"] == "b"
    result = after(pos, "1. b1-f4 xd5,e5,f4,g3,h2;a1-b2")
    assert result["reserve"] == "14/12" and result["captured"] == "0/0"
    # no choice: the list may be left out
    assert after(pos, "1. b1-c2 a1-b2") == result
    # White cannot take Black's row in his own list
    error = error_of(pos, "1. b1-c2;xd5,e5,f4,g3,h2")
    assert isinstance(error, IllegalMoveError) and "start of his turn" in error.reason


def test_illustration_5_with_a_white_piece_on_c5_black_captures_it() -> None:
    pos = position("basic", {**FORCING, "c5": "w"}, "w", (14, 8))
    result = after(pos, "1. b1-c2 xc5,d5,e5,f4,g3,h2;a1-b2")
    assert result["reserve"] == "13/12" and result["captured"] == "0/1"


# ------------------------------------------------------------------ illustration 6: intersecting rows

CROSSING = {
    **spread("b", "e2 e3 e4 e5"),  # a row of 4 on column e (e6 empty)
    **spread("b", "c5 d5 f4 g3"),  # with e5: a row of 5 on b5..h2 (b5, h2 empty)
}


def test_illustration_6_black_chooses_which_intersecting_row() -> None:
    pos = position("basic", CROSSING, "b", (15, 15 - 8))
    options = {move.split(";")[0] for move in moves_from(pos)}
    assert options == {"xe2,e3,e4,e5", "xc5,d5,e5,f4,g3"}
    four = after(pos, "1... xe2,e3,e4,e5;a1-b2")
    assert four["reserve"] == "15/10"  # 7 + 4 - 1; the other row is broken and stays
    assert four["board"].split("/")[1] == "...b."  # c5 still there
    five = after(pos, "1... xc5,d5,e5,f4,g3;a1-b2")
    assert five["reserve"] == "15/11"
    error = error_of(pos, "1... a1-b2")
    assert isinstance(error, AmbiguousMoveError)
    assert sorted(error.options) == ["xc5,d5,e5,f4,g3", "xe2,e3,e4,e5"]
    assert error.ply == 1 and error.move == "a1-b2"
    # both rows at once is not a legal removal (after one, the other is no row any more)
    error = error_of(pos, "1... xc5,d5,e2,e3,e4,e5,f4,g3;a1-b2")
    assert isinstance(error, IllegalMoveError)


def test_intersecting_rows_with_a_gipf_piece_on_the_crossing() -> None:
    pieces = {**CROSSING, "e5": "B", "b2": "B", "h5": "W"}
    pos = position("standard", pieces, "b", (16, 18 - 11))
    options = sorted(move.split(";")[0] for move in moves_from(pos))
    options = sorted(set(options))
    # take a row with the GIPF-piece (the other is broken), or keep it and take both rows,
    # with or without it the second time: 4 distinct removals
    assert options == [
        "xc5,d5,e2,e3,e4,e5,f4,g3",
        "xc5,d5,e2,e3,e4,f4,g3",
        "xc5,d5,e5,f4,g3",
        "xe2,e3,e4,e5",
    ]
    kept = after(pos, "1... xc5,d5,e2,e3,e4,f4,g3;a1-c3", game="GIPF standard")
    assert kept["board"].split("/")[3][3] == "B"  # e5 kept
    assert kept["reserve"] == "16/13"  # 7 + 7 basic pieces back - 1 pushed


def test_a_row_that_survives_the_crossing_removal_must_go_too() -> None:
    # column c: c2 c3 c4 c5 black (c6 empty); line b5..h2: c5 d5 e5 f4 g3 black (b5, h2 empty).
    # Taking the column first leaves d5 e5 f4 g3, still four in a row: it must be taken as well.
    # Taking the long row first leaves c2 c3 c4: done. So two options.
    pos = position("basic", spread("b", "c2 c3 c4 c5 d5 e5 f4 g3"), "b", (15, 7))
    options = {move.split(";")[0] for move in moves_from(pos)}
    assert options == {"xc2,c3,c4,c5,d5,e5,f4,g3", "xc5,d5,e5,f4,g3"}
    assert after(pos, "1... xc2,c3,c4,c5,d5,e5,f4,g3;a1-b2")["reserve"] == "15/14"


# ------------------------------------------------------------------ illustration 7: both players have rows

BOTH = {
    **spread("b", "b2 d4 e5"),  # diagonal b2 c3 d4 e5 f5 g5 h5, c3 empty for now
    **spread("w", "f5 g5"),
    "f2": "b", **spread("w", "f3 f4"),  # column f: f2 b, f3..f5 w, f6 b, f7 empty
    "f6": "b",
    "e3": "w", "d3": "b",  # line g1 -> f2 e3 d3 c3 b3
}  # fmt: skip


def test_illustration_7_the_player_who_caused_the_rows_removes_first() -> None:
    pos = position("basic", BOTH, "w", (10, 9))
    # g1-f2 pushes f2 b -> e3, e3 w -> d3, d3 b -> c3: White's new piece completes f2..f5
    # (extended by the black f6), Black's piece on c3 completes b2 c3 d4 e5 (extended by f5 g5 w)
    result = after(pos, "1. g1-c3;xf2,f3,f4,f5,f6")
    assert result["reserve"] == "13/9" and result["captured"] == "1/0"
    # Black then takes his 4, capturing nothing (f5 is gone, g5 is not adjacent any more)
    result = after(pos, "1. g1-c3;xf2,f3,f4,f5,f6 xb2,c3,d4,e5;a1-b2")
    assert result["reserve"] == "13/12" and result["captured"] == "1/0"
    # White's list must not contain Black's row
    assert isinstance(error_of(pos, "1. g1-c3;xb2,c3,d4,e5,f2,f3,f4,f5,f6"), IllegalMoveError)


def test_illustration_7_the_same_move_by_black_captures_two_white_pieces() -> None:
    pos = position("basic", BOTH, "b", (10, 9))
    result = after(pos, "1... g1-c3;xb2,c3,d4,e5,f5,g5")
    assert result["reserve"] == "10/12" and result["captured"] == "0/2"


# ------------------------------------------------------------------ illustration 8 and GIPF-pieces kept

ROW_WITH_GIPFS = {
    # column e: e2 b, e3 w, e4 W, e5 w, e6 W, e7 w, e8 B: a white row of 5 (e3..e7) in a run of 7
    "e2": "b", "e3": "w", "e4": "W", "e5": "w", "e6": "W", "e7": "w", "e8": "B",
    "b2": "B", "h5": "W",
}  # fmt: skip


def test_illustration_8_white_keeps_his_gipf_pieces_and_takes_black_ones() -> None:
    pos = position("standard", ROW_WITH_GIPFS, "w", (18 - 9, 18 - 5))
    result = after(pos, "1. xe2,e3,e5,e7,e8;a1-b2", game="GIPF standard")
    # 3 white basic pieces back to the reserve, 1 black basic + 1 black GIPF-piece (2) captured
    assert result["reserve"] == "11/13" and result["captured"] == "3/0"
    assert result["board"].split("/")[3] == "..W.W.."
    # the G mark on a removed GIPF-piece is accepted, on a basic piece refused
    assert after(pos, "1. xe2,e3,e5,e7,Ge8;a1-b2", game="GIPF standard") == result
    assert isinstance(error_of(pos, "1. xGe2,e3,e5,e7,e8;a1-b2", "GIPF standard"), IllegalMoveError)
    # silent record: 2^3 choices for the three GIPF-pieces
    error = error_of(pos, "1. a1-b2", "GIPF standard")
    assert isinstance(error, AmbiguousMoveError) and len(error.options) == 8
    # an own GIPF-piece taken goes back as two basic pieces
    result = after(pos, "1. xe2,e3,e4,e5,e7;a1-b2", game="GIPF standard")
    assert result["reserve"] == "13/13" and result["captured"] == "1/0"


def test_gipf_piece_counts_as_one_piece_and_costs_two() -> None:
    # tournament: White's first turn brings a GIPF-piece: 2 from the reserve, 1 spot on the board
    start = position("tournament", {}, "w", (18, 18), start="g/g")
    result = after(start, "1. Ge1-e2", game="GIPF tournament")
    assert result["reserve"] == "16/18" and result["board"].split("/")[3] == "W......"
    assert result["start"] == "o/g"


def test_a_row_of_gipf_pieces_only_may_be_left_and_is_offered_again() -> None:
    pieces = {**spread("W", "b2 b3 b4 b5 e5"), "h5": "B"}
    pos = position("tournament", pieces, "w", (8, 16), start="o/o")
    game = "GIPF tournament"
    # silent: the row stays (nothing taken); 15 non-empty ways to take some of its GIPF-pieces
    stay = after(pos, "1. i5-h5", game)
    assert stay["board"].split("/")[0] == "WWWW"
    assert len({m.split(";")[0] for m in moves_from(pos) if m.startswith("x")}) == 15
    # offered again after the move, and again at his next turn
    assert after(pos, "1. i5-h5;xb2", game)["board"].split("/")[0] == ".WWW"
    later = after(pos, "1. i5-h5 i1-h2 2. xb2,b3;i4-h4", game)
    assert later["board"].split("/")[0] == "..WW" and later["reserve"] == "10/15"
    # taking all four returns 8 basic pieces
    assert after(pos, "1. xb2,b3,b4,b5;i5-h5", game)["reserve"] == "15/16"


def test_taking_back_ones_own_last_gipf_pieces_loses() -> None:
    pieces = {**spread("W", "b2 b3 b4 b5"), "h5": "B"}
    pos = position("tournament", pieces, "w", (10, 16), start="o/o")
    options = {m.split(";")[0] for m in moves_from(pos) if m.startswith("x")}
    assert "xb2,b3,b4,b5" not in options and len(options) == 14
    verdict = play(pos, "1. xb2,b3,b4,b5", "GIPF tournament")
    assert verdict.valid and verdict.result == "0-1" and verdict.termination == GipfEnd.NO_GIPF_PIECE


# ------------------------------------------------------------------ rule sets and the tournament start-up


def test_basic_and_standard_games_bring_no_gipf_pieces() -> None:
    basic = ENGINE.replay(record("1. Ga1-b2"))
    assert not basic.valid and basic.error is not None and "no GIPF-pieces" in basic.error.reason
    standard = ENGINE.replay(record("1. Ga1-b2", game="GIPF standard"))
    assert not standard.valid and standard.error is not None and standard.error.ply == 1


def test_tournament_first_turn_must_be_a_gipf_piece() -> None:
    verdict = ENGINE.replay(record("1. a1-b2", game="GIPF tournament"))
    assert not verdict.valid and verdict.error is not None
    assert isinstance(verdict.error, IllegalMoveError) and "first turn" in verdict.error.reason
    verdict = ENGINE.replay(record("1. Ga1-b2 b1-b2", game="GIPF tournament"))
    assert not verdict.valid and verdict.error is not None and verdict.error.ply == 2


def test_tournament_gipf_pieces_until_the_first_basic_piece() -> None:
    game = "GIPF tournament"
    ok = ENGINE.replay(record("1. Ga1-b2 Gi5-h5 2. Ge1-e2 e9-e8 3. Gb1-c2 Ga5-b5", game=game))
    assert not ok.valid and ok.error is not None
    assert ok.error.ply == 6 and "no more GIPF-pieces" in ok.error.reason
    fine = ENGINE.replay(record("1. Ga1-b2 Gi5-h5 2. Ge1-e2 e9-e8 3. Gb1-c2 a5-b5 4. i1-h2", game=game))
    assert fine.valid and fine.termination == Termination.UNFINISHED and fine.result is None
    assert fine.final_position is not None and fields(fine.final_position)["start"] == "x/x"


# ------------------------------------------------------------------ end of the game


def test_empty_reserve_loses_for_the_player_to_move() -> None:
    # Black to move with an empty reserve and no row to take back: White wins
    pos = position("basic", {"e2": "w", "e3": "b"}, "w", (5, 1))
    verdict = play(pos, "1. a1-b2 e9-e8 2. b1-b2")
    assert verdict.valid and verdict.result == "1-0" and verdict.termination == GipfEnd.NO_RESERVE
    # the record may state it; a wrong statement is an error
    assert play(pos, "1. a1-b2 e9-e8 2. b1-b2 1-0").valid
    assert not play(pos, "1. a1-b2 e9-e8 2. b1-b2 0-1").valid
    # playing on after the end is refused at that ply
    error = error_of(pos, "1. a1-b2 e9-e8 2. b1-b2 i5-h5")
    assert error.ply == 4 and "over" in error.reason


def test_empty_reserve_is_judged_after_the_players_own_removals() -> None:
    # White's push gives Black a row (as in illustration 5): Black, with 0 in reserve, takes 5 back
    pos = position("basic", FORCING, "w", (15, 0))
    verdict = play(pos, "1. b1-c2")
    assert verdict.valid and verdict.result is None and verdict.termination == Termination.UNFINISHED
    result = after(pos, "1. b1-c2 xd5,e5,f4,g3,h2;a1-b2")
    assert result["reserve"] == "14/4"


def test_no_empty_reserve_tie_the_first_player_out_loses() -> None:
    # White empties his reserve with his move; Black would empty his too next turn: Black has
    # still one piece now, so the game goes on and White, next to move without pieces, loses.
    pos = position("basic", {"e2": "w", "e3": "b"}, "w", (1, 1))
    verdict = play(pos, "1. a1-b2 i5-h5")
    assert verdict.valid and verdict.result == "0-1" and verdict.termination == GipfEnd.NO_RESERVE


def test_standard_game_lost_with_the_last_gipf_piece() -> None:
    # White's push makes a white row holding Black's only GIPF-piece; White takes it: Black loses
    pieces = {**spread("w", "e2 e3 e4"), "e5": "B", "b5": "W"}
    pos = position("standard", pieces, "w", (10, 16))
    verdict = play(pos, "1. e1-e2;xe2,e3,e4,e5,e6", "GIPF standard")
    assert verdict.valid and verdict.result == "1-0" and verdict.termination == GipfEnd.NO_GIPF_PIECE
    # keeping it, the game goes on
    verdict = play(pos, "1. e1-e2;xe2,e3,e4,e5", "GIPF standard")
    assert verdict.valid and verdict.result is None


def test_tournament_player_without_gipf_piece_loses_only_once_he_brought_one() -> None:
    verdict = ENGINE.replay(record("1. Ge1-e2", game="GIPF tournament"))
    # Black has no GIPF-piece on the board but has not had a turn yet: the game goes on
    assert verdict.valid and verdict.result is None and verdict.termination == Termination.UNFINISHED


def test_one_move_that_strips_both_last_gipf_pieces_mover_removes_first() -> None:
    # before: e2 e3 e4 w, e5 B (Black's only GIPF-piece); b3 c4 d5 b, f6 W (White's only one).
    # e1-e2 moves B to e6: White's row e2..e5 is extended by B on e6, and Black's row
    # b3 c4 d5 e6 is extended by W on f6. White removes first.
    pieces = {**spread("w", "e2 e3 e4"), "e5": "B", **spread("b", "b3 c4 d5"), "f6": "W"}
    pos = position("standard", pieces, "w", (13, 13))
    game = "GIPF standard"
    # White takes Black's last GIPF-piece: Black is the first left without one and loses
    verdict = play(pos, "1. e1-e2;xe2,e3,e4,e5,e6", game)
    assert verdict.valid and verdict.result == "1-0" and verdict.termination == GipfEnd.NO_GIPF_PIECE
    # White keeps it; Black then takes White's last one (the record ends with his removal list)
    verdict = play(pos, "1. e1-e2;xe2,e3,e4,e5 xb3,c4,d5,f6", game)
    assert verdict.valid and verdict.result == "0-1" and verdict.termination == GipfEnd.NO_GIPF_PIECE
    # ... and cannot push after that: the game is over
    error = error_of(pos, "1. e1-e2;xe2,e3,e4,e5 xb3,c4,d5,f6;a1-b2", game)
    assert error.ply == 2 and "over" in error.reason


def test_a_removal_that_strips_both_last_gipf_pieces_loses_for_the_remover() -> None:
    # White's row e2..e5 extended by White's last GIPF-piece e6 and Black's last GIPF-piece e7:
    # taking both leaves both without; the remover (White) loses (docs/rules.md (GIPF), decision 7)
    pieces = {**spread("w", "e2 e3 e4"), "e6": "W", "e7": "B"}
    pos = position("standard", pieces, "w", (10, 14))
    verdict = play(pos, "1. e1-e2;xe2,e3,e4,e5,e6,e7", "GIPF standard")
    assert verdict.valid and verdict.result == "0-1" and verdict.termination == GipfEnd.NO_GIPF_PIECE


# ------------------------------------------------------------------ positions


def test_position_text_round_trips_and_rejects_nonsense() -> None:
    pos = position("tournament", {"b2": "W", "e5": "b", "h5": "B"}, "b", (15, 15), (0, 0), "x/o")
    from arbiter.gipf.position import format_position, parse_position

    moves = ENGINE.legal_moves(pos)
    assert moves
    for move in moves[:5]:
        # the positions after a move are valid position texts that read back as written
        assert format_position(parse_position(move.position)) == move.position
        assert ENGINE.legal_moves(move.position)

    assert format_position(parse_position(pos)) == pos
    for bad in [
        "gipf-basic ..../ w reserve=1/1",
        pos.replace("reserve=15/15", "reserve=15"),
        position("basic", {"b2": "W"}, "w", (12, 12)),  # no GIPF-pieces in basic
        position("basic", {}, "w", (19, 12)),  # more than 18 pieces
        position("basic", spread("w", "e2 e3 e4 e5"), "b", (11, 15)),  # White left his row
        position("tournament", {"b2": "W"}, "w", (12, 12), start="g/o"),
    ]:
        with pytest.raises(InvalidPositionError):
            parse_position(bad)


def test_bad_notation_is_an_invalid_notation_error_at_its_ply() -> None:
    verdict = ENGINE.replay(record("1. a1-b2 e5-e6"))
    assert not verdict.valid and isinstance(verdict.error, InvalidNotationError)
    assert verdict.error.ply == 2 and verdict.error.move == "e5-e6" and "dot" in verdict.error.reason
    assert verdict.error.position is not None and verdict.error.position.startswith("gipf-basic ")


def test_diagram_shows_every_point() -> None:
    from arbiter.gipf.position import parse_position

    text = position(
        "standard", {"b5": "W", "e2": "W", "h5": "W", "b2": "B", "e8": "B", "h2": "B"}, "w", (12, 12)
    )
    picture = parse_position(text).diagram().splitlines()
    board_lines = "".join(picture[:-2])
    assert board_lines.count("o") == 24 and board_lines.count(".") == 31
    assert board_lines.count("W") == 3 and board_lines.count("B") == 3
    assert len(picture[:-2]) == 17  # 9 points tall in the centre column, offset by half steps
