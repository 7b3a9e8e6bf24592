"""Row detection (the hot path of replay and perft): hand-worked boards, and random boards against a
plain scan of each line written here from the rule (four or more contiguous pieces of one colour;
the row is the whole run of occupied spots around them)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbiter.gipf.board import (
    EMPTY,
    ENTRIES,
    LINES,
    SPOT_INDEX,
    SPOT_NAMES,
    Board,
    chain_end,
    find_rows,
    has_any_row,
)
from arbiter.gipf.push_rows import pushes_making_rows
from arbiter.gipf.rules import push_board

PROPERTY = settings(max_examples=120, deadline=None)


def board_of(pieces: dict[str, int]) -> Board:
    cells = [EMPTY] * len(SPOT_NAMES)
    for name, piece in pieces.items():
        cells[SPOT_INDEX[name]] = piece
    return tuple(cells)


def colour(piece: int) -> int:
    """0 White (pieces 1 and 3), 1 Black (2 and 4): from the piece codes of the board's docstring."""
    return 0 if piece in (1, 3) else 1


def scanned_rows(board: Board, player: int) -> list[tuple[int, ...]]:
    """The rule read line by line: each run of occupied spots holding four of ``player``'s colour."""
    rows = []
    for line in LINES:
        runs: list[list[int]] = [[]]
        for spot in line:
            if board[spot] == EMPTY:
                runs.append([])
            else:
                runs[-1].append(spot)
        for run in runs:
            colours = "".join(str(colour(board[spot])) for spot in run)
            if str(player) * 4 in colours:
                rows.append(tuple(run))
    return rows


def boards(pieces: list[int]) -> st.SearchStrategy[Board]:
    """Boards of 37 spots drawn from ``pieces`` (0 empty; the more zeros, the sparser)."""
    return st.lists(st.sampled_from(pieces), min_size=37, max_size=37).map(tuple)


DENSE = [0, 1, 2, 3, 4, 1, 2]
SPARSE = [0, 0, 0, 0, 1, 2, 3, 4]


# ---------------------------------------------------------------- rows on a board


def test_a_row_is_the_whole_run_of_occupied_spots() -> None:
    # e2..e8 is a column: black on e2, four white on e3..e6, black on e7, e8 empty
    board = board_of({"e2": 2, "e3": 1, "e4": 3, "e5": 1, "e6": 1, "e7": 2})
    rows = find_rows(board, 0)
    assert [[SPOT_NAMES[spot] for spot in row] for row in rows] == [["e2", "e3", "e4", "e5", "e6", "e7"]]
    assert find_rows(board, 1) == []
    assert has_any_row(board)


def test_three_in_a_line_or_four_broken_by_a_gap_is_no_row() -> None:
    board = board_of({"e2": 1, "e3": 1, "e4": 1, "e6": 1, "e7": 1, "e8": 1})
    assert find_rows(board, 0) == [] and not has_any_row(board)


@PROPERTY
@given(st.one_of(boards(DENSE), boards(SPARSE)))
def test_rows_are_those_of_the_plain_scan(board: Board) -> None:
    for player in (0, 1):
        assert find_rows(board, player) == scanned_rows(board, player)
    assert has_any_row(board) == bool(scanned_rows(board, 0) or scanned_rows(board, 1))


# ---------------------------------------------------------------- pushes that make a row


def names(board: Board, player: int) -> tuple[int, set[tuple[str, tuple[int, int]]]]:
    quiet, rows = pushes_making_rows(board, player)
    return quiet, {(entry.dot, entry.direction) for entry, _ in rows}


def test_the_pushes_that_complete_a_column() -> None:
    # White on e3, e4, e5 and on c6, d6 (the line b6 -> c6, d6, e6, f5, ...): White completes the
    # column e by a piece on e2 (from e1, d1 or f1; e2 is empty, so nothing moves) or by pushing
    # d6's piece onto e6 from b6. Black completes it for White from b6 (d6's white still goes onto
    # e6); his piece on e2 makes none.
    board = board_of({"e3": 1, "e4": 1, "e5": 1, "c6": 1, "d6": 1})
    quiet, rows = names(board, 0)
    assert rows == {("b6", (1, 0)), ("e1", (0, 1)), ("d1", (1, 1)), ("f1", (-1, 0))}
    assert quiet == 42 - 4
    quiet, rows = names(board, 1)
    assert rows == {("b6", (1, 0))}
    assert quiet == 41


def test_a_full_line_is_no_push() -> None:
    # the line b2..b5 (column b) full, alternating colours: its two entries cannot be pushed
    board = board_of({"b2": 1, "b3": 2, "b4": 1, "b5": 2})
    quiet, rows = pushes_making_rows(board, 0)
    assert quiet == 40 and rows == []


def test_the_ends_of_a_push_are_the_first_empty_spots() -> None:
    board = board_of({"e3": 1, "e4": 1, "e5": 1})
    _, rows = pushes_making_rows(board, 0)
    assert {(entry.dot, end) for entry, end in rows} == {("e1", 0), ("d1", 0), ("f1", 0)}
    # White on e2..e4: the push from e1 moves them up to e3..e5 (ending on e5, the 4th spot of the line)
    board = board_of({"e2": 1, "e3": 1, "e4": 1})
    _, rows = pushes_making_rows(board, 0)
    assert ("e1", 3) in {(entry.dot, end) for entry, end in rows}


@PROPERTY
@given(boards(SPARSE))
def test_pushes_making_rows_are_those_the_scan_finds_after_each_push(board: Board) -> None:
    assume(not scanned_rows(board, 0) and not scanned_rows(board, 1))  # as the function requires
    for player in (0, 1):
        expected_rows = []
        expected_quiet = 0
        for entry in ENTRIES:
            end = chain_end(board, entry)
            if end is None:
                continue
            pushed = push_board(board, entry, end, 1 + player)
            if scanned_rows(pushed, 0) or scanned_rows(pushed, 1):
                expected_rows.append((entry.index, end))
            else:
                expected_quiet += 1
        quiet, rows = pushes_making_rows(board, player)
        assert quiet == expected_quiet
        assert sorted((entry.index, end) for entry, end in rows) == expected_rows
