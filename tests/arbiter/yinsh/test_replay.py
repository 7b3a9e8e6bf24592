"""YINSH records replayed to verdicts: the tags, the endings, and refusals naming the ply, the turn
and why (shared/rules/yinsh.md, Y-2 to Y-4)."""

from __future__ import annotations

from arbiter import registry

PLACED = "1. e5 e6 2. f5 f6 3. g5 g6 4. h5 h6 5. i5 i6"  # White e5 f5 g5 h5 i5, Black e6 ... i6


def record(moves: str, game: str = "YINSH", result: str | None = None) -> str:
    tags = f'[Game "{game}"]\n[White "Ann"]\n[Black "Bob"]\n'
    if result is not None:
        tags += f'[Result "{result}"]\n'
    return tags + "\n" + moves + "\n"


def test_an_unfinished_record_is_valid_and_unfinished() -> None:
    verdict = registry.replay(record(PLACED + " 6. e5-e1 e6-e10"))
    assert verdict.valid and verdict.game == "yinsh"
    assert verdict.result is None and verdict.termination == "unfinished"
    assert verdict.plies == 12 and verdict.moves[-1] == "e6-e10"
    assert verdict.score == (0, 0)


def test_a_blitz_record_by_its_game_tag_and_resignation() -> None:
    verdict = registry.replay(record(PLACED + " 6. e5-e1 resign", "YINSH blitz"))
    assert verdict.valid and verdict.game == "yinsh-blitz"
    # White played e5-e1, so Black is to move and resigns
    assert (verdict.result, verdict.termination) == ("1-0", "resignation")
    assert registry.replay(record(PLACED + " time", "yinsh-blitz")).result == "0-1"


def test_a_refused_turn_names_the_ply_the_turn_and_why() -> None:
    verdict = registry.replay(record(PLACED + " 6. e5-e8"))
    assert not verdict.valid and verdict.plies == 10
    error = verdict.error
    assert error is not None
    assert (error.ply, error.move) == (11, "e5-e8")
    assert error.reason == "a ring may not pass over a ring (on e6)"
    assert error.describe() == "ply 11, move 'e5-e8': a ring may not pass over a ring (on e6)"


def test_the_opponent_s_rows_open_his_turn_y2() -> None:
    # the specification's 60-decision game, cut to the rows: White's xf8-j8;rj7 is his first ring
    moves = (
        "1. h10 i8 2. h4 h11 3. i4 j9 4. d6 d5 5. i7 h9 6. h10-i10 d5-f5 7. i7-g5 h11-d7 8. d6-f8 d7-d4 "
        "9. h4-f4 j9-j5 10. i4-g4 d4-b4 11. g5-j8 h9-e6 12. g4-i6 i8-h7 13. j8-h8 h7-g6 14. f8-d8 g6-g3 "
        "15. d8-a5 j5-j10 16. i6-h5 b4-b3 17. a5-b5 b3-b1 18. f4-e4 e6-g8 19. b5-b2 g8-g9 20. h5-i5 g9-g7 "
        "21. h8-h6 g3-a3 22. e4-e7 b1-d3 23. h6-j6 d3-e3 24. e7-f7 a3-a2 25. b2-c3 f5-f3 26. j6-j7 e3-k9 "
        "27. xf8-j8;rj7;c3-c4 k9-i9"
    )
    verdict = registry.replay(record(moves, result="*"))
    assert verdict.valid and verdict.plies == 54 and verdict.score == (1, 0)
    # the same row written by Black, whose move made it in White's colour, is refused
    wrong = moves.replace("26. j6-j7 e3-k9 27. xf8-j8;rj7;c3-c4", "26. j6-j7 e3-k9;xf8-j8 27. c3-c4")
    verdict = registry.replay(record(wrong))
    assert verdict.error is not None and verdict.error.ply == 52
    assert verdict.error.reason == "the turn is over after 'e3-k9': 'xf8-j8' does not belong to it"


def test_the_result_word_and_tag_must_agree_with_the_play() -> None:
    verdict = registry.replay(record(PLACED + " 1-0"))
    assert not verdict.valid and verdict.error is not None
    assert "the game is not over" in verdict.error.reason
    verdict = registry.replay(record(PLACED + " 6. e5-e1 resign", result="0-1"))
    assert not verdict.valid
    assert registry.replay(record(PLACED + " 6. e5-e1 arbiter 1/2-1/2")).result == "1/2-1/2"


def test_a_yinsh_record_names_its_game() -> None:
    # without the Game tag the turns read as another game's: YINSH claims only its own tag
    assert registry.engine_for("yinsh").claims_record(record(PLACED)) is True
    assert registry.engine_for("yinsh").claims_record(PLACED) is False
    assert registry.engine_for("yinsh").claims_record(record(PLACED, "DVONN")) is False


def test_random_records_are_valid_and_end_by_a_rule() -> None:
    for seed in range(20):
        text = registry.random_record("yinsh", seed)
        verdict = registry.replay(text)
        assert verdict.valid, verdict.error
        assert verdict.termination in ("rings", "markers", "blocked")
        assert f'[Result "{verdict.result}"]' in text
