"""The arbiter command line (``python -m arbiter``) on GIPF and DVONN input, through the registry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.gipf.ends import GipfEnd
from tests.arbiter.dvonn.support import CODECUP_FILE, LG_FILE, lg_start_position, read, split_codecup
from tests.arbiter.gipf.support import record
from tests.conftest import PROJECT_ROOT, shared_path


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


# ------------------------------------------------------------------ GIPF, in a subprocess


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbiter", *args],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_replay_valid_json() -> None:
    path = shared_path("records", "gipf", "tournament-04.txt")
    done = run_cli("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["valid"] is True and data["game"] == "gipf-tournament" and data["result"] == "1-0"
    assert data["termination"] == GipfEnd.NO_GIPF_PIECE and data["plies"] == 46 and data["error"] is None


def test_cli_replay_invalid_and_unreadable(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(record("1. a1-b2 a1-b2 2. Ga1-b2"), encoding="utf-8")
    done = run_cli("replay", str(bad), "--json")
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["valid"] is False and data["error"]["ply"] == 3 and data["error"]["move"] == "Ga1-b2"
    assert data["error"]["reason"]
    text_mode = run_cli("replay", str(bad))
    assert text_mode.returncode == 1 and "ply 3" in text_mode.stdout
    junk = tmp_path / "junk.txt"
    junk.write_text('[Game "Chess"]\n\n1. e4 e5\n', encoding="utf-8")
    assert run_cli("replay", str(junk), "--json").returncode == 2
    assert run_cli("replay", str(tmp_path / "missing.txt")).returncode == 2


def test_cli_perft_and_moves() -> None:
    done = run_cli("perft", "--game", "gipf-basic", "--depth", "2")
    assert done.returncode == 0 and done.stdout.split() == ["1", "42", "2", "1764"]
    start = (
        "gipf-tournament ..../...../....../......./....../...../.... w reserve=18/18 captured=0/0 start=g/g"
    )
    moves = run_cli("moves", "--position", start)
    assert moves.returncode == 0
    lines = moves.stdout.strip().splitlines()
    assert len(lines) == 42 and all(line.startswith("G") for line in lines)
    bad = run_cli("moves", "--position", "gipf-basic nonsense w")
    assert bad.returncode == 1


def test_svg_draws_the_board_after_a_ply(capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    path = shared_path("records", "gipf", "standard-01.txt")
    assert main(["svg", str(path), "--ply", "3", "--size", "300"]) == 0
    out = capsys.readouterr().out
    root = ET.fromstring(out)
    assert root.get("width") == "300"
    assert root.findtext("{http://www.w3.org/2000/svg}title") == "GIPF standard, after ply 3"
    assert main(["svg", str(path), "--ply", "3", "--size", "300"]) == 0
    assert capsys.readouterr().out == out  # deterministic
    assert main(["svg", str(path), "--ply", "3", "--size", "300", "--flip"]) == 0
    assert capsys.readouterr().out != out


def test_svg_of_the_last_ply_of_a_dvonn_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["svg", str(shared_path(*LG_FILE))]) == 0
    assert "DVONN, after ply 75" in capsys.readouterr().out


def test_svg_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(read(shared_path(*LG_FILE)).replace("25. a2b2", "25. pass"), encoding="utf-8")
    assert main(["svg", str(bad), "--ply", "3"]) == 1
    assert "invalid record" in capsys.readouterr().err
    assert main(["svg", str(tmp_path / "missing.txt")]) == 2
    junk = tmp_path / "junk.txt"
    junk.write_text("hello world\n", encoding="utf-8")
    assert main(["svg", str(junk)]) == 2
    assert main(["svg", str(shared_path(*LG_FILE)), "--ply", "76"]) == 2
    assert "plies 0 to 75" in capsys.readouterr().err
    assert main(["svg", str(shared_path(*LG_FILE)), "--ply", "-1"]) == 2
    assert main(["svg", str(shared_path(*LG_FILE)), "--size", "10"]) == 2
    assert capsys.readouterr().out == ""


def test_the_cli_registers_the_game_packages_of_the_environment() -> None:
    """``GAME_PACKAGES=tests.toygame python -m arbiter replay --help`` lists Stones, as the service
    registers it from the same variable; without it the CLI does not know it."""
    import os

    env = {**os.environ, "GAME_PACKAGES": "tests.toygame"}
    listed = subprocess.run(
        [sys.executable, "-m", "arbiter", "replay", "--help"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert listed.returncode == 0 and "stones" in listed.stdout
    plain = {key: value for key, value in os.environ.items() if key != "GAME_PACKAGES"}
    unknown = subprocess.run(
        [sys.executable, "-m", "arbiter", "replay", "--help"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=plain,
    )
    assert unknown.returncode == 0 and "stones" not in unknown.stdout
