"""TZAAR records: the hand-worked records of docs/rules.md (TZAAR), how turns group, the starts a record
states, and how records end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from arbiter import registry
from tests.arbiter.tzaar.support import FIXED, setup_text

HEAD = '[Game "TZAAR"]\n[Setup "fixed"]\n\n'


def _described(record: str) -> str:
    verdict = registry.replay(record)
    if verdict.valid:
        ending = "unfinished." if verdict.result is None else f"{verdict.result}, {verdict.termination}."
        return f"valid, {verdict.plies} plies, {ending}"
    assert verdict.error is not None
    return verdict.error.describe()


def test_the_hand_worked_records_of_the_rules_get_their_verdicts() -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("## TZAAR")
    section = text[start : text.index("\n## ", start)]  # to the next section
    found = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", section, re.S)
    assert len(found) == 10
    for record, expected in found:
        assert _described(record) == expected, record


def test_a_record_goes_to_the_tzaar_engine_and_keeps_its_moves() -> None:
    verdict = registry.replay(HEAD + "1. C4xC5 d3xd4;d2+d4\n")  # either case
    assert verdict.valid and verdict.game == "tzaar"
    assert verdict.moves == ["c4xc5", "d3xd4", "d2+d4"] and verdict.result is None


def test_a_record_from_a_random_start_states_its_pieces() -> None:
    stacks = dict(FIXED)
    stacks["c4"], stacks["c5"] = stacks["c5"], stacks["c4"]  # Black's Tzaar on c4, White's on c5
    record = f'[Game "TZAAR"]\n[Setup "{setup_text(stacks)}"]\n\n1. c5xc4\n'
    assert registry.replay(record).valid  # White's Tzaar c5 takes Black's c4
    assert "the stack on c4 is Black's" in _described(record.replace("c5xc4", "c4xc5"))
    wrong = record.replace(setup_text(stacks), setup_text(stacks)[:-6])
    assert "spaces empty" in _described(wrong)


def test_the_start_tag_must_agree_with_the_setup() -> None:
    record = '[Game "TZAAR"]\n[Start "placement"]\n[Setup "fixed"]\n\n1. c4xc5\n'
    assert "the Start tag says placement but the Setup tag fixed" in _described(record)
    assert registry.replay('[Game "TZAAR"]\n[Start "fixed"]\n\n1. c4xc5\n').valid


def test_an_end_by_the_rules_and_the_ending_words() -> None:
    position = "a1:bT a2:bZ a3:bO a5:wO i1:wT i2:wZ i3:wO"
    # no random start has 7 pieces: the win on the first move is worked on a position (test_rules.py)
    assert "the setup leaves 53 spaces empty" in _described(
        f'[Game "TZAAR"]\n[Setup "{position}"]\n\n1. a5xa3\n'
    )
    # the record contract's ending words (arbiter.records), without a draw (T-5)
    assert "the record must end with one of 1-0, 0-1, resign, time" in _described(HEAD + "1. c4xc5 1/2-1/2\n")
    assert _described(HEAD + "1. c4xc5 time\n") == "valid, 1 plies, 1-0, time."  # Black to move
    assert "got 'resign 0-1'" in _described(HEAD + "1. c4xc5 resign 0-1\n")
    assert "the game is not over (write 'resign', 'time' or 'arbiter 1-0')" in _described(
        HEAD + "1. c4xc5 1-0\n"
    )
    assert _described(HEAD + "1. c4xc5 arbiter 1-0\n") == "valid, 1 plies, 1-0, arbiter."


def test_the_game_tag_is_the_key_and_older_records_name_the_game() -> None:
    for written in ("tzaar", "TZAAR", "Tzaar"):
        verdict = registry.replay(f'[Game "{written}"]\n[Setup "fixed"]\n\n1. c4xc5 *\n')
        assert verdict.valid and verdict.game == "tzaar"
    assert '[Game "tzaar"]' in registry.random_record("tzaar", 3)


def test_the_result_tag_must_agree() -> None:
    record = '[Game "TZAAR"]\n[Setup "fixed"]\n[Result "1-0"]\n\n1. c4xc5 d3xd4;d2+d4 2. c3xc2 resign\n'
    assert "the Result tag says 1-0 but the play gives 0-1" in _described(record)


def test_random_records_end_by_a_rule_and_replay() -> None:
    for seed in range(5):
        record = registry.random_record("tzaar", seed)
        verdict = registry.replay(record)
        assert verdict.valid, verdict.error
        assert verdict.termination in ("no-type", "no-capture")
        assert str(verdict.result) in record


def test_a_replay_traces_every_move_as_a_ply() -> None:
    verdict, plies = registry.replay_traced(HEAD + "1. c4xc5 d3xd4;d2+d4 *\n")
    assert [ply.move for ply in plies] == ["c4xc5", "d3xd4", "d2+d4"]
    assert plies[0].removed == ("c5",) and plies[2].removed == ()
    view = registry.ply_view(HEAD + "1. c4xc5 d3xd4;d2+d4 *\n", 3)
    assert view.mover == 1 and view.last is not None and view.last.path == ("d2", "d4")


def test_the_service_groups_a_games_moves_in_turns() -> None:
    assert registry.turns("tzaar", ["c4xc5", "d3xd4", "d2+d4", "c3xc2"]) == ["c4xc5", "d3xd4;d2+d4", "c3xc2"]
    placed = ["wT@a1", "bT@a2", "c4xc5", "d3xd4", "pass"]
    assert registry.turns("tzaar", placed) == ["wT@a1", "bT@a2", "c4xc5", "d3xd4;pass"]
    assert registry.turns("dvonn", ["a1", "b1"]) == ["a1", "b1"]


def test_the_cli_counts_replays_and_draws_tzaar(capsys: Any, tmp_path: Path) -> None:
    from arbiter.cli import main

    assert main(["perft", "--game", "tzaar", "--depth", "2"]) == 0
    assert capsys.readouterr().out.split() == ["1", "42", "2", "1797"]
    path = tmp_path / "game.txt"
    path.write_text(HEAD + "1. c4xc5 d3xd4;d2+d4 2. c3xd4\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "a stack of height 1 may not take a stack of height 2" in capsys.readouterr().out
    path.write_text(HEAD + "1. c4xc5 d3xd4;d2+d4 *\n", encoding="utf-8")
    assert main(["svg", str(path), "--ply", "3"]) == 0
    assert 'data-space="d4" data-type="tzarra" data-height="2"' in capsys.readouterr().out
