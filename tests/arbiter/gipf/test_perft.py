"""GIPF perft against the reference counts of /work/shared/perft/README.md."""

from __future__ import annotations

import pytest

from arbiter.errors import InvalidPositionError
from arbiter.gipf import ENGINE
from tests.arbiter.gipf.support import position

# from the README table (independent engines)
REFERENCE = {
    "gipf-basic": [42, 1_764, 73_800, 3_066_768],
    "gipf-standard": [42, 1_764, 73_800, 3_066_768],
    "gipf-tournament": [42, 1_764, 148_176, 12_446_784],
}


@pytest.mark.parametrize("game", sorted(REFERENCE))
def test_perft_shallow(game: str) -> None:
    assert ENGINE.perft(game, 3) == REFERENCE[game][:3]


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(REFERENCE))
def test_perft_depth_4(game: str) -> None:
    assert ENGINE.perft(game, 4) == REFERENCE[game]


def test_perft_from_a_position() -> None:
    # one GIPF-piece each, both players may still bring GIPF-pieces: 42 entries x (GIPF or basic);
    # no row can form with so few pieces
    open_start = position("tournament", {"e5": "W", "b2": "B"}, "w", (16, 16), start="o/o")
    assert ENGINE.perft("gipf-tournament", 2, open_start) == [84, 84 * 84]
    # only one piece left for White: no GIPF-piece possible, 42 moves, and Black (who has to move
    # next with pieces) is not out; after Black's reply White, with 0 in reserve, has lost
    last = position("tournament", {"e5": "W", "b2": "B"}, "w", (1, 10), start="o/x")
    counts = ENGINE.perft("gipf-tournament", 3, last)
    assert counts == [42, 42 * 42, 0]
    with pytest.raises(InvalidPositionError):
        ENGINE.perft("gipf-basic", 1, open_start)
