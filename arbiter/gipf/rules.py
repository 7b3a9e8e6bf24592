"""GIPF rules: pushes, removal decisions, the end of the game, and the move trees.

Rules at home here: which piece may be brought into play (:func:`piece_choices`: GIPF-pieces in
the tournament start-up only), the push (:func:`after_push`), the choices in removing rows, one
at a time, GIPF-pieces kept or taken (:func:`removal_options`), and when the game is over
(:func:`status_at_turn_start`, :func:`status_after_own_removals`: no piece in reserve, no
GIPF-piece on the board). What a row is and where a push ends are in :mod:`arbiter.gipf.board`.

Two views of a turn are used:

* the record view (``turns``): the removals of the mover's own rows already on the board when his
  turn starts (the list before the push), the push, and the removals of the rows the push made in
  his colour (the list after it). Rows the push made in the opponent's colour stay on the board
  and are removed by the opponent at the start of his turn. This is the gipf.com notation.
* the perft view (``plies``): the push, the mover's removals, then the opponent's removals, all in
  one ply, as /work/shared/perft/README.md counts them.

Both give the same games; only the grouping of the removal decisions differs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from arbiter.gipf.board import (
    EMPTY,
    ENTRIES,
    WHITE_GIPF,
    WHITE_PIECE,
    Board,
    Entry,
    chain_end,
    find_rows,
    has_any_row,
    owner,
)
from arbiter.gipf.ends import GipfEnd, without_gipf_piece
from arbiter.gipf.position import CLOSED, GIPF_OPEN, MUST_GIPF, Position
from arbiter.gipf.push_rows import pushes_making_rows, pushes_with_rows

# ---------------------------------------------------------------- removals


@dataclass(frozen=True, slots=True)
class Removal:
    """One outcome of a player's removal decisions: the spots emptied and what they yield."""

    removed: frozenset[int]
    board: Board
    returned: int  # pieces back to the remover's reserve (an own GIPF-piece gives 2)
    captured: int  # opponent pieces captured (a GIPF-piece counts 2)


def _summarise(before: Board, after: Board, removed: frozenset[int], player: int) -> Removal:
    returned = captured = 0
    for spot in removed:
        piece = before[spot]
        count = 2 if piece >= WHITE_GIPF else 1
        if owner(piece) == player:
            returned += count
        else:
            captured += count
    return Removal(removed, after, returned, captured)


def removal_options(board: Board, player: int) -> list[Removal]:
    """Every distinct outcome of ``player`` removing his rows, one row at a time.

    A chosen row loses all its basic pieces and whichever GIPF-pieces the player decides to take;
    after each removal the rows are looked for again (a row broken by the removal is gone; an
    intersecting row that survives, e.g. because the GIPF-piece on the crossing was kept, must be
    removed too). A row made only of GIPF-pieces may be left as it is: it is then not offered
    again in this phase. Outcomes are distinct sets of removed spots, sorted.
    """
    if not find_rows(board, player):
        return [Removal(frozenset(), board, 0, 0)]
    results: dict[frozenset[int], Board] = {}
    seen: set[tuple[Board, frozenset[tuple[int, ...]]]] = set()

    def explore(current: Board, removed: frozenset[int], declined: frozenset[tuple[int, ...]]) -> None:
        key = (current, declined)
        if key in seen:
            return
        seen.add(key)
        rows = [row for row in find_rows(current, player) if row not in declined]
        if not rows:
            results.setdefault(removed, current)
            return
        for row in rows:
            basics = [spot for spot in row if current[spot] < WHITE_GIPF]
            gipfs = [spot for spot in row if current[spot] >= WHITE_GIPF]
            for mask in range(1 << len(gipfs)):
                take = basics + [spot for k, spot in enumerate(gipfs) if mask >> k & 1]
                if not take:
                    explore(current, removed, declined | {row})
                    continue
                cells = list(current)
                for spot in take:
                    cells[spot] = EMPTY
                explore(tuple(cells), removed | frozenset(take), declined)

    explore(board, frozenset(), frozenset())
    return [
        _summarise(board, after, removed, player)
        for removed, after in sorted(results.items(), key=lambda item: sorted(item[0]))
    ]


def apply_removal(pos: Position, player: int, removal: Removal) -> Position:
    if not removal.removed:
        return pos
    reserve = list(pos.reserve)
    captured = list(pos.captured)
    reserve[player] += removal.returned
    captured[player] += removal.captured
    return Position(
        pos.rules, removal.board, pos.to_move, (reserve[0], reserve[1]), (captured[0], captured[1]), pos.start
    )


# ---------------------------------------------------------------- pushes


def piece_choices(pos: Position) -> tuple[bool, ...]:
    """Which pieces the side to move may bring in: True = a GIPF-piece, False = a basic piece."""
    player = pos.to_move
    state = pos.start[player]
    reserve = pos.reserve[player]
    if state == MUST_GIPF:
        return (True,) if reserve >= 2 else ()
    if state == GIPF_OPEN:
        return (True, False) if reserve >= 2 else ((False,) if reserve >= 1 else ())
    return (False,) if reserve >= 1 else ()


def push_board(board: Board, entry: Entry, end: int, piece: int) -> Board:
    cells = list(board)
    line = entry.line
    for k in range(end, 0, -1):
        cells[line[k]] = cells[line[k - 1]]
    cells[line[0]] = piece
    return tuple(cells)


