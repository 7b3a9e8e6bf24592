"""The rules of YINSH on hand-worked positions, each allowed and refused (shared/rules/yinsh.md).

Every position is drawn by hand below from lists of points; what the rules allow and what a turn
does is worked out from the specification, point by point, in the comments."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import ArbiterError, IllegalMoveError
from tests.arbiter.yinsh.support import filled, pattern_colour, position

PARK_W = ["k7", "k8", "k9", "k10"]  # White's other rings, out of the way
PARK_B = ["j5", "j6", "j7", "j8", "j9"]


def refused(pos: str, turn: str) -> str:
    with pytest.raises(ArbiterError) as caught:
        registry.play(pos, turn)
    return caught.value.reason


def turn_texts(pos: str) -> set[str]:
    return {move.notation for move in registry.legal_moves(pos)}


# ---------------------------------------------------------------- placement


def test_rings_are_placed_first_white_first_one_a_turn() -> None:
    start = registry.start("yinsh")
    assert registry.status(start).to_move == 0
    assert len(turn_texts(start)) == 85
    after = registry.play(start, "E5")  # read in either case, written in lower case
    assert after.move == "e5" and after.status.to_move == 1
    assert "e5 is not empty" in refused(after.position, "e5")
    assert "places a ring" in refused(after.position, "e6-e7")
    assert "one of the five forms" not in refused(after.position, "xe1-e5")


def test_after_the_tenth_ring_white_moves() -> None:
    pos = registry.start("yinsh")
    for point in ("a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "b6"):
        pos = registry.play(pos, point).position
    assert registry.status(pos).to_move == 0
    assert "the rings are all placed" in refused(pos, "c1")
    assert "is not a point of the YINSH board" in refused(pos, "a2-a1")
    # White's a2 is hemmed in: Black's a3 and b2 and White's own b3 close its three lines
    assert {t for t in turn_texts(pos) if t.startswith("a2-")} == set()
    assert refused(pos, "a2-c2") == "a ring may not pass over a ring (on b2)"


# ---------------------------------------------------------------- a move


JUMP = position(W=["e2", *PARK_W], B=PARK_B, w=["e5", "e7"], b=["e6"])


def test_a_ring_crosses_empty_points_then_jumps_one_group_and_stops_after_it() -> None:
    # up the column from e2: e3, e4 empty, then the group e5 e6 e7, then e8: the first empty point
    up = {t for t in turn_texts(JUMP) if t.startswith("e2-e")}
    assert up == {"e2-e1", "e2-e3", "e2-e4", "e2-e8"}
    played = registry.play(JUMP, "e2-e8")
    # the marker stays on e2 (White up), the three jumped markers are turned over, e8 holds the ring
    expected = position(W=["e8", *PARK_W], B=PARK_B, w=["e2", "e6"], b=["e5", "e7"], to_move="b")
    assert played.position == expected
    assert played.path == ("e2", "e8") and played.removed == ()
    assert played.status.to_move == 1


def test_a_move_over_empty_points_turns_nothing() -> None:
    played = registry.play(JUMP, "e2-e4")
    assert played.position == position(
        W=["e4", *PARK_W], B=PARK_B, w=["e2", "e5", "e7"], b=["e6"], to_move="b"
    )


@pytest.mark.parametrize(
    ("turn", "reason"),
    [
        ("e2-e9", "no marker may stay behind a jump: after the markers the ring stops on e8"),
        ("e2-e10", "no marker may stay behind a jump: after the markers the ring stops on e8"),
        ("e2-e6", "a ring moves to an empty point: e6 is not empty"),
        ("k10-k9", "a ring moves to an empty point: k9 is not empty"),
        ("e2-d3", "d3 is not on a line from e2"),  # the other diagonal is no line
        ("e2-f4", "f4 is not on a line from e2"),
        ("j5-i5", "there is no ring of White's on j5"),
        ("e5-e4", "there is no ring of White's on e5"),
        ("pass", "White can move a ring: a player passes only when none can move"),
        ("rk7", "a ring is removed only after a row of five is taken"),
        ("e2-e4;e4-e3", "the turn is over after 'e2-e4': 'e4-e3' does not belong to it"),
    ],
)
def test_moves_the_rules_refuse(turn: str, reason: str) -> None:
    assert refused(JUMP, turn) == reason


def test_a_ring_never_passes_over_a_ring() -> None:
    # Black's j7 stands on e2's diagonal: it stops on i6 at the furthest
    diagonal = {t for t in turn_texts(JUMP) if t in {f"e2-{p}" for p in ("f3", "g4", "h5", "i6", "k8")}}
    assert diagonal == {"e2-f3", "e2-g4", "e2-h5", "e2-i6"}
    over = position(W=["e2", *PARK_W], B=["e4", "j5", "j6", "j7", "j8"], w=["e5"])
    assert refused(over, "e2-e6") == "a ring may not pass over a ring (on e4)"
    assert registry.play(over, "e2-e3").path == ("e2", "e3")  # e3, before the ring, is allowed


# ---------------------------------------------------------------- rows


# the ring e2 jumps Black's e3 to e4: e3 turns White and b3..g3 is a line of six White markers
SIX = position(W=["e2", *PARK_W], B=PARK_B, w=["b3", "c3", "d3", "f3", "g3"], b=["e3"])


def test_a_row_of_six_its_owner_takes_five_of_his_choice() -> None:
    turns = {t for t in turn_texts(SIX) if t.startswith("e2-e4")}
    rings = ["e4", *PARK_W]
    assert turns == {f"e2-e4;{row};r{ring}" for row in ("xb3-f3", "xc3-g3") for ring in rings}
    played = registry.play(SIX, "e2-e4;xc3-g3;rk7")
    assert played.position == position(
        W=["e4", "k8", "k9", "k10"], B=PARK_B, w=["b3", "e2"], to_move="b", removed="1-0"
    )
    assert set(played.removed) == {"c3", "d3", "e3", "f3", "g3", "k7"}
    assert played.status.score == (1, 0)
    # the row is named by its end markers, read in either order, written from the lower end
    assert registry.play(SIX, "e2-e4;XF3-B3;rK7").move == "e2-e4;xb3-f3;rk7"


@pytest.mark.parametrize(
    ("turn", "reason"),
    [
        ("e2-e4;xb3-g3;rk7", "this row is not five markers of your colour (White): xb3-g3"),
        ("e2-e4;xa3-e3;rk7", "this row is not five markers of your colour (White): xa3-e3"),
        ("e2-e4;xb3-b7;rk7", "this row is not five markers of your colour (White): xb3-b7"),
        ("e2-e4;xb3-f3;rj5", "there is no ring of White's on j5"),
        ("e2-e4;xb3-f3;rf3", "there is no ring of White's on f3"),
        ("e2-e4;rk7", "White has a row of his colour to take first: xb3-f3, xc3-g3"),
        ("e2-e4;xb3-f3;e4-e5", "White has taken a row and removes one of his rings now"),
        ("e2-e4", "the turn is not complete: White still takes a row"),
        ("e2-e4;xb3-f3", "the turn is not complete: White still removes a ring"),
    ],
)
def test_rows_the_rules_refuse(turn: str, reason: str) -> None:
    assert refused(SIX, turn) == reason


# d4 jumps Black's e5 to f6: e5 turns White, completing e3..e7 and c5..g5, which share e5
CROSS = position(W=["d4", *PARK_W], B=PARK_B, w=["e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"], b=["e5"])


def test_two_crossing_rows_the_owner_takes_one_and_the_other_is_gone() -> None:
    rows = {t.split(";")[1] for t in turn_texts(CROSS) if t.startswith("d4-f6;")}
    assert rows == {"xe3-e7", "xc5-g5"}
    played = registry.play(CROSS, "d4-f6;xe3-e7;rk7")
    assert played.status.to_move == 1  # c5..g5 lost e5: no row left, Black's turn
    assert played.position == position(
        W=["f6", "k8", "k9", "k10"], B=PARK_B, w=["c5", "d5", "f5", "g5", "d4"], to_move="b", removed="1-0"
    )
    assert refused(CROSS, "d4-f6;xe3-e7;rk7;xc5-g5") == (
        "the turn is over after 'rk7': 'xc5-g5' does not belong to it"
    )


# e3 jumps White's own e4 to e5: e4 turns Black, completing b4..f4 in Black's colour
FOR_BLACK = position(W=["e3", *PARK_W], B=PARK_B, w=["e4"], b=["b4", "c4", "d4", "f4"])


def test_a_row_made_for_the_opponent_is_his_at_the_start_of_his_turn() -> None:
    played = registry.play(FOR_BLACK, "e3-e5")
    assert played.move == "e3-e5" and played.status.to_move == 1
    assert (
        refused(FOR_BLACK, "e3-e5;xb4-f4") == "the turn is over after 'e3-e5': 'xb4-f4' does not belong to it"
    )
    after = played.position
    assert refused(after, "j9-j11") == "Black has a row of his colour to take first: xb4-f4"
    assert refused(after, "xb4-f4;rj5") == "the turn is not complete: Black still moves a ring"
    black = registry.play(after, "xb4-f4;rj5;j9-j11")
    assert black.status.to_move == 0 and black.status.score == (0, 1)
    assert set(black.removed) == {"b4", "c4", "d4", "e4", "f4", "j5"}


# f2 jumps f3 (Black, turns White) and f4 (White, turns Black) to f5: White's c3..g3 and Black's
# d4..h4 are both complete; both players have removed two rings
BOTH = position(
    W=["f2", "k7", "k8"],
    B=["j9", "j10", "j11"],
    w=["c3", "d3", "e3", "g3", "f4"],
    b=["f3", "d4", "e4", "g4", "h4"],
    removed="2-2",
)


def test_both_last_rows_in_one_move_the_mover_removes_first_and_wins() -> None:
    played = registry.play(BOTH, "f2-f5;xc3-g3;rk7")
    assert played.status.ended
    assert (played.status.result, played.status.termination) == ("1-0", "rings")
    assert played.status.score == (3, 2)
    assert refused(played.position, "xd4-h4;rj9") == "White has removed three rings: the game is over"


def test_blitz_one_ring_wins() -> None:
    blitz = position(
        W=["f2", *PARK_W],
        B=["j7", "j8", "j9", "j10", "j11"],
        w=["c3", "d3", "e3", "g3", "f4"],
        b=["f3", "d4", "e4", "g4", "h4"],
        game="yinsh-blitz",
    )
    played = registry.play(blitz, "f2-f5;xc3-g3;rk7")
    assert (played.status.result, played.status.termination) == ("1-0", "rings")
    message = "White has removed a ring in a blitz game: the game is over"
    assert refused(played.position, "xd4-h4;rj9") == message
    # the same move in a normal game: White has one ring, Black takes his row and plays on
    normal = registry.play(blitz.replace("yinsh-blitz", "yinsh"), "f2-f5;xc3-g3;rk7")
    assert normal.status.to_move == 1 and not normal.status.ended
    assert {t.split(";")[0] for t in turn_texts(normal.position)} == {"xd4-h4"}


def test_blitz_the_opponent_s_row_taken_at_the_start_of_his_turn_wins() -> None:
    after = registry.play(FOR_BLACK.replace("yinsh ", "yinsh-blitz "), "e3-e5").position
    played = registry.play(after, "xb4-f4;rj5")  # no move follows: the game is over
    assert (played.status.result, played.status.termination) == ("0-1", "rings")


# ---------------------------------------------------------------- Y-1: no ring can move


# Black's four rings fill column a; White's b2..b6 close every line out of it (Black removed one)
BLOCKED = position(W=["b2", "b3", "b4", "b5", "b6"], B=["a2", "a3", "a4", "a5"], to_move="b", removed="0-1")


def test_a_blocked_player_passes_and_only_then() -> None:
    assert turn_texts(BLOCKED) == {"pass"}
    assert registry.legal_moves(BLOCKED)[0].points == ()
    played = registry.play(BLOCKED, "pass")
    assert played.status.to_move == 0 and played.position == BLOCKED.replace(" b turn", " w turn")
    assert refused(BLOCKED, "a2-a1") == "a1 is not a point of the YINSH board"
    assert refused(BLOCKED, "a5-b6") == "a ring moves to an empty point: b6 is not empty"
    assert (
        refused(played.position, "pass") == "White can move a ring: a player passes only when none can move"
    )


# ---------------------------------------------------------------- Y-3: the markers run out

# 25 empty points (a, b, c and d1..d6) and ten rings: the other 50 points hold markers, so one is
# left in the pool. Their colours never put three of one colour in a line (support.pattern_colour).
EMPTY_25 = [f"a{n}" for n in range(2, 6)] + [f"b{n}" for n in range(1, 8)] + [f"c{n}" for n in range(1, 9)]
EMPTY_25 += [f"d{n}" for n in range(1, 7)]


def _last_marker(removed: str = "0-0", **colours: str) -> str:
    rings_w = ["e5", *PARK_W] if removed == "0-0" else ["e5", "k7", "k8", "k9"]
    empty = EMPTY_25 if removed == "0-0" else [*EMPTY_25, "k10"]
    pieces = filled(empty, rings_w, PARK_B, **colours)
    assert len(pieces["w"]) + len(pieces["b"]) == 50
    return position(**pieces, removed=removed)


def test_the_51st_marker_without_a_row_ends_the_game_equal_rings_a_draw() -> None:
    # e5-d5 leaves a White marker on e5: e4 e5 e6 are White, e3 and e7 Black: no row
    played = registry.play(_last_marker(), "e5-d5")
    assert (played.status.result, played.status.termination) == ("1/2-1/2", "markers")
    assert refused(played.position, "j9-j11") == "no marker is left: the game is over"


def test_the_51st_marker_without_a_row_more_rings_removed_wins() -> None:
    played = registry.play(_last_marker("1-0"), "e5-d5")
    assert (played.status.result, played.status.termination) == ("1-0", "markers")


def test_the_51st_marker_making_a_row_the_row_is_taken_and_play_goes_on() -> None:
    # e1 and e3 White too: with e5 the column e1..e6 is six White markers
    pos = _last_marker(e1="w", e3="w")
    assert refused(pos, "e5-d5") == "the turn is not complete: White still takes a row"
    played = registry.play(pos, "e5-d5;xe1-e5;rk7")
    assert not played.status.ended and played.status.to_move == 1
    assert played.position.split()[2:] == ["b", "turn", "1-0"]


def test_a_position_text_is_checked() -> None:
    for text in ("yinsh 4/7/8/9/10/9/10/9/8/7 w turn 0-0", "yinsh 4/7/8/9/10/9/10/9/8/7/4 x turn 0-0",
                 "yinsh 4/7/8/9/10/9/10/9/8/7/4 w later 0-0", "yinsh 4/7/8/9/10/9/10/9/8/7/4 w turn 4-0",
                 "yinsh WWWWWW/7/8/9/10/9/10/9/8/7/4 w turn 0-0", "yinsh 4/7/8/9/10/9/10/9/8/7/5 w turn 0-0"):  # fmt: skip
        with pytest.raises(ArbiterError):
            registry.status(text)
    assert isinstance(IllegalMoveError("x"), ArbiterError)


# e3 jumps Black's e4 and e5 to e6: both turn White, completing c4..g4 and c5..g5, which share no
# marker (the diagonals and columns across them hold three White markers at most)
TWO = position(
    W=["e3", *PARK_W], B=PARK_B, w=["c4", "d4", "f4", "g4", "c5", "d5", "f5", "g5"], b=["e4", "e5"]
)


def test_two_rows_sharing_no_marker_are_both_taken_each_with_a_ring() -> None:
    assert refused(TWO, "e3-e6;xc4-g4;rk7") == "the turn is not complete: White still takes a row"
    played = registry.play(TWO, "e3-e6;xc5-g5;rk7;xc4-g4;rk8")
    assert played.status.to_move == 1 and played.status.score == (2, 0)
    assert played.position == position(W=["e6", "k9", "k10"], B=PARK_B, w=["e3"], to_move="b", removed="2-0")
    turns = {t for t in turn_texts(TWO) if t.startswith("e3-e6;")}
    assert len(turns) == 2 * 5 * 4  # which row first, then a ring of five, then one of the four left


# Y-1, neither can move: White's a2 a3 a4 and Black's b2 b3 b4 hem each other in, and every other
# line out of them is markers up to the edge of the board (a ring jumps them and finds no point to
# stop on). Both have removed two rings. The markers' colours are support.pattern_colour's.
HEMMED = [
    "a5",
    "b1",
    "b5",
    "b6",
    "b7",
    "c2",
    "d2",
    "e2",
    "f2",
    "g2",
    "c3",
    "d3",
    "e3",
    "f3",
    "g3",
    "h3",
    "c4",
    "d4",
    "e4",
    "f4",
    "g4",
    "h4",
    "i4",
    "c5",
    "d6",
    "e7",
    "f8",
    "g9",
    "h10",
    "i11",
    "c6",
    "d7",
    "e8",
    "f9",
    "g10",
    "h11",
    "d5",
    "e6",
    "f7",
    "g8",
    "h9",
    "i10",
    "j11",
    "e5",
    "f6",
    "g7",
    "h8",
    "i9",
    "j10",
]


def _hemmed(*, without: str = "") -> str:
    markers = [name for name in HEMMED if name != without]
    return position(
        W=["a2", "a3", "a4"],
        B=["b2", "b3", "b4"],
        w=[m for m in markers if pattern_colour(m) == "w"],
        b=[m for m in markers if pattern_colour(m) == "b"],
        removed="2-2",
    )


def test_neither_player_can_move_the_game_ends_and_the_rings_decide() -> None:
    assert len(HEMMED) == 49
    status = registry.status(_hemmed())
    assert (status.result, status.termination, status.score) == ("1/2-1/2", "blocked", (2, 2))
    assert turn_texts(_hemmed()) == set()
    assert refused(_hemmed(), "pass") == "neither player can move a ring: the game is over"


def test_one_gap_at_the_edge_lets_black_move_so_white_passes() -> None:
    # without the marker on g2, Black's b2 jumps c2..f2 and stops on g2
    pos = _hemmed(without="g2")
    assert turn_texts(pos) == {"pass"}
    after = registry.play(pos, "pass")
    assert turn_texts(after.position) == {"b2-g2"}
