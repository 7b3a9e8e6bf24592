"""The arbiter command line on DVONN input (dispatching through the registry)."""

from __future__ import annotations

import json

import pytest

from arbiter.cli import main
from tests.arbiter.test_dvonn_support import CODECUP_FILE, LG_FILE, lg_start_position, read, split_codecup
from tests.conftest import shared_path


def test_replay_json_of_the_little_golem_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(shared_path(*LG_FILE)), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["valid"] is True
    assert data["game"] == "dvonn"
    assert (data["result"], data["termination"], data["plies"], data["score"]) == (
        "0-1",
        "resignation",
        75,
        [5, 29],
    )


def test_replay_text_output_of_a_codecup_game(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    game = tmp_path / "game0.txt"
    game.write_text(split_codecup(read(shared_path(*CODECUP_FILE)))[0], encoding="utf-8")
    assert main(["replay", str(game)]) == 0
    out = capsys.readouterr().out
    assert "valid DVONN record" in out
    assert "score: 36-9" in out


def test_replay_of_an_illegal_record_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    bad = tmp_path / "bad.txt"
    bad.write_text(read(shared_path(*LG_FILE)).replace("25. a2b2", "25. pass"), encoding="utf-8")
    assert main(["replay", str(bad), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False
    assert data["error"]["ply"] == 50
    assert data["error"]["kind"] == "illegal-move"


def test_perft_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--game", "dvonn", "--depth", "2", "--position", lg_start_position()]) == 0
    assert capsys.readouterr().out.split("\n")[:2] == ["1 43", "2 1765"]


def test_perft_command_from_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--game", "dvonn", "--depth", "2"]) == 0
    assert capsys.readouterr().out.split() == ["1", "49", "2", str(49 * 48)]


def test_moves_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--position", lg_start_position(), "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    assert len(moves) == 43
    assert "a2-b2" in {m["move"] for m in moves}
    assert all(m["position"].startswith("dvonn b 49 ") for m in moves)


def test_moves_command_with_a_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--position", "dvonn w 0 nonsense"]) == 1
    assert "error" in capsys.readouterr().err
