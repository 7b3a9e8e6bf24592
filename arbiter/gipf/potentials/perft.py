"""Perft of GIPF with potentials (``../shared/perft`` with its potentials conventions, docs/rules.md
"Perft"): what one ply is, the plain walk that plays every ply, and the fast walk the engine uses.

The fast walk counts the same tree with two shortcuts, checked against the plain walk
(tests/arbiter/gipf/test_potentials_perft_walks.py, test_potentials_perft.py):

- the last ply is counted without playing it where nothing follows the move: with no row on the
  board, a push that makes no row and moves no loaded TAMSK piece onto e5 is one ply per piece the
  mover may bring in, and a potential's move that makes no row one ply (:func:`last_ply`);
- counts are remembered per position and depth (transpositions), the position taken up to the
  board's symmetries: the 6 rotations and 6 mirrors of the hexagon about e5 map lines to lines,
  dots to dots, neighbours to neighbours and e5 to itself, so a position and its image have the
  same tree (:data:`SYMMETRIES`); symmetric first plies, the start's included, are walked once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from arbiter.gipf.board import CENTRE as CENTRE_POINT
from arbiter.gipf.board import ENTRIES, LINES, SPOT_POINTS
from arbiter.gipf.potentials.position import EMPTY, Board, Position, colour, loaded
from arbiter.gipf.potentials.rules import (
    Action,
    Push,
    actions,
    chain_end,
    earns_extra,
    endings,
    piece_choices,
    removals_from,
    status_after_own_removals,
    uses,
)

# ---------------------------------------------------------------- one ply


def plies_of(pos: Position, action: Action) -> Iterator[tuple[Position, bool]]:
    """The action, the mover's removals (the TAMSK extra push among them) and the opponent's, with
    the rows they make in turn (P-29), in one ply; each child with whether the game is over there
    (then it is not expanded)."""
    for ending in endings(pos, action):
        mid = ending.position
        if ending.over:
            yield mid, True
            continue
        for pre in removals_from(mid, mid.to_move, None):
            child = pre.position
            yield child, pre.ended is not None or status_after_own_removals(child) is not None


def plies(pos: Position) -> Iterator[tuple[Position, bool]]:
    for action in actions(pos):
        yield from plies_of(pos, action)


# ---------------------------------------------------------------- the plain walk


def plain_counts(root: Position, depth: int) -> list[int]:
    """Every ply played, nothing remembered: the walk the fast one is checked against."""

    def count(pos: Position, d: int) -> int:
        if d == 1:
            return sum(1 for _ in plies(pos))
        return sum(count(child, d - 1) for child, over in plies(pos) if not over)

    return [count(root, d) for d in range(1, depth + 1)]


# ---------------------------------------------------------------- the board's symmetries


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 12 symmetries of the hexagon about e5 as permutations of the spots (``perm[s]`` is where
    spot ``s`` goes): rotations by 60 degrees, ``(dc, dv) -> (dv, dv - dc)`` on the axial offsets
    from e5 (it turns each of the six directions into the next), each alone or after the mirror
    ``(dc, dv) -> (dv, dc)``."""
    index = {point: spot for spot, point in enumerate(SPOT_POINTS)}
    found = []
    for mirror in (False, True):
        for turns in range(6):
            perm = []
            for col, v in SPOT_POINTS:
                dc, dv = col - CENTRE_POINT[0], v - CENTRE_POINT[1]
                if mirror:
                    dc, dv = dv, dc
                for _ in range(turns):
                    dc, dv = dv, dv - dc
                perm.append(index[(CENTRE_POINT[0] + dc, CENTRE_POINT[1] + dv)])
            found.append(tuple(perm))
    return tuple(found)


SYMMETRIES = _symmetries()
#: for each symmetry, where each spot of the image comes from (``image[i] = board[inverse[i]]``)
_INVERSES = tuple(tuple(perm.index(spot) for spot in range(len(perm))) for perm in SYMMETRIES)


def image(board: Board, symmetry: int) -> Board:
    """The board moved by ``SYMMETRIES[symmetry]``."""
    return tuple(map(board.__getitem__, _INVERSES[symmetry]))


def image_of(pos: Position, symmetry: int) -> Position:
    """The position with its board moved by ``SYMMETRIES[symmetry]`` (the rest unchanged)."""
    return replace(pos, board=image(pos.board, symmetry))


def symmetries_keeping(pos: Position) -> list[int]:
    """The symmetries that map ``pos``'s board onto itself."""
    return [k for k in range(len(SYMMETRIES)) if image(pos.board, k) == pos.board]


