"""The arbiter command line on PÜNCT: a record replayed to JSON (as an independent check runs it),
perft of a position given as its turns, the moves a player's picks lead to, a board drawn."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from tests.arbiter.punct.test_perft import Q3
from tests.conftest import PROJECT_ROOT

#: docs/rules.md (PÜNCT): Black's triangle uncovers White's chain: White wins, though Black moved
UNCOVERED = """[Game "punct"]

1. E:f1,f2,f3 C:e9,e8,e10 2. E:f4,f5,f6 T:e2,d1,e1 3. E:f7,f8,f9 e2-e8:f8,f9
4. E:f10,f11,f12 E:h1,i2,j3 5. L:f13,f14,g15 E:k4,l5,m6 6. R:h16,i16,j17 e8-e2:d1,e1
"""


def test_replay_json_in_a_separate_process(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(UNCOVERED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "replay", str(record), "--json"],
        capture_output=True,
        text=True,
        cwd=PROJECT_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "valid": True,
        "game": "punct",
        "result": "1-0",
        "termination": "connection",
        "plies": 12,
        "error": None,
    }


def test_a_refused_turn_names_its_ply_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.txt"
    record.write_text(UNCOVERED.replace("e2-e8:f8,f9", "e2-e8:f8,g9"), encoding="utf-8")
    assert main(["replay", str(record), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["ply"], error["move"], error["kind"]) == (6, "e2-e8:f8,g9", "illegal-move")
    assert error["reason"] == "the piece on e2 is a piece T (triangle): e8 with f8 and g9 is not its shape"


def test_perft_of_a_position_given_as_its_turns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--game", "punct", "--depth", "1", "--position", Q3]) == 0
    assert capsys.readouterr().out == "1 1266\n"  # the specification's count of Q3


def test_the_moves_a_pick_leads_to(capsys: pytest.CaptureFixture[str]) -> None:
    start = "punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2"
    assert main(["moves", "--position", start, "--picked", "E,e5,f5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"move": "E:e5,f5,g5", "position": "punct b 1 E:e5,f5,g5 T6C2E3M2L2R2 T6C2E4M2L2R2 wE0:e5,f5,g5"}
    ]


def test_svg_of_the_last_ply(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(UNCOVERED, encoding="utf-8")
    assert main(["svg", str(record), "--size", "360"]) == 0
    svg = capsys.readouterr().out
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="360"')
    assert 'class="connection"' in svg and 'class="last-from"' in svg
