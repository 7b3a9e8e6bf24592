"""Replaying DVONN records in the three formats, against the reference records in ../shared."""

from __future__ import annotations

import re

import pytest

from arbiter.dvonn import ENGINE
from arbiter.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    UnreadableRecordError,
)
from tests.arbiter.dvonn.support import (
    CODECUP_FILE,
    LG_FILE,
    LG_PLACEMENTS,
    lg_start_position,
    placement_stacks,
    position_text,
    read,
    split_codecup,
)
from tests.conftest import shared_path


def lg_text() -> str:
    return read(shared_path(*LG_FILE))


def codecup_games() -> list[str]:
    return split_codecup(read(shared_path(*CODECUP_FILE)))


def lg_as_tagged(tags: str, ending: str) -> str:
    """The Little Golem game rewritten by hand in the service's tagged format."""
    body = lg_text().split(" 1. ", 1)[1]
    body = re.sub(r"\b([a-k][1-5])([a-k][1-5])\b", r"\1-\2", body)
    body = body.replace(" 38. resign", "").strip()
    return f'[Event "LG"]\n[Game "DVONN"]\n{tags}\n\n1. {body} {ending}\n'.replace("\n\n\n", "\n\n")


# ----------------------------------------------------------------------------- Little Golem


def test_little_golem_game_white_resigns_at_move_38() -> None:
    verdict = ENGINE.replay(lg_text())
    assert verdict.valid, verdict.error
    assert verdict.result == "0-1"
    assert verdict.termination == "resignation"
    assert verdict.score == (5, 29)
    # 48 written placements + the inserted 49th + moves 25-37 (13 pairs); the resignation is no ply
    assert verdict.plies == 48 + 1 + 26
    assert verdict.to_json()["score"] == [5, 29]
    assert verdict.tags["White"] == "CleverHunk steven cullum"


def test_little_golem_game_with_the_49th_placement_written() -> None:
    text = lg_text().replace("24. k4 b4 25.", "24. k4 b4 c5 25.")
    assert text != lg_text()
    verdict = ENGINE.replay(text)
    assert verdict.valid and verdict.result == "0-1" and verdict.plies == 75 and verdict.score == (5, 29)


def test_little_golem_game_without_resignation_is_unfinished() -> None:
    verdict = ENGINE.replay(lg_text().replace(" 38. resign", ""))
    assert verdict.valid
    assert (verdict.result, verdict.termination, verdict.plies, verdict.score) == (
        None,
        "unfinished",
        75,
        (5, 29),
    )


def test_a_pass_when_a_move_exists_is_refused_at_its_ply() -> None:
    verdict = ENGINE.replay(lg_text().replace("25. a2b2 b3b2", "25. pass b3b2"))
    assert not verdict.valid
    error = verdict.error
    assert isinstance(error, IllegalMoveError)
    assert (error.ply, error.move) == (50, "pass")
    assert "may not pass" in error.reason
    assert error.position == lg_start_position()
    assert verdict.plies == 49


def test_a_wrong_distance_is_refused_with_the_position_before_it() -> None:
    verdict = ENGINE.replay(lg_text().replace("25. a2b2 b3b2", "25. a2b2 b3b1"))
    error = verdict.error
    assert isinstance(error, IllegalMoveError)
    assert (error.ply, error.move) == (51, "b3b1")
    assert "must move exactly 1 space (stack height 1), not 2" in error.reason
    stacks = placement_stacks(LG_PLACEMENTS)
    del stacks["a2"]
    stacks["b2"] = "ww"  # White's a2 piece on White's b2 piece
    assert error.position == position_text(stacks, "b", 49)
    assert verdict.final_position == error.position
    assert "ply 51" in error.describe()


@pytest.mark.parametrize(
    ("old", "new", "ply", "move"),
    [
        ("25. a2b2 b3b2", "25. a2b2 B3B2", 51, "B3B2"),
        ("25. a2b2 b3b2", "25. a2b2 b3-b2", 51, "b3-b2"),
        ("1. g2 c1", "1. g2 a4", 2, "a4"),
        ("1. g2 c1", "1. g2 zz", 2, "zz"),
    ],
)
def test_bad_notation_is_reported_at_its_ply(old: str, new: str, ply: int, move: str) -> None:
    verdict = ENGINE.replay(lg_text().replace(old, new))
    assert isinstance(verdict.error, InvalidNotationError)
    assert (verdict.error.ply, verdict.error.move) == (ply, move)


def test_placing_on_an_occupied_space_in_a_record() -> None:
    verdict = ENGINE.replay(lg_text().replace("1. g2 c1", "1. g2 g2"))
    assert isinstance(verdict.error, IllegalMoveError)
    assert verdict.error.ply == 2
    assert "already occupied" in verdict.error.reason


def test_a_stacking_move_during_placement_in_a_record() -> None:
    verdict = ENGINE.replay(lg_text().replace("2. f5 d1", "2. f5 g2c1"))
    assert isinstance(verdict.error, IllegalMoveError)
    assert verdict.error.ply == 4


def test_moves_after_a_resignation_are_refused() -> None:
    verdict = ENGINE.replay(lg_text().replace("38. resign", "38. resign i5i4"))
    assert not verdict.valid
    assert isinstance(verdict.error, InvalidNotationError)


# ----------------------------------------------------------------------------- CodeCup


def test_the_codecup_file_holds_24_games() -> None:
    assert len(codecup_games()) == 24


