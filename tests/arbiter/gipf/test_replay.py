"""GIPF records: the 30 shared reference games, tags, terminations and errors (the CLI: ../test_cli.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.errors import AmbiguousMoveError, IllegalMoveError, InvalidRecordError, UnreadableRecordError
from arbiter.gipf import ENGINE
from arbiter.gipf.ends import GipfEnd
from arbiter.verdict import Termination
from tests.arbiter.gipf.support import fields, position, record, spread
from tests.conftest import shared_path

RECORD_NAMES = [f"{kind}-{n:02d}.txt" for kind in ("basic", "standard", "tournament") for n in range(1, 11)]
GAME_OF_KIND = {"basic": "gipf-basic", "standard": "gipf-standard", "tournament": "gipf-tournament"}


def shared_record(name: str) -> str:
    return shared_path("records", "gipf", name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", RECORD_NAMES)
def test_shared_record_replays_as_valid_with_the_stated_winner(name: str) -> None:
    text = shared_record(name)
    stated = re.search(r'\[Result "([^"]+)"\]', text)
    assert stated is not None
    assert ENGINE.claims_record(text)
    verdict = ENGINE.replay(text)
    assert verdict.valid, verdict.error
    assert verdict.game == GAME_OF_KIND[name.split("-")[0]]
    assert verdict.result == stated.group(1)
    assert verdict.termination in (GipfEnd.NO_RESERVE, GipfEnd.NO_GIPF_PIECE)
    # the number of plies is the number of turns written
    body = text.split("\n\n", 1)[1]
    turns = [t for t in body.split() if not re.match(r"^\d+\.$", t) and t not in ("1-0", "0-1")]
    assert verdict.plies == len(turns)


def test_basic_records_end_on_an_empty_reserve() -> None:
    # in a basic game the only natural end is an empty reserve
    for name in RECORD_NAMES[:10]:
        assert ENGINE.replay(shared_record(name)).termination == GipfEnd.NO_RESERVE


def test_shared_record_rewritten_with_the_official_spelling_replays_the_same() -> None:
    text = shared_record("standard-01.txt")
    verdict = ENGINE.replay(text)
    # rebuild each turn with the writer's official (chain end) spelling from the legal moves
    from arbiter.gipf.notation import parse_turn

    pos_text = ENGINE.replay(record("", game="GIPF standard")).final_position
    assert pos_text is not None
    rewritten = []
    for move in verdict.moves:
        written = parse_turn(move)
        options = ENGINE.legal_moves(pos_text)
        before_after = ENGINE.replay(record(move, game="GIPF standard", Position=pos_text)).final_position
        assert written.push is not None
        dot = ("G" if written.push.gipf else "") + written.push.dot + "-"
        match = [m for m in options if m.position == before_after and dot in m.notation]
        assert len(match) == 1, move
        rewritten.append(match[0].notation)
        pos_text = match[0].position
    again = ENGINE.replay(record(" ".join(rewritten), game="GIPF standard", result="1-0"))
    assert again.valid and again.result == verdict.result and again.final_position == verdict.final_position


def test_forced_game_that_contradicts_the_game_tag_is_an_error() -> None:
    text = shared_record("basic-01.txt")
    verdict = ENGINE.replay(text, "gipf-standard")
    assert not verdict.valid and isinstance(verdict.error, InvalidRecordError)
    assert "Game tag" in verdict.error.reason
    assert ENGINE.replay(text, "gipf-basic").valid


def test_result_tag_must_agree() -> None:
    text = shared_record("basic-01.txt").replace('[Result "1-0"]', '[Result "0-1"]')
    verdict = ENGINE.replay(text)
    assert not verdict.valid and verdict.error is not None and "Result" in verdict.error.reason


def test_terminations() -> None:
    resign = ENGINE.replay(record("1. a1-b2 resign"))
    assert resign.valid and resign.result == "1-0" and resign.termination == Termination.RESIGNATION
    time_loss = ENGINE.replay(record("1. a1-b2 i5-h5 time"))
    assert time_loss.valid and time_loss.result == "0-1" and time_loss.termination == Termination.TIME
    arbiter = ENGINE.replay(record("1. a1-b2 arbiter 0-1"))
    assert arbiter.valid and arbiter.result == "0-1" and arbiter.termination == Termination.ARBITER
    unfinished = ENGINE.replay(record("1. a1-b2 i5-h5"))
    assert unfinished.valid and unfinished.result is None and unfinished.termination == Termination.UNFINISHED
    assert unfinished.plies == 2
    claimed = ENGINE.replay(record("1. a1-b2 1-0"))
    assert not claimed.valid and isinstance(claimed.error, InvalidRecordError)
    assert not ENGINE.replay(record("1. a1-b2 resign a1-b2")).valid
    # a result tag on an unfinished game is wrong; "*" is fine
    assert not ENGINE.replay(record("1. a1-b2", result="1-0")).valid
    assert ENGINE.replay(record("1. a1-b2", result="*")).valid


def test_resigning_after_the_natural_end_is_an_error() -> None:
    text = shared_record("basic-01.txt").replace(" 1-0", " resign")
    verdict = ENGINE.replay(text)
    assert not verdict.valid and verdict.error is not None and "over" in verdict.error.reason


def test_handicap_tag_adds_pieces_to_one_reserve() -> None:
    verdict = ENGINE.replay(record("1. a1-b2", Handicap="Black 3"))
    assert verdict.valid and verdict.final_position is not None
    assert fields(verdict.final_position)["reserve"] == "11/15"
    assert not ENGINE.replay(record("1. a1-b2", Handicap="Black 4")).valid
    assert not ENGINE.replay(record("1. a1-b2", game="GIPF standard", Handicap="White 1")).valid


def test_error_carries_ply_move_reason_and_position() -> None:
    text = shared_record("basic-01.txt")
    # basic-01 turn 4 is "4. a5-b5 f1-f2": make Black's f1-f2 a GIPF-piece (ply 8)
    bad = text.replace("4. a5-b5 f1-f2", "4. a5-b5 Gf1-f2")
    verdict = ENGINE.replay(bad)
    assert not verdict.valid and isinstance(verdict.error, IllegalMoveError)
    assert verdict.error.ply == 8 and verdict.error.move == "Gf1-f2"
    assert "GIPF-pieces" in verdict.error.reason
    assert verdict.error.position is not None and verdict.error.position.split()[2] == "b"
    assert verdict.plies == 7
    # the removal in turn 7 ("a3-b3;xb3,c3,d3,e3,f2") with a piece missing: ply 13
    bad = text.replace("a3-b3;xb3,c3,d3,e3,f2", "a3-b3;xb3,c3,d3,e3")
    verdict = ENGINE.replay(bad)
    assert verdict.error is not None and verdict.error.ply == 13 and "legal" in verdict.error.reason


def test_ambiguity_lists_the_options() -> None:
    crossing = {**spread("b", "e2 e3 e4 e5 c5 d5 f4 g3")}
    pos = position("basic", crossing, "b", (15, 7))
    verdict = ENGINE.replay(record("1... a1-b2", Position=pos))
    assert isinstance(verdict.error, AmbiguousMoveError)
    assert verdict.error.to_json()["options"] == ["xc5,d5,e5,f4,g3", "xe2,e3,e4,e5"]
    assert "options" in verdict.error.reason


def test_claims() -> None:
    assert ENGINE.claims_record("1. a1-b2 i5-h5 2. Ge1-e2")
    assert not ENGINE.claims_record('[Game "DVONN"]\n\n1. a1 b1')
    assert not ENGINE.claims_record("hello world")
    assert ENGINE.claims_position("gipf-basic ..../...../....../......./....../...../.... w reserve=15/15")
    assert not ENGINE.claims_position("dvonn something")
    with pytest.raises(UnreadableRecordError):
        ENGINE.replay('[Game "Chess"]\n\n1. e4 e5')


def test_dvonn_records_are_not_claimed() -> None:
    directory = shared_path("records", "dvonn")
    for path in sorted(Path(directory).glob("*.txt")):
        assert not ENGINE.claims_record(path.read_text(encoding="utf-8")), path.name


def test_untagged_record_is_guessed() -> None:
    assert ENGINE.replay("1. Ga1-b2 Gi5-h5").game == "gipf-tournament"
    assert ENGINE.replay("1. a1-b2 i5-h5").game == "gipf-standard"
    tagged = record("1. Ga1-b2", game="GIPF")
    assert ENGINE.claims_record(tagged) and ENGINE.replay(tagged).game == "gipf-tournament"
    assert ENGINE.replay(tagged, "gipf-tournament").valid
