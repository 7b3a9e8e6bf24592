"""The LYNGK board (L-1): 43 points named as the specification names them, the points each touches,
and its lines, compared with the specification's lists."""

from __future__ import annotations

from arbiter.lyngk.board import BY_NAME, NAMES, NEIGHBOURS, SIZE, lines, ray_to
from tests.arbiter.lyngk import plain

#: L-1's diagonals, as the specification lists them
RISING = [
    "a1 b3 c5 d5 e6 f6 g7",
    "b1 c3 d3 e4 f4 g5 h4",
    "b2 c4 d4 e5 f5 g6",
    "b4 c6 d6 e7",
    "c1 d1 e2 f2 g3 h2 i1",
    "c2 d2 e3 f3 g4 h3",
    "e1 f1 g2 h1",
]
FALLING = [
    "a1 b2 c3 d2 e2 f1 g1",
    "b1 c2 d1 e1",
    "b3 c4 d3 e3 f2 g2",
    "b4 c5 d4 e4 f3 g3 h1",
    "c6 d5 e5 f4 g4 h2",
    "c7 d6 e6 f5 g5 h3 i1",
    "e7 f6 g6 h4",
]
COLUMNS = {"b": 4, "c": 7, "d": 6, "e": 7, "f": 6, "g": 7, "h": 4}


def test_43_points_in_the_setup_order() -> None:
    assert SIZE == 43 and list(NAMES) == plain.ORDER
    counts = {letter: sum(1 for name in NAMES if name[0] == letter) for letter in "abcdefghi"}
    assert list(counts.values()) == [1, 4, 7, 6, 7, 6, 7, 4, 1]


def test_the_lines_are_the_specifications() -> None:
    columns = [" ".join(f"{letter}{n}" for n in range(1, count + 1)) for letter, count in COLUMNS.items()]
    expected = {tuple(line.split()) for line in [*columns, *RISING, *FALLING]}
    found = {tuple(NAMES[i] for i in line) for line in lines()}
    assert found == expected


def test_a1_touches_only_b2_and_b3_and_e4_six_points() -> None:
    assert {NAMES[i] for i in NEIGHBOURS[BY_NAME["a1"]]} == {"b2", "b3"}
    assert {NAMES[i] for i in NEIGHBOURS[BY_NAME["e4"]]} == {"e3", "e5", "d3", "d4", "f3", "f4"}
    assert {NAMES[i] for i in NEIGHBOURS[BY_NAME["c1"]]} == {"c2", "d1"}


def test_a_way_along_a_line() -> None:
    way = ray_to(BY_NAME["b4"], BY_NAME["h1"])
    assert way is not None and [NAMES[i] for i in way] == ["c5", "d4", "e4", "f3", "g3", "h1"]
    assert ray_to(BY_NAME["c1"], BY_NAME["d4"]) is None