def _key(pos: Position) -> str:
    """The position up to the board's symmetries, in a compact text (the smallest image's cells,
    ``|`` between them since a stack takes several letters, then the other fields)."""
    board = min(tuple(map(pos.board.__getitem__, inverse)) for inverse in _INVERSES)
    return f"{'|'.join(board)} {pos.to_move} {pos.reserve} {pos.captured} {pos.sets} {pos.hand} {pos.start}"


# ---------------------------------------------------------------- the last ply, counted


def _bits(spots: tuple[int, ...]) -> int:
    return sum(1 << spot for spot in spots)


#: every four spots in a row along a line: a row is one of them all of one colour
WINDOWS = tuple(_bits(line[k : k + 4]) for line in LINES for k in range(len(line) - 3))
#: the windows through each spot
WINDOWS_THROUGH = tuple(
    tuple(window for window in WINDOWS if window >> spot & 1) for spot in range(len(SPOT_POINTS))
)
#: for each entry and where its pushed chain ends, the spots the push changes
PUSHED = tuple(tuple(_bits(entry.line[: end + 1]) for end in range(len(entry.line))) for entry in ENTRIES)
#: for each entry and where its pushed chain ends, the windows through the spots the push changes
WINDOWS_PUSHED = tuple(
    tuple(
        tuple(window for window in WINDOWS if window & _bits(entry.line[: end + 1]))
        for end in range(len(entry.line))
    )
    for entry in ENTRIES
)


def _masks(board: Board) -> tuple[int, int]:
    """The spots whose top piece is White's, Black's."""
    white = black = 0
    for spot, piece in enumerate(board):
        if piece != EMPTY:
            if colour(piece) == 0:
                white |= 1 << spot
            else:
                black |= 1 << spot
    return white, black


def _has_row(white: int, black: int, windows: tuple[int, ...]) -> bool:
    for window in windows:  # noqa: SIM110 (a plain loop: this is the walk's inner loop)
        if white & window == window or black & window == window:
            return True
    return False


def last_ply(pos: Position) -> int:
    """The plies of ``pos``, counted without playing those after which nothing follows: with no row
    on the board, a push that makes no row and moves no loaded TAMSK piece of the mover onto e5 is
    one ply for each piece he may bring in (no removal, no extra push, one child whether or not the
    game is over), a potential's move that makes no row one ply; the others are played."""
    white, black = _masks(pos.board)
    if _has_row(white, black, WINDOWS):
        return sum(1 for _ in plies(pos))
    mover = pos.to_move
    tamsk = loaded("T", mover) in pos.board
    choices = piece_choices(pos)
    total = 0
    for entry in ENTRIES if choices else ():
        end = chain_end(pos.board, entry)
        if end is None:
            continue
        line = entry.line
        moved = PUSHED[entry.index][end]
        new_white, new_black = white & ~moved, black & ~moved
        for k in range(1, end + 1):
            if white >> line[k - 1] & 1:
                new_white |= 1 << line[k]
            elif black >> line[k - 1] & 1:
                new_black |= 1 << line[k]
        if mover == 0:
            new_white |= 1 << line[0]
        else:
            new_black |= 1 << line[0]
        push = Push("", entry, end)
        if _has_row(new_white, new_black, WINDOWS_PUSHED[entry.index][end]) or (
            tamsk and earns_extra(pos, push)
        ):
            total += sum(1 for piece in choices for _ in plies_of(pos, Push(piece, entry, end)))
        else:
            total += len(choices)
    for use in uses(pos):
        bit = 1 << use.target
        new_white, new_black = (white | bit, black & ~bit) if mover == 0 else (white & ~bit, black | bit)
        if _has_row(new_white, new_black, WINDOWS_THROUGH[use.target]):
            total += sum(1 for _ in plies_of(pos, use))
        else:
            total += 1
    return total


# ---------------------------------------------------------------- the fast walk


def perft_counts(root: Position, depth: int) -> list[int]:
    """The leaves at each depth 1..``depth`` (the engine's perft)."""
    memo: dict[tuple[str, int], int] = {}

    def count(pos: Position, d: int) -> int:
        key = (_key(pos), d)
        found = memo.get(key)
        if found is None:
            if d == 1:
                found = last_ply(pos)
            else:
                found = sum(count(child, d - 1) for child, over in plies(pos) if not over)
            memo[key] = found
        return found

    return [count(root, d) for d in range(1, depth + 1)]
