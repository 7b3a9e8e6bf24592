"""Hand-worked LYNGK decisions beyond docs/rules.md's: which claims are open (L-5), three jokers in a
stack (L-2), a claim as a ply of its own with the same player to move again (L-6), what a move
names on the board, and positions that cannot arise refused."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import IllegalMoveError, InvalidPositionError
from tests.arbiter.lyngk.support import S1

START = registry.start("lyngk", {"start": S1})
#: S1's board as the position text writes it
S1_BOARD = "J/I,B,G,R/I,R,B,I,I,R,B/B,G,K,J,K,K/I,B,B,G,R,G,I/I,B,I,G,G,R/K,G,J,R,R,K,K/G,K,B,R/K"
#: stacks of five won 3-3 (White red and black, Black blue and green); a1 joker, joker, ivory; b3 a
#: joker; c1 a stack of five topped by ivory; d4 White's blue and red; e7 Black's black and green.
#: a1, c1, d4, e7 share no line, nor does b3 with c1, d4, e7 (L-1's lists)
THREE_JOKERS = (
    "lyngk w turn RK/BG IBGKR,IBGRK,IBGKR/IRKGB,IRKBG,IRKGB "
    "JJI/.,.,J,./RBGKI,.,.,.,.,.,./.,.,.,BR,.,./.,.,.,.,.,.,KG/.,.,.,.,.,./.,.,.,.,.,.,./.,.,.,./."
)


def _notations(position: str) -> list[str]:
    return [move.notation for move in registry.legal_moves(position)]


def test_every_colour_is_open_to_a_claim_while_the_player_can_move() -> None:
    """L-5: claiming never takes a move away, so all five colours are claims at S1's start; after a
    claim, another claim waits for the next turn; after two, none."""
    assert _notations(START)[:5] == ["I", "B", "R", "G", "K"]
    claimed = registry.play(START, "R").position
    assert not any(len(move) == 1 for move in _notations(claimed))
    after = registry.play(registry.play(claimed, "b4-c7").position, "K").position  # Black claims black
    black_moved = registry.play(after, "d5-e7").position
    assert [move for move in _notations(black_moved) if len(move) == 1] == ["I", "B", "G"]
    twice = registry.play(registry.play(black_moved, "B").position, "c3-c4").position
    twice = registry.play(registry.play(twice, "G").position, "d2-e2").position
    assert not any(len(move) == 1 for move in _notations(twice))  # White holds red and blue: no claim


def test_a_claim_is_a_ply_and_its_player_moves_again() -> None:
    played = registry.play(START, "r")  # a claim's letter read in either case
    assert played.move == "R" and played.path == () and played.status.to_move == 0
    assert registry.side_to_move(played.position) == 0
    move = registry.play(played.position, "B4-C7")  # points read in either case
    assert move.move == "b4-c7" and move.path == ("b4", "c6", "c7") and move.status.to_move == 1
    assert registry.continues("lyngk", ["R", "b4-c7", "K", "d5-e7", "c1-c2"]) == [
        False,
        True,
        False,
        True,
        False,
    ]
    assert registry.turns("lyngk", ["R", "b4-c7", "K", "d5-e7", "c1-c2"]) == ["R;b4-c7", "K;d5-e7", "c1-c2"]


def test_a_move_names_its_stack_then_its_landing_a_claim_and_a_pass_nothing() -> None:
    moves = {move.notation: move.points for move in registry.legal_moves(START)}
    assert moves["R"] == () and moves["c1-c2"] == ("c1", "c2")
    assert (
        registry.legal_moves(
            "lyngk w turn RK/BG BGIKR,BGIRK/RGIKB,RBIKG JBRKI/.,.,.,./.,.,.,.,.,.,JBGKI/.,.,.,.,.,./R,RG,KGBI,.,.,.,./"
            ".,B,.,.,.,./.,.,.,.,.,.,./.,.,.,./JRGKI"
        )[0].points
        == ()
    )  # the pass of docs/rules.md's passing position


def test_three_jokers_may_share_a_stack() -> None:
    """L-2 [M 5]: a joker stands for any colour the stack lacks. a1's joker, joker, ivory (neutral,
    three high) meets b3's single joker along a1 b3 c5 …: White's one move; it makes three jokers
    under ivory. Then nothing meets anything: over, stacks of five 3-3, one stack of two each
    (d4 red, e7 green), b3's four and c1's five topped by neutral ivory: a draw."""
    assert _notations(THREE_JOKERS) == ["a1-b3"]
    after = registry.play(THREE_JOKERS, "a1-b3").position
    assert after.split()[-1].startswith("./.,.,JJJI,.")
    status = registry.status(after)
    assert status.ended and str(status.result) == "1/2-1/2" and status.score == (3, 3)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("lyngk w turn -/- -/- I" + S1_BOARD[1:], "8 pieces of each colour and 3 jokers; found ivory 9"),
        ("lyngk w turn -/- -/- J/.,B,G,R/II" + S1_BOARD[11:], "ivory is twice in II"),
        ("lyngk w turn -/- -/- IJ/.," + S1_BOARD[4:], "no stack is topped by one: IJ"),
        ("lyngk w claimed -/- -/- " + S1_BOARD, "White is to move after a claim but has claimed no colour"),
        ("lyngk w turn R/R -/- " + S1_BOARD, "each colour once"),
        (
            "lyngk w turn R/- IBGRK/- J/.,.,.,./I,R,B,I,I,R,B/B,G,.,J,K,K/I,B,B,G,R,G,I/I,B,I,G,G,R/K,G,J,R,R,K,K/G,K,B,R/K",
            "White cannot have won the stack IBGRK",
        ),
    ],
)
def test_a_position_that_cannot_arise_is_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError, match=reason):
        registry.legal_moves(text)


def test_no_decision_after_the_end() -> None:
    over = THREE_JOKERS.replace("JJI/.,.,J,.", "JJI/J,.,.,.")  # b3's joker on b1: a1 meets nothing
    assert registry.status(over).ended and _notations(over) == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        registry.play(over, "a1-b1")
