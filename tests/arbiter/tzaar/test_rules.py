"""TZAAR's rules and decisions (Z-1 … Z-6 and docs/rules.md, TZAAR), each with an allowed and a refused
case, on positions worked by hand and written from the coordinates (tests/arbiter/tzaar/support.py)."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import IllegalMoveError, InvalidNotationError, InvalidOptionError, InvalidPositionError
from tests.arbiter.tzaar.support import ALL_SPACES, FIXED, board_of, plain_moves, position_text, setup_text

#: three types a side, out of the way of the tests' moves: Black in column a, White in column i
BASE = {"a1": "bT", "a2": "bZ", "a3": "bO", "i1": "wT", "i2": "wZ", "i3": "wO"}


def _refused(position: str, move: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        registry.play(position, move)
    return caught.value.reason


def _moves(position: str) -> set[str]:
    return {move.notation for move in registry.legal_moves(position)}


def test_the_board_has_60_spaces_and_no_centre() -> None:
    assert len(ALL_SPACES) == 60 and "e5" not in ALL_SPACES
    with pytest.raises(InvalidNotationError, match="e5 is the centre"):
        registry.play(position_text({**BASE, "e4": "wO", "e6": "bO"}), "e4xe5")


def test_a_capture_goes_over_empty_spaces_and_stops_on_the_first_piece() -> None:
    position = position_text({**BASE, "c1": "wO", "c5": "bO", "c6": "bZ"})
    played = registry.play(position, "c1xc5")  # over c2, c3, c4
    assert played.removed == ("c5",) and played.path == ("c1", "c5")
    assert played.status.to_move == 0  # the same player: his second move
    assert "passes over c5" in _refused(position, "c1xc6")
    assert "c3 is empty" in _refused(position, "c1xc3")
    assert "not on one line" in _refused(position, "c1xd5")


def test_a_stack_takes_one_as_high_or_lower_never_a_higher_one() -> None:
    position = position_text({**BASE, "c1": "wO", "c5": "bO2"})
    assert _refused(position, "c1xc5") == "a stack of height 1 may not take a stack of height 2"
    black = position_text({**BASE, "c1": "wO", "c5": "bO2"}, side="b")
    assert registry.play(black, "c5xc1").removed == ("c1",)
    equal = position_text({**BASE, "c1": "wT2", "c5": "bO2"})
    assert "c1xc5" in _moves(equal)  # only heights count, not types


def test_a_move_never_crosses_the_centre() -> None:
    position = position_text({**BASE, "e4": "wO", "e6": "bO"})
    assert _refused(position, "e4xe6") == "the way from e4 to e6 crosses the centre"
    assert "e4xe6" not in _moves(position)
    diagonal = position_text({**BASE, "d4": "wO", "f5": "bO"})  # d4, e5, f5 on one line
    assert "crosses the centre" in _refused(diagonal, "d4xf5")


def test_stacking_is_a_second_move_only_and_adds_the_heights() -> None:
    stacks = {**BASE, "c1": "wO", "c5": "bO", "d1": "wZ", "d2": "wO2"}
    first = position_text(stacks)
    assert _refused(first, "d1+d2") == "the first move of a turn must be a capture"
    second = registry.play(first, "c1xc5").position
    played = registry.play(second, "d1+d2")
    assert " d1+d2" not in played.position  # the position lists stacks, not moves: d2 now a Tzarra of 3
    assert "wZ3" in played.position and played.status.to_move == 1
    assert "opponent's stack" in _refused(second, "c5+a3") or "not on one line" in _refused(second, "c5+a3")


def test_a_pass_is_a_second_move_only() -> None:
    first = position_text({**BASE, "c1": "wO", "c5": "bO"})
    assert _refused(first, "pass") == "the first move of a turn must be a capture"
    second = registry.play(first, "c1xc5").position
    assert registry.play(second, "pass").status.to_move == 1


def test_stacking_away_ones_last_piece_of_a_type_is_refused_z3() -> None:
    stacks = {**BASE, "c1": "wO", "c5": "bO"}
    second = registry.play(position_text(stacks), "c1xc5").position
    assert _refused(second, "i3+i2") == "this stack would leave you without a Tzarra"
    assert _refused(second, "i1+i2") == "this stack would leave you without a Tzarra"
    assert "i2+i3" in _moves(second)  # the Tzarra goes on top of a Tott: White keeps Totts (c5)
    with_two = registry.play(position_text({**stacks, "h1": "wZ"}), "c1xc5").position
    assert "i3+i2" in _moves(with_two)


def test_a_first_capture_that_takes_the_last_of_a_type_wins_at_once_z2() -> None:
    position = position_text({**BASE, "a5": "wO"})  # a5 down to a3, Black's only Tott
    played = registry.play(position, "a5xa3")
    assert played.status.ended and str(played.status.result) == "1-0"
    assert played.status.termination == "no-type"
    assert registry.legal_moves(played.position) == []
    assert _refused(played.position, "pass") == "Black has no Tott left: the game is over"


def test_a_player_who_cannot_capture_at_the_start_of_his_turn_loses() -> None:
    stacks = {"a1": "bT", "a2": "bZ", "a3": "bO", "c1": "wO2", "i1": "wT2", "i2": "wZ2", "i3": "wO2"}
    black = position_text(stacks, side="b")
    assert plain_moves(board_of(stacks), "b", False) == []  # worked by hand: every White stack is higher
    status = registry.status(black)
    assert status.ended and str(status.result) == "1-0" and status.termination == "no-capture"
    assert "cannot capture" in _refused(black, "a1xi1")
    white = position_text(stacks)  # c1 (height 2) takes a1 along row 1, over b1
    assert not registry.status(white).ended and "c1xa1" in _moves(white)


def test_whites_first_turn_is_one_capture() -> None:
    start = registry.start("tzaar", {"start": "fixed"})
    played = registry.play(start, "c4xc5")  # c4 wT takes c5 bT, next to it
    assert played.status.to_move == 1
    assert "capture" in played.position.split()[2]
    black = registry.play(played.position, "d3xd4")  # d3 bT takes d4 wO
    assert black.status.to_move == 1  # Black's second move follows


def test_the_fixed_start_is_z4() -> None:
    assert registry.start("tzaar", {"start": "fixed"}) == position_text(FIXED)


def test_a_random_start_has_each_players_30_pieces_and_is_written_in_its_options() -> None:
    options = registry.resolve_options("tzaar", {"start": "random"}, 7)
    word, setup = options["start"].split(maxsplit=1)
    assert word == "random"
    pieces = setup.split()
    assert len(pieces) == 60 and sorted(p[:-3] for p in pieces) == sorted(ALL_SPACES)
    kinds = [p[-2:] for p in pieces]
    assert [kinds.count(k) for k in ("wT", "wZ", "wO", "bT", "bZ", "bO")] == [6, 9, 15, 6, 9, 15]
    again = registry.start("tzaar", options)
    assert again == position_text(dict(p.split(":") for p in pieces))
    assert registry.resolve_options("tzaar", {"start": "random"}, 7) == options  # the seed's draw
    assert registry.resolve_options("tzaar", {}, 7)["start"].startswith("random ")  # the rulebook's start
    assert registry.resolve_options("tzaar", {"start": "fixed"}, 7) == {"start": "fixed"}
    # the record's [Setup] tag states the pieces, and reads back as the same option
    tags = registry.option_tags("tzaar", options)
    assert tags == {"Setup": setup}
    assert registry.tag_options("tzaar", tags) == options
    assert registry.option_tags("tzaar", {"start": "placement"}) == {"Setup": "placement"}
    assert registry.tag_options("tzaar", {"Start": "fixed"}) == {"start": "fixed"}


def test_a_random_start_refuses_a_wrong_setup() -> None:
    stacks = dict(FIXED)
    stacks["a1"] = "wT"  # seven White Tzaars, fourteen Totts
    with pytest.raises(InvalidPositionError, match="6 Tzaars"):
        registry.start("tzaar", {"start": "random " + setup_text(stacks)})
    del stacks["a1"]
    with pytest.raises(InvalidPositionError, match="1 spaces empty"):
        registry.start("tzaar", {"start": "random " + setup_text({**stacks})})
    with pytest.raises(InvalidOptionError):
        registry.start("tzaar", {"start": "blitz"})
    with pytest.raises(InvalidOptionError):
        registry.start("tzaar", {"colour": "white"})


def test_the_placement_start_places_60_pieces_then_white_captures_once() -> None:
    position = registry.start("tzaar", {"start": "placement"})
    assert position == position_text({}, step="place")
    pieces = [
        colour + kind
        for kind, count in (("T", 6), ("Z", 9), ("O", 15))
        for _ in range(count)
        for colour in "wb"
    ]
    assert "a1 is taken" in _placed(position, ["wT@a1"], "bT@a1")
    assert "White is to place" in _placed(position, [], "bT@a1")
    for number, space in enumerate(sorted(ALL_SPACES)):
        colour = "w" if number % 2 == 0 else "b"
        piece = next(p for p in pieces if p[0] == colour)
        pieces.remove(piece)
        played = registry.play(position, f"{piece}@{space}")
        position = played.position
    assert played.status.to_move == 0 and position.split()[2] == "capture"
    assert registry.legal_moves(position)  # White's one-capture turn
    first = registry.legal_moves(position)[0]
    assert registry.play(position, first.notation).status.to_move in (1, None)


def test_a_type_placed_six_times_is_used_up() -> None:
    position = registry.start("tzaar", {"start": "placement"})
    spaces = iter(sorted(ALL_SPACES))
    for _ in range(6):
        position = registry.play(position, f"wT@{next(spaces)}").position
        position = registry.play(position, f"bO@{next(spaces)}").position
    assert _refused(position, f"wT@{next(spaces)}") == "White has no Tzaar left to place"


def _placed(position: str, before: list[str], move: str) -> str:
    for text in before:
        position = registry.play(position, text).position
    return _refused(position, move)


def test_a_capture_of_ones_own_and_a_stack_on_the_opponent_are_refused() -> None:
    stacks = {**BASE, "c1": "wO", "c5": "bO", "d1": "wO", "d3": "bZ"}
    assert "your own stack" in _refused(position_text(stacks), "i3xi2")
    second = registry.play(position_text(stacks), "c1xc5").position
    assert "opponent's stack" in _refused(second, "d1+d3")
    assert "no stack on c1" in _refused(second, "c1xc4")
    assert "Black's" in _refused(second, "a3xa2")
