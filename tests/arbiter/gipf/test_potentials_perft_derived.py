"""Standard depth 4 of GIPF with potentials derived from GIPF's reference count (docs/rules.md
"Perft" under GIPF with potentials): the pushes of plies 1 to 4 are GIPF's 3,066,768 times the piece
choices, and the potentials' moves at plies 3 and 4 are counted here by a walk of the board's
geometry written for this test (lists of spots, no code of the engine), then added.

Through ply 4 from the standard start no row is made and no loaded TAMSK piece reaches e5, so a ply
is a push or a potential's move and nothing else. White's potential (brought in at ply 1) may move
at ply 3; Black's (ply 2) at ply 4, on the board White's ply 3 left. Their moves: a ZÈRTZ jump over
the pieces next to it onto the first empty spot, a YINSH slide onto any empty spot before the first
piece, a DVONN onto an opponent's basic piece, loaded DVONN piece or used DVONN-potential standing on
one of the mover's pieces, a PÜNCT onto an opponent's loaded PÜNCT piece (one move) or GIPF-piece
(two: neutralise, convert). A ZÈRTZ or YINSH move leaves a basic piece on its spot and puts a used
potential on the spot it reaches, a DVONN or PÜNCT covers the piece it lands on (the covered loaded
piece's potential can no longer move), a conversion puts a GIPF-piece of the mover there."""

from __future__ import annotations

import pytest

from arbiter.gipf.board import DIRECTIONS, ENTRIES, SPOT_INDEX, SPOT_POINTS
from arbiter.gipf.position import START_SPOTS

# ../shared/perft/README.md (standard rule set) and docs/rules.md's table
from tests.arbiter.gipf.test_potentials_perft import GIPF_STANDARD_D4, STANDARD_D4

_POINT = {point: spot for spot, point in enumerate(SPOT_POINTS)}
NEIGHBOURS = [
    [_POINT[(c + dc, v + dv)] for dc, dv in DIRECTIONS if (c + dc, v + dv) in _POINT] for c, v in SPOT_POINTS
]


def _ray(spot: int, dc: int, dv: int) -> list[int]:
    c, v = SPOT_POINTS[spot]
    found = []
    while (c + dc, v + dv) in _POINT:
        c, v = c + dc, v + dv
        found.append(_POINT[(c, v)])
    return found


RAYS = [[_ray(spot, dc, dv) for dc, dv in DIRECTIONS] for spot in range(len(SPOT_POINTS))]
LINES = [entry.line for entry in ENTRIES]
EMPTY = "."


def _moves(board: list[str], origin: int) -> list[tuple[int, str, str]]:
    """The moves of the free loaded piece on ``origin`` as (target, what stays on the origin, what
    the target holds after): White's pieces are upper case, Black's lower case; ``w``/``b`` basic,
    ``W``/``B`` GIPF-pieces, ``U``/``u`` used potentials; a covered piece is two letters (the piece
    below, then the covering potential)."""
    piece = board[origin]
    white = piece.isupper()
    kind = piece.upper()
    basic, used = ("w", "U") if white else ("b", "u")
    found: list[tuple[int, str, str]] = []
    if kind in "ZY":
        for ray in RAYS[origin]:
            if kind == "Z" and ray and board[ray[0]] != EMPTY:
                landing = next((spot for spot in ray if board[spot] == EMPTY), None)
                if landing is not None:
                    found.append((landing, basic, used))
            elif kind == "Y":
                for spot in ray:
                    if board[spot] != EMPTY:
                        break
                    found.append((spot, basic, used))
    elif kind == "D":
        theirs = ("b", "d") if white else ("w", "D")
        for spot in NEIGHBOURS[origin]:
            cell = board[spot]
            on_mine = len(cell) == 2 and cell[1] == ("d" if white else "D") and cell[0].isupper() == white
            if cell in theirs or on_mine:
                found.append((spot, basic, cell + piece))
    elif kind == "P":
        for spot in NEIGHBOURS[origin]:
            cell = board[spot]
            if cell == ("p" if white else "P"):
                found.append((spot, basic, cell + piece))
            elif cell == ("B" if white else "W"):
                found.append((spot, basic, cell + piece))  # neutralise
                found.append((spot, basic, "W" if white else "B"))  # convert
    return found


