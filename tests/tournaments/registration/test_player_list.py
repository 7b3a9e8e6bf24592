"""A pasted player list: one player a line, an optional rating after it, read in linear time."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from django.utils import translation

from tournaments.errors import ServiceError
from tournaments.registration.lists import BadRating, PlayerListError, parse_player_list, split_rating


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ann Smith 1650", ("Ann Smith", 1650)),
        ("Ann Smith, 1650", ("Ann Smith", 1650)),
        ("Ann Smith;1650  ", ("Ann Smith", 1650)),
        ("Ann Smith\t1650", ("Ann Smith", 1650)),
        ("Ann Smith1650", ("Ann Smith1650", None)),  # no separator: all name
        ("R2D2 0", ("R2D2", 0)),
        ("1650", ("1650", None)),  # a number alone is a name, not a rating without one
        ("Bob", ("Bob", None)),
    ],
)
def test_a_trailing_number_after_a_separator_is_the_rating(
    line: str, expected: tuple[str, int | None]
) -> None:
    assert split_rating(line) == expected


def test_the_list_skips_blank_lines_and_comments_and_names_bad_lines() -> None:
    entries = parse_player_list("# club list\nAnn, 1900\n\n  Bob   Lee   1800 \n")
    assert [(e.line, e.name, e.rating) for e in entries] == [(2, "Ann", 1900), (4, "Bob Lee", 1800)]
    with pytest.raises(ServiceError, match="line 2: no name"):
        parse_player_list("Ann\n, 1900")


def test_a_line_of_spaces_is_read_in_linear_time() -> None:
    def seconds(size: int) -> float:
        line = "a" + " " * size + "x"
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            split_rating(line)
            best = min(best, time.perf_counter() - started)
        return best

    # 10 for linear work; the former regular expression was worse than quadratic (11 s at 20k).
    assert seconds(1_000_000) / max(seconds(100_000), 1e-6) < 30


@pytest.mark.parametrize(
    ("line", "bad"),
    [
        ("Marc Dupont 99999", "99999"),  # over 4000
        ("Nina Peeters -5", "-5"),
        ("Lotte Vos, abc", "abc"),
        ("Ann Smith 16500", "16500"),
        ("Ann Smith 1650.5", "1650.5"),
        ("Ann Smith; 17OO", "17OO"),
    ],
)
def test_a_bad_rating_is_a_problem_never_part_of_the_name(line: str, bad: str) -> None:
    with pytest.raises(BadRating) as raised:
        split_rating(line)
    assert raised.value.text == bad


def test_every_problem_of_a_list_is_reported_at_once_in_line_order() -> None:
    text = "Ann 1900\nMarc Dupont 99999\nNina Peeters -5\n, 1800\nLotte Vos, abc\nBob"
    with pytest.raises(PlayerListError) as raised:
        parse_player_list(text)
    assert raised.value.problems == [
        "line 2 (Marc Dupont): '99999' is not a rating: a rating is a whole number from 0 to 4000",
        "line 3 (Nina Peeters): '-5' is not a rating: a rating is a whole number from 0 to 4000",
        "line 4: no name",
        "line 5 (Lotte Vos): 'abc' is not a rating: a rating is a whole number from 0 to 4000",
    ]


def test_a_list_over_the_limits_is_refused_naming_the_limit() -> None:
    with pytest.raises(PlayerListError, match="more than the limit of 1000"):
        parse_player_list("\n".join(f"Player {n}" for n in range(1001)))  # "Player 7": rating 7
    assert len(parse_player_list("\n".join(f"P{n}" for n in range(1000)))) == 1000
    with pytest.raises(PlayerListError, match="limit of 100000 characters"):
        parse_player_list("x" * 100_001)
