"""TRF-2026 documents (pure): parsing, refusing files that do not add up, writing them back."""

from __future__ import annotations

import pytest

from tests.tournaments.trf.support import SMALL, line, players_of
from tournaments.core.errors import TrfError
from tournaments.trf.format import parse_trf, write_trf


def test_parse_reads_players_rounds_points_and_records() -> None:
    document = parse_trf(SMALL + "\nXXC black1\nXXP 1 3\n162  W 1.0    D 0.5    L 0.0")
    assert document.total_rounds == 3 and document.top_seed_colour == "black"
    assert document.forbidden_pairs == [(1, 3)]
    assert (document.points.win, document.points.draw, document.points.pab) == (2, 1, 2)
    assert document.player(2).rounds[1].code == "U" and document.player(3).points == 2
    # A half-point pairing-allocated bye: Bob's 1.5 no longer adds up, 1.0 does.
    with pytest.raises(TrfError, match="add up to 1.0"):
        parse_trf(SMALL + "\n162  W 1.0    D 0.5    L 0.0    P 0.5")


def test_points_that_disagree_with_the_results_are_refused_with_the_line() -> None:
    bad = SMALL.replace(
        line(3, "Cid", 1700, "1.0", ["   1 b 0", "0000 - F"]),
        line(3, "Cid", 1700, "2.0", ["   1 b 0", "0000 - F"]),
    )
    assert bad != SMALL
    with pytest.raises(TrfError) as caught:
        parse_trf(bad)
    assert caught.value.line == 4
    assert "2.0 points" in caught.value.reason and "add up to 1.0" in caught.value.reason


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        (["   9 w 1", "   2 b ="], "opponent 9 is not in the file"),
        (["   3 w Z", "   2 b ="], "bye 'Z' together with opponent 3"),
        (["   3 b 1", "   2 b ="], "both 1 and 3 have 'b'"),
        (["   3 w =", "   2 b ="], "disagrees"),
        (["   3 x 1", "   2 b ="], "colour 'x'"),
        (["   3 w 7", "   2 b ="], "result '7'"),
    ],
)
def test_inconsistent_files_are_refused(blocks: list[str], message: str) -> None:
    text = SMALL.replace(
        line(1, "Ann", 1900, "1.5", ["   3 w 1", "   2 b ="]), line(1, "Ann", 1900, "1.5", blocks)
    )
    with pytest.raises(TrfError, match=message):
        parse_trf(text)


def test_write_then_parse_gives_the_same_document() -> None:
    document = parse_trf(SMALL)
    again = parse_trf(write_trf(document))
    assert players_of(again) == players_of(document)
