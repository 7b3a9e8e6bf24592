"""The arbiter's command line on LYNGK, as an independent check uses it: ``replay FILE --json`` (the
verdict with the ply and the reason of a refused decision), ``perft --game lyngk --position`` from a
start's placements, ``moves`` and ``svg``; one run in a separate process, as a script would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from tests.arbiter.lyngk.support import S1, S2, SPEC_COUNTS, record
from tests.conftest import PROJECT_ROOT


def test_replay_json_of_a_valid_and_a_refused_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "game.txt"
    game.write_text(record("1. R;b4-c7 K;d5-e7 2. c1-c2 *"), encoding="utf-8")
    assert main(["replay", str(game), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["valid"], data["game"], data["plies"], data["result"], data["termination"]) == (
        True,
        "lyngk",
        5,
        None,
        "unfinished",
    )
    assert data["score"] == [0, 0]
    game.write_text(record("1. R;b4-c7 K;d5-e7 2. B;c3-c4 G;d2-e2 3. I;c4-c5"), encoding="utf-8")
    assert main(["replay", str(game), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["ply"], error["move"], error["kind"]) == (9, "I", "illegal-move")
    assert error["reason"] == "a player may claim only two colours: White holds red and blue"
    assert error["template"] == "a player may claim only two colours: {player} holds {first} and {second}"


def test_perft_from_a_starts_placements(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--game", "lyngk", "--depth", "2", "--position", S2]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert lines[:2] == [f"1 {SPEC_COUNTS[S2][0]}", f"2 {SPEC_COUNTS[S2][1]}"]
    assert main(["perft", "--game", "lyngk", "--depth", "1"]) == 1
    assert "LYNGK has no fixed start" in capsys.readouterr().err


def test_moves_lists_claims_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--position", S1, "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    assert [move["move"] for move in moves[:6]] == ["I", "B", "R", "G", "K", "b1-b2"]
    assert len(moves) == 161 and all(move["position"].startswith("lyngk ") for move in moves)


def test_svg_of_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(record("1. R;h4-g3 *"), encoding="utf-8")
    assert main(["svg", str(game), "--ply", "2"]) == 0
    svg = capsys.readouterr().out
    assert svg.startswith("<svg") and "LYNGK, after ply 2" in svg and 'data-link="g5"' in svg


def test_the_command_in_a_process_of_its_own(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(registry_record(), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "arbiter", "replay", str(game), "--json"],
        capture_output=True,
        text=True,
        cwd=PROJECT_ROOT,
        check=False,
    )
    data = json.loads(run.stdout)
    assert run.returncode == 0 and data["valid"] and data["termination"] == "stacks"


def registry_record() -> str:
    from arbiter import registry

    return registry.random_record("lyngk", 5)