@pytest.mark.parametrize("number", range(24))
def test_codecup_random_game_replays_with_its_stated_score(number: int) -> None:
    text = codecup_games()[number]
    score_line = re.search(r"^# Score: (\d+) - (\d+)$", text, re.MULTILINE)
    assert score_line is not None
    white, black = int(score_line.group(1)), int(score_line.group(2))
    moves = [tok for line in text.splitlines() if not line.startswith("#") for tok in line.split()]
    verdict = ENGINE.replay(text)
    assert verdict.valid, verdict.error
    assert verdict.termination == "score"
    assert verdict.score == (white, black)
    assert verdict.plies == len(moves)
    expected = "1-0" if white > black else "0-1" if black > white else "1/2-1/2"
    assert verdict.result == expected


def test_codecup_wrong_score_line_is_refused() -> None:
    text = codecup_games()[0].replace("# Score: 36 - 9", "# Score: 35 - 9")
    verdict = ENGINE.replay(text)
    assert isinstance(verdict.error, InvalidRecordError)
    assert "36-9" in verdict.error.reason


def test_a_move_after_the_natural_end_is_refused() -> None:
    text = codecup_games()[0]
    moves = [tok for line in text.splitlines() if not line.startswith("#") for tok in line.split()]
    verdict = ENGINE.replay(text.replace("J3H3", "J3H3 PASS"))
    assert isinstance(verdict.error, IllegalMoveError)
    assert verdict.error.ply == len(moves) + 1
    assert "the game is over" in verdict.error.reason


def test_the_whole_codecup_file_is_not_one_record() -> None:
    verdict = ENGINE.replay(read(shared_path(*CODECUP_FILE)))
    assert isinstance(verdict.error, InvalidRecordError)
    assert "24 games" in verdict.error.reason


def test_codecup_lower_case_is_not_codecup() -> None:
    assert not ENGINE.claims_record("d2 b1 c3\n")


# ----------------------------------------------------------------------------- tagged format


def test_tagged_record_with_resignation() -> None:
    verdict = ENGINE.replay(lg_as_tagged('[Result "0-1"]\n[Score "5-29"]', "resign"))
    assert verdict.valid, verdict.error
    assert (verdict.result, verdict.termination, verdict.plies, verdict.score) == (
        "0-1",
        "resignation",
        75,
        (5, 29),
    )


@pytest.mark.parametrize(
    ("tags", "ending", "result", "termination"),
    [
        ('[Result "0-1"]', "resign 0-1", "0-1", "resignation"),
        ('[Result "0-1"]', "time", "0-1", "time"),
        ('[Result "1/2-1/2"]', "1/2-1/2", "1/2-1/2", "arbiter"),
        ('[Result "*"]', "*", None, "unfinished"),
        ("", "", None, "unfinished"),
    ],
)
def test_tagged_terminations(tags: str, ending: str, result: str | None, termination: str) -> None:
    verdict = ENGINE.replay(lg_as_tagged(tags, ending))
    assert verdict.valid, verdict.error
    assert (verdict.result, verdict.termination) == (result, termination)


@pytest.mark.parametrize(
    ("tags", "ending", "why"),
    [
        ('[Result "1-0"]', "resign", "Result tag says 1-0"),
        ('[Result "0-1"]\n[Score "6-29"]', "resign", "score 6-29"),
        ('[Score "lots"]', "resign", "not '<white>-<black>'"),
        ("", "resign 1-0", "gives 0-1"),
        ('[Result "1-0"]', "", "not over"),
    ],
)
def test_tagged_record_contradictions(tags: str, ending: str, why: str) -> None:
    verdict = ENGINE.replay(lg_as_tagged(tags, ending))
    assert isinstance(verdict.error, InvalidRecordError)
    assert why in verdict.error.reason


def test_tagged_natural_end_must_match_the_score() -> None:
    text = codecup_games()[0]  # ends 36-9
    tokens = [tok for line in text.splitlines() if not line.startswith("#") for tok in line.split()]
    moves = [t.lower() if len(t) == 2 else f"{t[:2]}-{t[2:]}".lower() for t in tokens]
    body = " ".join(moves)
    good = ENGINE.replay(f'[Game "DVONN"]\n[Result "1-0"]\n\n{body} 1-0\n')
    assert good.valid and good.termination == "score" and good.score == (36, 9)
    bad = ENGINE.replay(f'[Game "DVONN"]\n\n{body} 0-1\n')
    assert isinstance(bad.error, InvalidRecordError)


def test_game_tag_decides_and_can_be_forced() -> None:
    body = "1. g2 c1 2. f5"
    assert not ENGINE.claims_record(f'[Event "x"]\n\n{body}\n')
    forced = ENGINE.replay(f'[Event "x"]\n\n{body}\n', "dvonn")
    assert forced.valid and forced.plies == 3
    wrong = ENGINE.replay(f'[Game "GIPF"]\n\n{body}\n', "dvonn")
    assert isinstance(wrong.error, InvalidRecordError)


# ----------------------------------------------------------------------------- detection


def test_detection_of_the_three_formats() -> None:
    assert ENGINE.claims_record(lg_text())
    assert ENGINE.claims_record(codecup_games()[3])
    assert ENGINE.claims_record(lg_as_tagged("", "resign"))
    assert not ENGINE.claims_record("hello world")
    assert not ENGINE.claims_record(read(shared_path("records", "gipf", "basic-01.txt")))


def test_unreadable_text_raises() -> None:
    with pytest.raises(UnreadableRecordError):
        ENGINE.replay("this is not a game")


def test_placement_only_record_is_unfinished_and_scores_single_pieces() -> None:
    verdict = ENGINE.replay("D2 B1 C3 E5 I2\n")  # 3 DVONN, then black E5, white I2
    assert verdict.valid
    assert (verdict.termination, verdict.plies, verdict.score) == ("unfinished", 5, (1, 1))
