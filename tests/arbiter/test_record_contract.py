"""The record contract every game meets (``arbiter.records``): the ``[Game]`` tag holds the variant's
key (older records: its name), and the words after the last move say how the game ended. Expected
values are the words as docs/architecture.md ("Adding a game") and docs/rules.md define them: a
resignation and a loss on time are the player to move's loss, ``arbiter <result>`` an adjudication,
``*`` no result."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.errors import InvalidNotationError, InvalidRecordError
from arbiter.records import (
    AGREED,
    ARBITER,
    NONE,
    RESIGN,
    RESULT,
    TIME,
    UNFINISHED,
    Ending,
    format_record,
    game_tag,
    judge_ending,
    key_of_game_tag,
    parse_tagged,
    read_ending,
    split_ending,
)
from arbiter.verdict import Result, Termination

NAMES = {"gipf-standard": "GIPF standard", "gipf-basic": "GIPF basic"}


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("gipf-standard", "gipf-standard"),
        ("GIPF standard", "gipf-standard"),
        ("  gipf   BASIC ", "gipf-basic"),
        ("gipf standard", "gipf-standard"),
        ("GIPF", None),
        ("dvonn", None),
    ],
)
def test_the_game_tag_names_the_key_or_the_name(written: str, key: str | None) -> None:
    assert key_of_game_tag(written, NAMES) == key


def test_the_service_writes_the_key() -> None:
    assert game_tag("gipf-standard") == {"Game": "gipf-standard"}


@pytest.mark.parametrize(
    ("tokens", "moves", "words"),
    [
        (["a", "b", "resign"], ["a", "b"], ["resign"]),
        (["a", "arbiter", "1-0"], ["a"], ["arbiter", "1-0"]),
        (["a", "b"], ["a", "b"], []),
        (["*"], [], ["*"]),
        (["a", "1/2-1/2"], ["a"], ["1/2-1/2"]),
    ],
)
def test_the_ending_words_are_cut_off_the_moves(
    tokens: list[str], moves: list[str], words: list[str]
) -> None:
    assert split_ending(tokens) == (moves, words)


@pytest.mark.parametrize(
    ("words", "ending"),
    [
        ([], Ending()),
        (["resign"], Ending(RESIGN)),
        (["time"], Ending(TIME)),
        (["*"], Ending(UNFINISHED)),
        (["0-1"], Ending(RESULT, Result.BLACK_WINS)),
        (["arbiter", "1/2-1/2"], Ending(ARBITER, Result.DRAW)),
    ],
)
def test_the_ending_words_are_read(words: list[str], ending: Ending) -> None:
    read = read_ending(words)
    assert (read.kind, read.result) == (ending.kind, ending.result)
    assert read.text == " ".join(words)


@pytest.mark.parametrize(
    "words",
    [["resign", "1-0"], ["arbiter"], ["arbiter", "win"], ["draw", "1/2-1/2"], ["drawn"], ["time", "time"]],
)
def test_other_words_are_no_ending(words: list[str]) -> None:
    with pytest.raises(InvalidNotationError):
        read_ending(words)


def test_a_game_without_draws_reads_no_draw() -> None:
    with pytest.raises(InvalidNotationError):
        read_ending(["1/2-1/2"], results=("1-0", "0-1"))


def test_a_draw_agreed_is_read_where_the_game_has_draws_only() -> None:
    read = read_ending(["draw"])
    assert (read.kind, read.result, read.text) == (AGREED, None, "draw")
    with pytest.raises(InvalidNotationError):  # a game without draws has no draw agreed
        read_ending(["draw"], results=("1-0", "0-1"))
    # a draw agreed in a game not over is 1/2-1/2 by agreement, whoever is to move
    assert judge_ending(Ending(AGREED), 0, None) == (Result.DRAW, Termination.AGREEMENT)
    assert judge_ending(Ending(AGREED), 1, None) == (Result.DRAW, Termination.AGREEMENT)
    # a game the rules ended takes no agreement
    with pytest.raises(InvalidRecordError):
        judge_ending(Ending(AGREED), 0, (Result.WHITE_WINS, "rings"))


def test_the_ending_is_judged_against_the_position() -> None:
    over = (Result.WHITE_WINS, "no-reserve")
    # the rules ended the game: nothing, *, or the same result
    assert judge_ending(Ending(), 1, over) == over
    assert judge_ending(Ending(UNFINISHED), 1, over) == over
    assert judge_ending(Ending(RESULT, Result.WHITE_WINS), 1, over) == over
    with pytest.raises(InvalidRecordError):
        judge_ending(Ending(RESULT, Result.BLACK_WINS), 1, over)
    with pytest.raises(InvalidRecordError):
        judge_ending(Ending(RESIGN), 1, over)
    # play goes on: the player to move (Black, 1) resigns or loses on time, so White wins
    assert judge_ending(Ending(RESIGN), 1, None) == (Result.WHITE_WINS, Termination.RESIGNATION)
    assert judge_ending(Ending(TIME), 0, None) == (Result.BLACK_WINS, Termination.TIME)
    assert judge_ending(Ending(ARBITER, Result.DRAW), 0, None) == (Result.DRAW, Termination.ARBITER)
    assert judge_ending(Ending(NONE), 0, None) == (None, Termination.UNFINISHED)
    assert judge_ending(Ending(UNFINISHED), 0, None) == (None, Termination.UNFINISHED)
    with pytest.raises(InvalidRecordError):
        judge_ending(Ending(RESULT, Result.WHITE_WINS), 0, None)


@pytest.mark.parametrize("key", registry.game_keys())
def test_every_built_in_game_reads_its_key_and_the_contracts_endings(key: str) -> None:
    """A random record of each game, its [Game] tag the key, read back; cut before its end and
    ended with ``resign``, it is the player to move's loss."""
    record = registry.random_record(key, 3)
    assert parse_tagged(record).tags["Game"] == key
    verdict, plies = registry.replay_traced(record, key)
    assert verdict.valid, verdict.error
    cut = plies[: len(plies) // 2]
    # the tags but those of the whole game's end (its result, DVONN's score)
    tags = {
        name: value for name, value in parse_tagged(record).tags.items() if name not in ("Result", "Score")
    }
    resigned = format_record(tags, registry.turns(key, [ply.move for ply in cut]), RESIGN)  # TZAAR: by turns
    loser = registry.side_to_move(cut[-1].after)
    judged = registry.replay(resigned, key)
    assert judged.valid, judged.error
    assert (judged.result, judged.termination) == (Result.won_by(1 - loser), Termination.RESIGNATION)
