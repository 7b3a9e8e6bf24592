"""Verdicts: the shared Result and Termination values are the strings of records, JSON and the database."""

from __future__ import annotations

import json

from arbiter import dvonn, gipf, registry
from arbiter.colour import BLACK, WHITE
from arbiter.errors import IllegalMoveError
from arbiter.gipf.ends import GipfEnd
from arbiter.verdict import NAMED, Result, Termination, Verdict


def test_result_and_termination_values_are_the_stored_strings() -> None:
    assert [r.value for r in Result] == ["1-0", "0-1", "1/2-1/2"]
    # the built-in games' own ends, then the ends every game names: the strings stored until now
    own_ends = [end.code for spec in (gipf.SPEC, dvonn.SPEC) for end in spec.ends]
    assert own_ends + [t.value for t in NAMED] == [
        "no-reserve",
        "no-gipf-piece",
        "score",
        "resignation",
        "time",
        "arbiter",
        "agreement",
        "unfinished",
    ]
    assert Result.WHITE_WINS == "1-0" and f"{GipfEnd.NO_RESERVE}" == "no-reserve"


def test_each_natural_end_is_a_game_free_termination() -> None:
    ends = {end.code: end.termination for spec in (gipf.SPEC, dvonn.SPEC) for end in spec.ends}
    assert ends == {
        "no-reserve": Termination.NO_MOVE,
        "no-gipf-piece": Termination.MATERIAL,
        "score": Termination.SCORE,
    }
    assert registry.termination_of("no-reserve") is Termination.NO_MOVE
    assert registry.termination_of("time", "dvonn") is Termination.TIME
    assert registry.termination_of("checkmate") is None


def test_won_by_follows_the_colour_convention() -> None:
    assert Result.won_by(WHITE) is Result.WHITE_WINS
    assert Result.won_by(BLACK) is Result.BLACK_WINS


def test_json_holds_plain_strings() -> None:
    verdict = Verdict(
        game="dvonn", valid=True, result=Result.DRAW, termination=Termination.SCORE, plies=80, score=(9, 9)
    )
    data = verdict.to_json()
    assert type(data["result"]) is str and type(data["termination"]) is str
    assert json.loads(json.dumps(data)) == {
        "valid": True,
        "game": "dvonn",
        "result": "1/2-1/2",
        "termination": "score",
        "plies": 80,
        "error": None,
        "score": [9, 9],
    }


def test_json_of_an_invalid_verdict_has_the_error_and_no_score() -> None:
    error = IllegalMoveError("no", ply=3, move="a1-b2")
    data = Verdict(game="gipf-basic", valid=False, plies=2, error=error).to_json()
    assert data["result"] is None and data["termination"] is None
    assert data["error"] == {
        "ply": 3,
        "move": "a1-b2",
        "reason": "no",
        "kind": "illegal-move",
        "template": "no",
        "params": {},
    }
    assert "score" not in data
