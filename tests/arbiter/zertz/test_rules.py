"""Hand-worked ZÈRTZ positions beyond those of docs/rules.md: each goal of each variant (ZT-1, ZT-10),
the free rings of the starts (ZT-5), the notation in either case (ZT-14), the points a click picks,
what a position text may hold (ZA-9), and the refusals the docs' blocks do not show.

Positions are written by the tests' own writer (tests/arbiter/zertz/support.py) from rings and
marbles named; the expected values are worked out by hand from the specification."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError
from tests.arbiter.zertz.support import EDGE_37, VARIANTS, position_text, read_text, ring_names

#: ZT-1's goals, with the words the verdicts give them
GOALS = {
    "zertz-standard": [
        ((3, 3, 3), "three marbles of each colour"),
        ((4, 0, 0), "four white marbles"),
        ((0, 5, 0), "five grey marbles"),
        ((0, 0, 6), "six black marbles"),
    ],
    "zertz-blitz": [
        ((2, 2, 2), "two marbles of each colour"),
        ((3, 0, 0), "three white marbles"),
        ((0, 4, 0), "four grey marbles"),
        ((0, 0, 5), "five black marbles"),
    ],
    "zertz-tournament": [
        ((3, 3, 3), "three marbles of each colour"),
        ((4, 0, 0), "four white marbles"),
        ((0, 5, 0), "five grey marbles"),
        ((0, 0, 6), "six black marbles"),
    ],
}
CASES = [(game, goal, words) for game, goals in GOALS.items() for goal, words in goals]


def _one_short(goal: tuple[int, int, int]) -> tuple[tuple[int, int, int], int]:
    """White's captures one marble short of ``goal`` and the colour that completes it (the last
    colour the goal needs)."""
    colour = max(c for c in range(3) if goal[c])
    short = list(goal)
    short[colour] -= 1
    return (short[0], short[1], short[2]), colour


@pytest.mark.parametrize(("game", "goal", "words"), CASES)
def test_the_jump_that_completes_a_goal_wins(game: str, goal: tuple[int, int, int], words: str) -> None:
    # the white marble on d1 jumps the marble on d2 to d3; a grey one on c3 could be jumped next
    captured, colour = _one_short(goal)
    jumped = "WGB"[colour]
    start = position_text(game, None, ["Wd1", f"{jumped}d2", "Gc3"], white=captured)
    assert [move.notation for move in registry.legal_moves(start)] == [f"xd1{jumped}d3"]
    played = registry.play(start, f"xd1{jumped}d3")
    assert (str(played.status.result), played.status.termination) == ("1-0", "goal")
    with pytest.raises(IllegalMoveError) as refused:
        registry.play(start, f"xd1{jumped}d3Gb3")
    assert refused.value.reason == (
        f"White has {words} after the jump to d3: the game is over, the capture stops there"
    )
    with pytest.raises(IllegalMoveError) as after_the_end:
        registry.play(played.position, "Wa1,a2")
    assert after_the_end.value.reason == f"White has {words}: the game is over"


@pytest.mark.parametrize(("game", "goal", "words"), CASES)
def test_a_marble_short_of_the_goal_the_chain_goes_on(
    game: str, goal: tuple[int, int, int], words: str
) -> None:
    captured, colour = _one_short(goal)
    fewer = list(captured)
    fewer[colour] -= 1  # two short: the jump over d2 leaves White one short, and he must jump on
    jumped = "WGB"[colour]
    start = position_text(game, None, ["Wd1", f"{jumped}d2", "Gc3"], white=(fewer[0], fewer[1], fewer[2]))
    assert [move.notation for move in registry.legal_moves(start)] == [f"xd1{jumped}d3Gb3"]
    with pytest.raises(IllegalMoveError, match="the marble on d3 can jump again"):
        registry.play(start, f"xd1{jumped}d3")


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_a_claim_that_completes_a_goal_wins_for_the_mover(game: str) -> None:
    # Black fills a2 beside the white marble on a1 with a grey one and removes d4: the group a1-a2 is
    # full and his; d5-d6 keeps a vacant ring. His captures held the goal less one white, one grey.
    goal = GOALS[game][0][0]  # so many marbles of each colour
    black = (goal[0] - 1, goal[1] - 1, goal[2])
    start = position_text(game, ["a1", "a2", "d4", "d5", "d6"], ["Wa1", "Bd5"], black=black, to_move="b")
    played = registry.play(start, "Ga2,d4")
    assert (str(played.status.result), played.status.termination) == ("0-1", "goal")
    assert read_text(played.position).captures[1] == goal
    assert read_text(played.position).rings == {"d5", "d6"}


def test_the_free_rings_of_the_starts() -> None:
    # ZT-3, ZT-5: every ring at the edge is free (18 on 37 rings, 21 on 48: the specification)
    edge37 = EDGE_37
    # on 48 rings g2, g3, g4 have column h beside them: not at the edge
    edge48 = [
        "a1",
        "a2",
        "a3",
        "a4",
        "a5",
        "b1",
        "b6",
        "c1",
        "c7",
        "d1",
        "d8",
        "e1",
        "e7",
        "f1",
        "f6",
        "g1",
        "g5",
        "h1",
        "h2",
        "h3",
        "h4",
    ]
    for game, edge in (("zertz-standard", edge37), ("zertz-tournament", edge48)):
        start = registry.start(game)
        removed = {
            move.notation.split(",")[1]
            for move in registry.legal_moves(start)
            if move.notation.startswith("Wd4,")
        }
        assert removed == set(edge)
    assert (len(edge37), len(edge48)) == (18, 21)  # the specification's counts


def test_only_rings_with_two_empty_places_next_to_each_other_are_free() -> None:
    # g1 on 48 rings touches g2, h1, f1, f2 (ZT-3): its empty places are (7,4) and (6,3), next to each
    # other, so it is free; with h1 and f1 gone it is still free; c4 with b4 and d5 gone (two
    # empty places apart) is not
    start = position_text("zertz-tournament", [r for r in ring_names(48) if r not in ("b4", "d5")])
    removals = {
        m.notation.split(",")[1] for m in registry.legal_moves(start) if m.notation.startswith("Wa1,")
    }
    assert "g1" in removals and "c4" not in removals
    with pytest.raises(IllegalMoveError) as refused:
        registry.play(start, "Wa1,c4")
    assert refused.value.reason == "c4 is not free: its empty sides are not next to each other"


def test_the_notation_is_read_in_either_case_and_written_in_the_official_form() -> None:
    start = position_text("zertz-standard", None, ["Wd1", "Gd2", "Bc3", "Be3"])
    for written in ("xd1Gd3Bf3", "XD1GD3BF3", "xd1gd3bf3", "Xd1gD3bF3"):
        assert registry.play(start, written).move == "xd1Gd3Bf3"
    empty = registry.start("zertz-standard")
    assert registry.play(empty, "gD4,A1").move == "Gd4,a1"
    assert registry.play(empty, "bb2,g4").move == "Bb2,g4"  # black on b2: a colour, then a ring


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("pass", "'pass' is no ZÈRTZ turn (a placement like Wd4,d1 or Wd4, a capture like xd1Gd3)"),
        ("Rd4,a1", "'Rd4,a1' is no ZÈRTZ turn (a placement like Wd4,d1 or Wd4, a capture like xd1Gd3)"),
        ("Wd8,a1", "d8 is no ring of the 37-ring board"),
        ("Wd4,d4", "d4 was just filled: the ring removed must be vacant"),
        ("xd1Gd3", "no marble can jump: the turn is a placement"),
    ],
)
def test_refusals_from_the_start(token: str, reason: str) -> None:
    with pytest.raises((IllegalMoveError, InvalidNotationError)) as refused:
        registry.play(registry.start("zertz-standard"), token, ply=1)
    assert refused.value.reason == reason
    assert refused.value.ply == 1 and refused.value.move == token
    assert refused.value.position == registry.start("zertz-standard")


def test_refusals_of_rings_no_longer_there_or_taken() -> None:
    after = registry.play(registry.start("zertz-standard"), "Wd4,a1").position
    after = registry.play(after, "Gg4,a2").position  # Black: grey on g4, far from d4; a2 removed
    cases = {
        "Ba1,g1": "there is no ring on a1 any more",
        "Bd4,g1": "d4 is not vacant: a marble goes on a vacant ring",
        "Bb2,g4": "g4 holds a marble: only a vacant ring is removed",
        "Bb2,b3": "b3 is not free: fewer than two of its sides are empty",  # only a2 beside it is gone
        "Bb2,a2": "there is no ring on a2 any more",
    }
    for token, reason in cases.items():
        with pytest.raises(IllegalMoveError) as refused:
            registry.play(after, token)
        assert refused.value.reason == reason, token


def test_a_colour_the_pool_lacks() -> None:
    # three groups with a vacant ring each, no two marbles in a line with a vacant ring beyond
    rings = ["a1", "a2", "g1", "g2", "g3", "g4", "d4"]
    start = position_text("zertz-standard", rings, ["Wa1", "Wg1", "Wg4"], pool=(0, 8, 10), black=(3, 0, 0))
    with pytest.raises(IllegalMoveError) as refused:
        registry.play(start, "Wd4,a2")
    assert refused.value.reason == "white marble: none is left in the pool"  # White captured none
    start = position_text(
        "zertz-standard", rings, ["Wa1", "Gg1", "Bg4"], pool=(0, 1, 1), white=(2, 4, 4), black=(3, 2, 4)
    )
    with pytest.raises(IllegalMoveError) as two:
        registry.play(start, "Wd4,a2")
    assert (
        two.value.reason
        == "the pool still has grey marbles and black marbles: a captured marble may not be played"
    )
    assert {move.notation[0] for move in registry.legal_moves(start)} == {"G", "B"}


def test_the_points_a_click_picks() -> None:
    start = registry.start("zertz-standard")
    points = {move.notation: move.points for move in registry.legal_moves(start)}
    assert points["Wd4,a1"] == points["Gd4,a1"] == points["Bd4,a1"] == ("d4", "a1")
    only = position_text("zertz-standard", ["a1", "a2"], ["Ba1"])
    assert {move.notation: move.points for move in registry.legal_moves(only)} == {
        "Wa2": ("a2",),
        "Ga2": ("a2",),
        "Ba2": ("a2",),
    }
    chains = position_text("zertz-standard", None, ["Wd1", "Gd2", "Bc3", "Be3"])
    assert {move.notation: move.points for move in registry.legal_moves(chains)} == {
        "xd1Gd3Bf3": ("d1", "d3", "f3"),
        "xd1Gd3Bb3": ("d1", "d3", "b3"),
    }


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda t: t.replace("pool=6/8/10", "pool=6/8/9"),
            "the B marbles on the board, in the pool and captured are 9, not the 10 of the game",
        ),
        (lambda t: t.replace(" w ", " x "), "the player to move must be w or b, not 'x'"),
        (lambda t: t.replace("..../", "...../", 1), "column a of the board has 5 rings, not 4"),
        (
            lambda t: t.replace("..../", "..Q./", 1),
            "'Q' on the board is neither a ring (. or -) nor a marble (W, G, B)",
        ),
        (lambda t: t + " seen=xyz", "the seen positions are digests of 12 hexadecimal digits, not 'xyz'"),
        (
            lambda t: t.replace("captures=0/0/0,0/0/0", "captures=0/0/0"),
            "the captures are White's and Black's, separated by a comma",
        ),
    ],
)
def test_position_texts_refused(change: object, reason: str) -> None:
    text = change(registry.start("zertz-standard"))  # type: ignore[operator]
    with pytest.raises(InvalidPositionError) as refused:
        registry.legal_moves(text)
    assert refused.value.reason == reason


def test_a_full_group_or_two_goals_cannot_stand_in_a_position() -> None:
    full = position_text("zertz-standard", ["a1", "a2", "d4"], ["Wa1", "Ga2"])
    with pytest.raises(InvalidPositionError, match="a group of rings without a vacant ring"):
        registry.status(full)
    goals = position_text("zertz-standard", ["a1", "a2"], [], white=(4, 0, 0), black=(0, 5, 0))
    with pytest.raises(InvalidPositionError, match="only one player can hold a goal"):
        registry.status(goals)


def test_a_position_text_reads_back_unchanged() -> None:
    for game in VARIANTS:
        start = registry.start(game)
        assert start == position_text(game)  # the tests' own writer gives the same text
        moves = registry.legal_moves(start)
        assert all(registry.status(move.position).to_move == 1 for move in moves[:50])
