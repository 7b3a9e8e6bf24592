"""A pasted player list: one player a line, an optional rating after it, read in linear time."""

from __future__ import annotations

import time

import pytest

from tournaments.errors import ServiceError
from tournaments.registration.services import parse_player_list, split_rating


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ann Smith 1650", ("Ann Smith", 1650)),
        ("Ann Smith, 1650", ("Ann Smith", 1650)),
        ("Ann Smith;1650  ", ("Ann Smith", 1650)),
        ("Ann Smith\t1650", ("Ann Smith", 1650)),
        ("Ann Smith1650", ("Ann Smith1650", None)),  # no separator: all name
        ("Ann Smith 16500", ("Ann Smith 16500", None)),  # five digits are no rating
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
