"""Property tests (Hypothesis) for GIPF: conservation, notation round trips, random games, mutations."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbiter.errors import InvalidNotationError
from arbiter.gipf import ENGINE
from arbiter.gipf.notation import format_turn, parse_turn, turn_from_json, turn_to_json
from arbiter.gipf.position import format_position, parse_position, start_position
from arbiter.gipf.rules import turns
from arbiter.records import parse_tagged
from tests.arbiter.gipf.support import record

GAMES = ("gipf-basic", "gipf-standard", "gipf-tournament")
TOTAL = {"gipf-basic": 15, "gipf-standard": 18, "gipf-tournament": 18}
NAMES = {"gipf-basic": "GIPF basic", "gipf-standard": "GIPF standard", "gipf-tournament": "GIPF tournament"}
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def totals(text: str) -> tuple[int, int]:
    """Pieces per player from the position text alone: reserve + board (GIPF = 2) + lost."""
    parts = text.split()
    board = parts[1]
    values = dict(item.split("=") for item in parts[3:])
    reserve = [int(x) for x in values["reserve"].split("/")]
    captured = [int(x) for x in values["captured"].split("/")]
    white = reserve[0] + board.count("w") + 2 * board.count("W") + captured[1]
    black = reserve[1] + board.count("b") + 2 * board.count("B") + captured[0]
    return white, black


def random_walk(game: str, seed: int, plies: int) -> list[str]:
    """Position texts along a random game."""
    rng = random.Random(seed)
    pos = start_position(game)
    texts = [format_position(pos)]
    for _ in range(plies):
        options = turns(pos)
        if not options:
            break
        pos = rng.choice(options).position
        texts.append(format_position(pos))
    return texts


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_pieces_are_conserved(game: str, seed: int) -> None:
    for text in random_walk(game, seed, 80):
        assert totals(text) == (TOTAL[game], TOTAL[game]), text


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_position_text_round_trips(game: str, seed: int) -> None:
    for text in random_walk(game, seed, 40):
        assert format_position(parse_position(text)) == text


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), pick=st.randoms(use_true_random=False))
def test_notation_round_trips(game: str, seed: int, pick: random.Random) -> None:
    for text in random_walk(game, seed, 30)[::5]:
        pos = parse_position(text)
        options = turns(pos)
        for turn in pick.sample(options, min(3, len(options))):
            for adjacent in (False, True):
                written = format_turn(turn, adjacent=adjacent)
                parsed = parse_turn(written)
                assert turn_from_json(turn_to_json(written)) == written
                assert parsed.push is not None and parsed.push.gipf == turn.gipf
                # both spellings replay to the same position as the engine's own turn
                verdict = ENGINE.replay(record(written, game=NAMES[game], Position=text))
                assert verdict.valid, verdict.error
                assert verdict.final_position == format_position(turn.position)


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_random_records_replay_as_valid(game: str, seed: int) -> None:
    text = ENGINE.random_record(game, seed, {"Event": "property"})
    verdict = ENGINE.replay(text)
    assert verdict.valid, verdict.error
    assert verdict.game == game
    stated = re.search(r'\[Result "([^"]+)"\]', text)
    assert stated is not None
    assert verdict.result == (None if stated.group(1) == "*" else stated.group(1))
    assert verdict.tags["Event"] == "property"


def _mutate_piece(tokens: list[str], index: int, game: str) -> str | None:
    """A change of piece that the rules forbid at that ply, or None when none is sure."""
    token = tokens[index]
    parts = token.split(";")
    k = next(i for i, part in enumerate(parts) if not part.startswith("x"))
    push = parts[k]
    if game != "gipf-tournament":
        parts[k] = "G" + push  # no GIPF-piece is ever brought into play
    elif index < 2:
        parts[k] = push[1:]  # the first turn must bring a GIPF-piece
    elif any(not _push_of(t).startswith("G") for t in tokens[index % 2 : index : 2]):
        parts[k] = "G" + push  # this player has played a basic piece before
    else:
        return None
    return ";".join(parts)


def _push_of(token: str) -> str:
    return next(part for part in token.split(";") if not part.startswith("x"))


@PROPERTY
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), where=st.floats(0, 1, exclude_max=True))
def test_an_illegal_change_of_piece_is_rejected_at_that_ply(game: str, seed: int, where: float) -> None:
    text = ENGINE.random_record(game, seed)
    parsed = parse_tagged(text)
    tokens = [t for t in parsed.tokens if t not in ("1-0", "0-1")]
    tokens = [t for t in tokens if not t.startswith("x") or ";" in t]  # drop a bare final list
    index = int(where * len(tokens))
    mutated = _mutate_piece(tokens, index, game)
    assume(mutated is not None)
    assert mutated is not None
    tokens[index] = mutated
    verdict = ENGINE.replay(record(" ".join(tokens), game=NAMES[game]))
    assert not verdict.valid and verdict.error is not None
    assert verdict.error.ply == index + 1, (verdict.error, index)


@PROPERTY
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10**6),
    where=st.floats(0, 1, exclude_max=True),
    pick=st.randoms(use_true_random=False),
)
def test_an_illegal_push_is_rejected_at_that_ply(
    game: str, seed: int, where: float, pick: random.Random
) -> None:
    """Replace one push by a well-formed push that is not among the legal moves of that position."""
    text = ENGINE.random_record(game, seed)
    tokens = [t for t in parse_tagged(text).tokens if t not in ("1-0", "0-1") and (";" in t or t[0] != "x")]
    index = int(where * len(tokens))
    prefix = ENGINE.replay(record(" ".join(tokens[:index]), game=NAMES[game]))
    assert prefix.valid and prefix.final_position is not None
    legal_pushes = set()
    for move in ENGINE.legal_moves(prefix.final_position):
        legal_pushes.add(_push_of(move.notation))
    from arbiter.gipf.board import ENTRIES, SPOT_NAMES

    candidates = []
    for entry in ENTRIES:
        for spot in entry.line:
            for g in ("", "G"):
                push = f"{g}{entry.dot}-{SPOT_NAMES[spot]}"
                # the legal spellings are the next spot and the chain end (which legal_moves writes)
                next_spot = f"{g}{entry.dot}-{SPOT_NAMES[entry.line[0]]}"
                if push in legal_pushes or (
                    push == next_spot and _any_from(legal_pushes, g, entry.dot, entry.line)
                ):
                    continue
                candidates.append(push)
    tokens[index] = pick.choice(candidates)
    verdict = ENGINE.replay(record(" ".join(tokens), game=NAMES[game]))
    assert not verdict.valid and verdict.error is not None
    assert verdict.error.ply == index + 1, (verdict.error, tokens[index])


def _any_from(legal: set[str], g: str, dot: str, line: tuple[int, ...]) -> bool:
    from arbiter.gipf.board import SPOT_NAMES

    return any(f"{g}{dot}-{SPOT_NAMES[spot]}" in legal for spot in line)


def test_turn_json_form() -> None:
    data = turn_to_json("xe7,e8;c7-e7")
    assert data == {"gipf": False, "from": "c7", "to": "e7", "before": [["e7", "e8"]], "after": []}
    data = turn_to_json("Gh6-c4;xc6,d6,Gf5,g4")
    assert data["gipf"] is True and data["after"] == [["c6", "d6", "Gf5", "g4"]]
    assert turn_from_json(data) == "Gh6-c4;xc6,d6,Gf5,g4"
    for bad in [
        {"from": "a1"},
        {"gipf": 1, "from": "a1", "to": "b2"},
        {"from": "e5", "to": "e6"},
        {"from": "a1", "to": "b2", "after": [[]]},
    ]:
        with pytest.raises(InvalidNotationError):
            turn_from_json(bad)


@pytest.mark.parametrize(
    "text",
    ["a1", "a1-b3", "e5-e6", "xa1;a1-b2", "a1-b2;", "a1-b2;a1-b2", "xb2,,c2;a1-b2", "Ha1-b2", "a1-j2"],
)
def test_malformed_turns_are_notation_errors(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_turn(text)
