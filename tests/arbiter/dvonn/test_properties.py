"""Property tests over random DVONN games (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.dvonn import ENGINE
from arbiter.dvonn.engine import random_game
from arbiter.dvonn.moves import PASS, PLACE, STACK, Move, apply_move, legal_moves
from arbiter.dvonn.notation import CODECUP, LITTLE_GOLEM, STYLES, TAGGED, format_move, parse_move
from arbiter.dvonn.position import parse_position
from arbiter.dvonn.replay import write_codecup, write_littlegolem, write_tagged
from arbiter.errors import ArbiterError
from arbiter.records import parse_tagged

EMPTY = "dvonn w 0 " + "/".join(["." + ",." * n for n in (8, 9, 10, 9, 8)])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=25, deadline=None)


def pieces_in(text: str) -> int:
    """Pieces on the board, counted from the position text's board field."""
    board = text.split()[3]
    return sum(1 for ch in board if ch in "wbd")


@FAST
@given(SEEDS)
def test_random_records_replay_as_valid_with_their_tags(seed: int) -> None:
    text = ENGINE.random_record("dvonn", seed, {"Event": "property"})
    tags = parse_tagged(text).tags
    verdict = ENGINE.replay(text)
    assert verdict.valid, verdict.error
    assert verdict.termination == "score"
    assert tags["Result"] == verdict.result
    assert tags["Event"] == "property"
    assert verdict.score is not None
    assert tags["Score"] == f"{verdict.score[0]}-{verdict.score[1]}"
    assert verdict.final_position is not None
    assert ENGINE.legal_moves(verdict.final_position) == []
    assert verdict.plies >= 49


@FAST
@given(SEEDS)
def test_pieces_are_conserved(seed: int) -> None:
    moves, _ = random_game(seed)
    position = parse_position(EMPTY)
    removed = 0
    for number, move in enumerate(moves, start=1):
        position, gone = apply_move(position, move)
        text = position.text()
        if number <= 49:
            assert pieces_in(text) == number and gone == 0
        else:
            removed += gone
            assert pieces_in(text) + removed == 49
            assert text.split()[3].count("d") == 3  # DVONN pieces are never removed
        assert parse_position(text).text() == text  # every position round-trips


@FAST
@given(SEEDS)
def test_move_notation_round_trips_in_every_format(seed: int) -> None:
    moves, _ = random_game(seed)
    for move in moves:
        for style in STYLES:
            assert parse_move(format_move(move, style), style) == move


@FAST
@given(SEEDS)
def test_records_round_trip_through_all_three_formats(seed: int) -> None:
    moves, final = random_game(seed)
    texts = {
        TAGGED: write_tagged(moves, {"Event": "x", "Game": "DVONN"}, None),
        LITTLE_GOLEM: write_littlegolem(moves, {"Event": "x", "Site": "y", "White": "a", "Black": "b"}),
        CODECUP: write_codecup(moves, final.score()),
    }
    assert "# Score:" in texts[CODECUP]
    for style, text in texts.items():
        verdict = ENGINE.replay(text)
        assert verdict.valid, (style, verdict.error)
        assert verdict.plies == len(moves), style  # the LG text leaves out the 49th; it is re-inserted
        assert verdict.final_position == final.text(), style
        assert verdict.score == final.score(), style
        assert verdict.moves == [format_move(m, TAGGED) for m in moves], style


def _illegal_instead(moves: list[Move], index: int, pick: int) -> Move:
    """A move that is not legal where ``moves[index]`` was played."""
    position = parse_position(EMPTY)
    for move in moves[:index]:
        position, _ = apply_move(position, move)
    legal = set(legal_moves(position))
    if position.placing:
        occupied = [i for i, stack in enumerate(position.board) if stack]
        if occupied:
            return Move(PLACE, occupied[pick % len(occupied)])
        return Move(STACK, 0, 1)
    candidates = [Move(PASS)] if Move(PASS) not in legal else []
    candidates += [Move(STACK, a, b) for a in range(49) for b in range(49) if a != b]
    candidates = [m for m in candidates if m not in legal]
    return candidates[pick % len(candidates)]


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=10_000))
def test_one_mutated_move_is_rejected_at_exactly_its_ply(seed: int, where: int, pick: int) -> None:
    moves, _ = random_game(seed)
    index = where % len(moves)
    bad = _illegal_instead(moves, index, pick)
    mutated = moves[:index] + [bad] + moves[index + 1 :]
    verdict = ENGINE.replay(write_tagged(mutated, {"Game": "DVONN"}, None))
    assert not verdict.valid
    assert isinstance(verdict.error, ArbiterError)
    assert verdict.error.ply == index + 1
    assert verdict.error.move == format_move(bad, TAGGED)
    assert verdict.plies == index