def _push(board: list[str], line: tuple[int, ...], piece: str) -> list[str] | None:
    end = next((k for k, spot in enumerate(line) if board[spot] == EMPTY), None)
    if end is None:
        return None
    after = list(board)
    for k in range(end, 0, -1):
        after[line[k]] = board[line[k - 1]]
    after[line[0]] = piece
    return after


def _free(board: list[str]) -> int:
    return sum(1 for line in LINES if any(board[spot] == EMPTY for spot in line))


def _blacks_moves(board: list[str], kind: str) -> int:
    """The moves at ply 4 of Black's potential brought in at ply 2 (none when it was a basic piece,
    a TAMSK or covered)."""
    if kind == "":
        return 0
    origin = next((spot for spot, cell in enumerate(board) if cell == kind.lower()), None)
    return 0 if origin is None else len(_moves(board, origin))


def _classes(pieces: list[str], black: str) -> dict[str, int]:
    """White's ply-3 pieces as Black's potential ``black`` sees them, with how many choices each
    stands for: a ZÈRTZ or YINSH sees only the spot taken, a DVONN a basic piece or a loaded DVONN
    piece, a PÜNCT a loaded PÜNCT piece (a loaded TAMSK piece is the target of none)."""
    seen = {"z": "", "y": "", "d": "D", "p": "P"}[black]
    found: dict[str, int] = {}
    for piece in pieces:
        shown = "w" if black in "zy" or not piece else piece if piece in seen else "T"
        found[shown] = found.get(shown, 0) + 1
    return found


def _potentials_moves(kinds: str) -> int:
    """Over every first two plies: each ply-3 push (weighted by White's piece choices, whose kind
    matters when Black's DVONN or PÜNCT may land on it) with Black's potential's moves at ply 4, and
    each move of White's potential at ply 3 with Black's answers (his pushes and his potential's
    moves)."""
    letters = "TZDYP" if kinds == "Ultimate" else "".join(word[0] for word in kinds.split())
    choices = len(letters) + 1  # per free entry at the player's second turn after a loaded piece
    start = [EMPTY] * len(SPOT_POINTS)
    for spot in START_SPOTS[0]:
        start[SPOT_INDEX[spot]] = "W"
    for spot in START_SPOTS[1]:
        start[SPOT_INDEX[spot]] = "B"
    total = 0
    for first in [*letters, ""]:
        # White's second piece: a basic piece or one of his kinds, only a basic one after a basic one
        seconds = [*letters, ""] if first else [""]
        for second in [*letters.lower(), ""]:
            answers = choices if second else 1  # Black's pieces per free entry at ply 4
            for line1 in LINES:
                after1 = _push(start, line1, first or "w")
                assert after1 is not None
                for line2 in LINES:
                    after2 = _push(after1, line2, second or "b")
                    assert after2 is not None
                    if second and second != "t":
                        for line3 in LINES:
                            for piece, weight in _classes(seconds, second).items():
                                after3 = _push(after2, line3, piece)
                                if after3 is not None:
                                    total += weight * _blacks_moves(after3, second)
                    if first and first != "T":
                        origin = next(spot for spot, cell in enumerate(after2) if cell == first)
                        for target, stays, lands in _moves(after2, origin):
                            after3 = list(after2)
                            after3[origin], after3[target] = stays, lands
                            total += _free(after3) * answers + _blacks_moves(after3, second)
    return total


def _choices(kinds: str) -> int:
    """Sum over the first two plies' piece choices of the choices at plies 3 and 4: after a loaded
    piece k + 1 per free entry (k kinds), after a basic piece 1; the same for both players."""
    k = 5 if kinds == "Ultimate" else len(kinds.split())
    return (k * (k + 1) + 1) ** 2


@pytest.mark.parametrize("kinds", ["T6", "Z6", "D6", "Y6", "P6"])
def test_standard_depth_4_of_one_kind_is_the_reference_count_times_the_choices_plus_the_potentials_moves(
    kinds: str,
) -> None:
    assert STANDARD_D4[kinds] == _choices(kinds) * GIPF_STANDARD_D4 + _potentials_moves(kinds)


@pytest.mark.slow
@pytest.mark.parametrize("kinds", ["Z6 Y6", "Ultimate"])
def test_standard_depth_4_of_several_kinds_is_the_reference_count_times_the_choices_plus_the_potentials_moves(
    kinds: str,
) -> None:
    assert STANDARD_D4[kinds] == _choices(kinds) * GIPF_STANDARD_D4 + _potentials_moves(kinds)
