"""Hostile records: every parser that sees a record runs in linear time on it, and malformed
numbers become the arbiter's typed errors, never a ValueError.

Time is compared as a ratio between a 250 kB and a 2.5 MB input in the same process (10 for linear
work, 100 for quadratic), never against a wall-clock limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from arbiter import registry
from arbiter.dvonn.position import parse_position as parse_dvonn_position
from arbiter.errors import ArbiterError, InvalidPositionError, UnreadableRecordError
from arbiter.gipf.position import parse_position as parse_gipf_position
from arbiter.records import parse_tagged, small_number, strip_comments
from tests.conftest import shared_path

SMALL, LARGE = 250_000, 2_500_000  # large enough that a scheduler hiccup is not the whole time
LINEAR_RATIO = 30  # 10 expected; quadratic work gives about 100


def _seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(5):  # the best of five, in this process's CPU time: other processes of a busy
        started = time.process_time()  # machine add nothing to it, and a hiccup only ever adds
        work()
        best = min(best, time.process_time() - started)
    return best


def _ratio(make: Callable[[int], str], parse: Callable[[str], object]) -> float:
    small, large = make(SMALL), make(LARGE)
    return _seconds(lambda: parse(large)) / max(_seconds(lambda: parse(small)), 1e-6)


def _swallow(parse: Callable[[str], object]) -> Callable[[str], object]:
    def run(text: str) -> object:
        try:
            return parse(text)
        except ArbiterError as exc:
            return exc

    return run


def test_unclosed_comments_are_read_in_linear_time() -> None:
    def record(size: int) -> str:
        return '[Game "GIPF standard"]\n1. ' + "{" * size

    assert _ratio(record, _swallow(parse_tagged)) < LINEAR_RATIO


def test_a_dvonn_score_comment_full_of_spaces_is_read_in_linear_time() -> None:
    def record(size: int) -> str:
        return "A1\n# Score: 1" + " " * size + "x"

    assert _ratio(record, _swallow(lambda text: registry.replay(text, "dvonn"))) < LINEAR_RATIO


def test_a_comment_never_closed_is_an_error_naming_the_comment() -> None:
    with pytest.raises(UnreadableRecordError) as raised:
        strip_comments("a {never closed")
    assert raised.value.reason == "the comment '{never closed' is never closed: a comment ends with }"
    with pytest.raises(UnreadableRecordError) as raised:
        strip_comments("a {" + "x" * 100)
    assert raised.value.reason == "the comment '{" + "x" * 30 + "…' is never closed: a comment ends with }"
    # a record whose end a comment swallowed is an error, never an unfinished game
    with pytest.raises(UnreadableRecordError, match="the comment '\\{oops 2. c1 d1' is never closed"):
        registry.replay('[Game "DVONN"]\n1. a1 b1 {oops 2. c1 d1', "dvonn")
    assert registry.replay('[Game "DVONN"]\n1. a1 b1 {fine} 2. c1 d1', "dvonn").valid


def test_comments_are_removed_up_to_the_first_closing_brace() -> None:
    assert strip_comments("a {b {c} d} e") == "a   d} e"
    assert strip_comments("{x}{y}z") == "  z"
    assert parse_tagged('[Game "GIPF standard"]\n1. {opening} Gi1-h2').tokens == ["Gi1-h2"]


@pytest.mark.parametrize("text", ["12", "0", "999999"])
def test_small_numbers_are_read(text: str) -> None:
    assert small_number(text) == int(text)


@pytest.mark.parametrize("text", ["", "²", "١٢", "1234567", "9" * 5000, "-1", "1.5", " 1"])
def test_anything_else_is_no_small_number(text: str) -> None:
    assert small_number(text) is None


@pytest.mark.parametrize("reserve", ["²/²", "١٢/١٢", "9" * 5000 + "/12"])
def test_a_gipf_position_with_strange_digits_is_an_invalid_position(reserve: str) -> None:
    text = f"gipf-standard B..W/...../....../W.....B/....../...../B..W w reserve={reserve} captured=0/0"
    with pytest.raises(InvalidPositionError, match="reserve must be two numbers"):
        parse_gipf_position(text)


@pytest.mark.parametrize("placed", ["²", "9" * 5000, "07"])
def test_a_dvonn_position_with_a_strange_count_is_an_invalid_position(placed: str) -> None:
    board = "/".join(
        [",".join(["."] * 9), ",".join(["."] * 10), ",".join(["."] * 11)]
        + [",".join(["."] * 10), ",".join(["."] * 9)]
    )
    with pytest.raises(InvalidPositionError, match="placement count must be a number 0-49"):
        parse_dvonn_position(f"dvonn w {placed} {board}")


def test_a_huge_dvonn_score_is_refused_as_a_record_error() -> None:
    games = shared_path("records", "dvonn", "random-games-codecup-format.txt").read_text().split("# game ")
    last = "# game " + games[-1]  # a whole CodeCup game ending in "# Score: 10 - 14"
    assert registry.replay(last, "dvonn").valid
    hostile = last.replace("# Score: 10 - 14", "# Score: " + "9" * 5000 + " - 14")
    verdict = registry.replay(hostile, "dvonn")
    assert not verdict.valid
    assert verdict.error is not None and "is not '<white>-<black>'" in verdict.error.reason