def after_push(pos: Position, entry: Entry, end: int, gipf: bool) -> Position:
    """The position right after the push, before any removal; the mover is still ``to_move``."""
    player = pos.to_move
    piece = (WHITE_GIPF if gipf else WHITE_PIECE) + player
    reserve = list(pos.reserve)
    reserve[player] -= 2 if gipf else 1
    start = list(pos.start)
    if pos.rules == "tournament":
        start[player] = GIPF_OPEN if gipf and start[player] != CLOSED else CLOSED
    return Position(
        pos.rules,
        push_board(pos.board, entry, end, piece),
        player,
        (reserve[0], reserve[1]),
        pos.captured,
        (start[0], start[1]),
    )


def pass_turn(pos: Position) -> Position:
    return Position(pos.rules, pos.board, 1 - pos.to_move, pos.reserve, pos.captured, pos.start)


# ---------------------------------------------------------------- end of the game


def status_at_turn_start(pos: Position) -> tuple[int, GipfEnd] | None:
    """(loser, termination) when the game ended with the previous player's removals.

    The player who just moved removed first: if he is left without a GIPF-piece (he may only take
    his own voluntarily) he loses, else if his opponent is left without one, the opponent loses.
    """
    return without_gipf_piece(pos, 1 - pos.to_move)


def status_after_own_removals(pos: Position) -> tuple[int, GipfEnd] | None:
    """(loser, termination) once the side to move has removed his own rows (before his push)."""
    ended = without_gipf_piece(pos, pos.to_move)
    if ended is not None:
        return ended
    if not piece_choices(pos):
        return pos.to_move, GipfEnd.NO_RESERVE
    return None


# ---------------------------------------------------------------- record view


@dataclass(frozen=True, slots=True)
class Turn:
    pre: Removal
    gipf: bool
    entry: Entry
    end: int  # index in entry.line where the pushed chain ends
    post: Removal
    position: Position  # after the turn: the opponent to move, his rows (if any) still on the board


def pre_options(pos: Position) -> list[tuple[Removal, Position]]:
    return [(r, apply_removal(pos, pos.to_move, r)) for r in removal_options(pos.board, pos.to_move)]


def pushes(pos: Position) -> Iterator[tuple[bool, Entry, int, Position]]:
    """Every push of the side to move (whose own removals are done): gipf, entry, end, position."""
    choices = piece_choices(pos)
    for entry in ENTRIES:
        end = chain_end(pos.board, entry)
        if end is None:
            continue
        for gipf in choices:
            yield gipf, entry, end, after_push(pos, entry, end, gipf)


def turns(pos: Position) -> list[Turn]:
    """Every legal turn in the record view (empty when the game is over)."""
    if status_at_turn_start(pos) is not None:
        return []
    result: list[Turn] = []
    for pre, ready in pre_options(pos):
        if status_after_own_removals(ready) is not None:
            continue
        for gipf, entry, end, pushed in pushes(ready):
            for post in removal_options(pushed.board, pushed.to_move):
                after = pass_turn(apply_removal(pushed, pushed.to_move, post))
                result.append(Turn(pre, gipf, entry, end, post, after))
    return result


# ---------------------------------------------------------------- perft view


def plies(pos: Position) -> Iterator[tuple[Position, bool]]:
    """Children of a position whose side to move has done his removals: (child, game over)."""
    board = pos.board
    mover = pos.to_move
    opponent = 1 - mover
    if has_any_row(board):
        candidates = [(entry, end, True) for entry in ENTRIES if (end := chain_end(board, entry)) is not None]
    else:
        candidates = pushes_with_rows(board, mover)
    choices = piece_choices(pos)
    for entry, end, row in candidates:
        for gipf in choices:
            pushed = after_push(pos, entry, end, gipf)
            if not row:
                child = pass_turn(pushed)
                yield child, not piece_choices(child)
                continue
            for post in removal_options(pushed.board, mover):
                mid = pass_turn(apply_removal(pushed, mover, post))
                if status_at_turn_start(mid) is not None:
                    yield mid, True
                    continue
                for pre in removal_options(mid.board, opponent):
                    child = apply_removal(mid, opponent, pre)
                    yield child, status_after_own_removals(child) is not None


def count_plies(pos: Position) -> int:
    """The number of children of ``plies(pos)``, counted without building the quiet ones."""
    choices = piece_choices(pos)
    if has_any_row(pos.board):
        total = 0
        for entry in ENTRIES:
            end = chain_end(pos.board, entry)
            if end is not None:
                total += sum(_count_after_push(after_push(pos, entry, end, gipf)) for gipf in choices)
        return total
    # a GIPF-piece has the colour of a basic one: the same pushes make rows whichever is brought in
    quiet, rows = pushes_making_rows(pos.board, pos.to_move)
    total = quiet * len(choices)
    for entry, end in rows:
        total += sum(_count_after_push(after_push(pos, entry, end, gipf)) for gipf in choices)
    return total


def _count_after_push(pushed: Position) -> int:
    mover = pushed.to_move
    total = 0
    for post in removal_options(pushed.board, mover):
        mid = pass_turn(apply_removal(pushed, mover, post))
        if status_at_turn_start(mid) is not None:
            total += 1
        else:
            total += len(removal_options(mid.board, 1 - mover))
    return total


def perft_counts(root: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth; the root's side to move first removes his own rows."""
    if status_at_turn_start(root) is not None:
        return [0] * depth
    starts = [ready for _, ready in pre_options(root) if status_after_own_removals(ready) is None]
    memo: dict[tuple[Position, int], int] = {}

    def perft(pos: Position, d: int) -> int:
        key = (pos, d)
        cached = memo.get(key)
        if cached is not None:
            return cached
        if d == 1:
            memo[key] = total = count_plies(pos)
            return total
        total = 0
        for child, over in plies(pos):
            if not over:
                total += perft(child, d - 1)
        memo[key] = total
        return total

    return [sum(perft(start, d) for start in starts) for d in range(1, depth + 1)]
