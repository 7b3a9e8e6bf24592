"""GIPF with potentials: pushes and potentials' moves, removals, the end of the game, turns and perft."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from arbiter.gipf.board import (
    DIRECTIONS,
    ENTRIES,
    SPOT_NAMES,
    SPOT_POINTS,
    Entry,
)
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.position import CLOSED, GIPF_OPEN, MUST_GIPF
from arbiter.gipf.potentials.position import (
    EMPTY,
    Board,
    Position,
    _frozen,
    colour,
    is_loaded,
    loaded,
    rows_of,
    weight,
)

# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Push:
    piece: str  # "" a basic piece, "G" a GIPF-piece, a kind letter a loaded piece
    entry: Entry
    end: int  # where in entry.line the pushed chain ends

    def text(self, adjacent: bool = False) -> str:
        return f"{self.piece}{self.entry.dot}-{SPOT_NAMES[self.entry.line[0 if adjacent else self.end]]}"


@dataclass(frozen=True, slots=True)
class Use:
    kind: str
    origin: int
    target: int

    def text(self, adjacent: bool = False) -> str:
        return f"{self.kind}:{SPOT_NAMES[self.origin]}-{SPOT_NAMES[self.target]}"


Action = Push | Use


def piece_choices(pos: Position) -> tuple[str, ...]:
    """What the side to move may bring in: ``G``, a kind he still has, ``""`` a basic piece.

    Order (spec): GIPF-pieces (tournament start-up), then loaded pieces, then basic pieces; a basic
    piece may be brought while potentials remain (it gives them up, P-3)."""
    player = pos.to_move
    state = pos.start[player]
    reserve = pos.reserve[player]
    if state == MUST_GIPF:
        return ("G",) if reserve >= 2 else ()
    choices: list[str] = []
    if state == GIPF_OPEN and reserve >= 2:
        choices.append("G")
    if reserve >= 1:
        choices.extend(kind for kind, _ in pos.hand[player])
        choices.append("")
    return tuple(choices)


def chain_end(board: Board, entry: Entry) -> int | None:
    for j, spot in enumerate(entry.line):
        if board[spot] == EMPTY:
            return j
    return None


_POINT_SPOT = {point: spot for spot, point in enumerate(SPOT_POINTS)}


def _ray(origin: int, direction: tuple[int, int]) -> Iterator[int]:
    """The spots from ``origin`` (excluded) along ``direction`` up to the edge of the play area."""
    col, v = SPOT_POINTS[origin]
    while True:
        col, v = col + direction[0], v + direction[1]
        spot = _POINT_SPOT.get((col, v))
        if spot is None:
            return
        yield spot


def potential_targets(board: Board, origin: int) -> list[int]:
    """Where the potential of the loaded piece on ``origin`` may move (spots, never dots)."""
    kind = board[origin].upper()
    targets: list[int] = []
    for direction in DIRECTIONS:
        ray = list(_ray(origin, direction))
        if kind == "Z":
            if ray and board[ray[0]] != EMPTY:
                landing = next((spot for spot in ray if board[spot] == EMPTY), None)
                if landing is not None:
                    targets.append(landing)
        elif kind == "Y":
            for spot in ray:
                if board[spot] != EMPTY:
                    break
                targets.append(spot)
    return targets


def uses(pos: Position) -> list[Use]:
    player = pos.to_move
    found: list[Use] = []
    for origin, piece in enumerate(pos.board):
        if piece != EMPTY and is_loaded(piece) and colour(piece) == player:
            found.extend(
                Use(piece.upper(), origin, target) for target in sorted(potential_targets(pos.board, origin))
            )
    return found


def actions(pos: Position) -> list[Action]:
    """Every push and every use of a potential open to the side to move (his removals done)."""
    found: list[Action] = []
    choices = piece_choices(pos)
    for entry in ENTRIES:
        end = chain_end(pos.board, entry)
        if end is not None:
            found.extend(Push(piece, entry, end) for piece in choices)
    found.extend(uses(pos))
    return found


def after_action(pos: Position, action: Action) -> Position:
    """The position right after the action, before any removal; the mover still to move."""
    player = pos.to_move
    cells = list(pos.board)
    reserve = list(pos.reserve)
    hand = [pos.hand[0], pos.hand[1]]
    start = list(pos.start)
    if isinstance(action, Use):
        cells[action.origin] = "wb"[player]
        cells[action.target] = "Uu"[player]
        return replace(pos, board=tuple(cells))
    line = action.entry.line
    for k in range(action.end, 0, -1):
        cells[line[k]] = cells[line[k - 1]]
    if action.piece == "G":
        cells[line[0]] = "WB"[player]
        reserve[player] -= 2
        start[player] = GIPF_OPEN if start[player] != CLOSED else CLOSED
    else:
        reserve[player] -= 1
        if pos.rules == "tournament":
            start[player] = CLOSED  # P-2: no more GIPF-pieces once a loaded or basic piece came in
        if action.piece:
            cells[line[0]] = loaded(action.piece, player)
            counts = pos.hand_of(player)
            counts[action.piece] -= 1
            hand[player] = _frozen(counts)
        else:
            cells[line[0]] = "wb"[player]
            hand[player] = ()  # the potentials not brought in are lost
    return replace(
        pos,
        board=tuple(cells),
        reserve=(reserve[0], reserve[1]),
        hand=(hand[0], hand[1]),
        start=(start[0], start[1]),
    )


def pass_turn(pos: Position) -> Position:
    return replace(pos, to_move=1 - pos.to_move)


# ---------------------------------------------------------------- removals


@dataclass(frozen=True, slots=True)
class Removal:
    removed: frozenset[int]
    board: Board
    returned: int
    captured: int


def removal_options(board: Board, player: int) -> list[Removal]:
    """Every distinct outcome of ``player`` removing his rows, one row at a time, as in GIPF: basic
    pieces and used potentials must go; GIPF-pieces and loaded pieces may be left (P-6, P-9)."""
    if not rows_of(board, player):
        return [Removal(frozenset(), board, 0, 0)]
    results: dict[frozenset[int], Board] = {}
    seen: set[tuple[Board, frozenset[tuple[int, ...]]]] = set()

    def explore(current: Board, removed: frozenset[int], declined: frozenset[tuple[int, ...]]) -> None:
        if (current, declined) in seen:
            return
        seen.add((current, declined))
        rows = [row for row in rows_of(current, player) if row not in declined]
        if not rows:
            results.setdefault(removed, current)
            return
        for row in rows:
            forced = [spot for spot in row if current[spot] in "wbUu"]
            optional = [spot for spot in row if current[spot] not in "wbUu"]
            for mask in range(1 << len(optional)):
                take = forced + [spot for k, spot in enumerate(optional) if mask >> k & 1]
                if not take:
                    explore(current, removed, declined | {row})
                    continue
                cells = list(current)
                for spot in take:
                    cells[spot] = EMPTY
                explore(tuple(cells), removed | frozenset(take), declined)

    explore(board, frozenset(), frozenset())
    options = []
    for removed, after in sorted(results.items(), key=lambda item: sorted(item[0])):
        returned = captured = 0
        for spot in removed:
            piece = board[spot]
            if colour(piece) == player:
                returned += weight(piece)
            else:
                captured += weight(piece)
        options.append(Removal(removed, after, returned, captured))
    return options


def apply_removal(pos: Position, player: int, removal: Removal) -> Position:
    if not removal.removed:
        return pos
    reserve = list(pos.reserve)
    captured = list(pos.captured)
    reserve[player] += removal.returned
    captured[player] += removal.captured
    return replace(
        pos, board=removal.board, reserve=(reserve[0], reserve[1]), captured=(captured[0], captured[1])
    )


def removal_text(removal: Removal) -> str:
    return "x" + ",".join(SPOT_NAMES[spot] for spot in sorted(removal.removed))


# ---------------------------------------------------------------- end of the game


def subject_to_gipf_rule(pos: Position, player: int) -> bool:
    return pos.start[player] != MUST_GIPF


def status_at_turn_start(pos: Position) -> tuple[int, GipfEnd] | None:
    for player in (1 - pos.to_move, pos.to_move):
        if subject_to_gipf_rule(pos, player) and pos.gipf_count(player) == 0:
            return player, GipfEnd.NO_GIPF_PIECE
    return None


def status_after_own_removals(pos: Position) -> tuple[int, GipfEnd] | None:
    """The side to move loses with no GIPF-piece, or with no move: no piece in reserve and no
    potential that can move (an empty reserve alone is not a loss, P-10)."""
    for player in (pos.to_move, 1 - pos.to_move):
        if subject_to_gipf_rule(pos, player) and pos.gipf_count(player) == 0:
            return player, GipfEnd.NO_GIPF_PIECE
    if not piece_choices(pos) and not uses(pos):
        return pos.to_move, GipfEnd.NO_RESERVE
    return None


# ---------------------------------------------------------------- turns (the record view)


@dataclass(frozen=True, slots=True)
class Turn:
    pre: Removal
    action: Action
    post: Removal
    position: Position  # after the turn, the opponent to move

    def notation(self, adjacent: bool = False) -> str:
        parts = [removal_text(self.pre)] if self.pre.removed else []
        parts.append(self.action.text(adjacent))
        if self.post.removed:
            parts.append(removal_text(self.post))
        return ";".join(parts)


def turns(pos: Position) -> list[Turn]:
    if status_at_turn_start(pos) is not None:
        return []
    found: list[Turn] = []
    for pre in removal_options(pos.board, pos.to_move):
        ready = apply_removal(pos, pos.to_move, pre)
        if status_after_own_removals(ready) is not None:
            continue
        for action in actions(ready):
            acted = after_action(ready, action)
            for post in removal_options(acted.board, acted.to_move):
                found.append(Turn(pre, action, post, pass_turn(apply_removal(acted, acted.to_move, post))))
    return found


# ---------------------------------------------------------------- perft (the perft view)


def _plies(pos: Position) -> Iterator[tuple[Position, bool]]:
    """The action, the mover's removals and the opponent's, in one ply (``../shared/perft``)."""
    mover, opponent = pos.to_move, 1 - pos.to_move
    for action in actions(pos):
        acted = after_action(pos, action)
        for post in removal_options(acted.board, mover):
            mid = pass_turn(apply_removal(acted, mover, post))
            if status_at_turn_start(mid) is not None:
                yield mid, True
                continue
            for pre in removal_options(mid.board, opponent):
                child = apply_removal(mid, opponent, pre)
                yield child, status_after_own_removals(child) is not None


def perft_counts(root: Position, depth: int) -> list[int]:
    memo: dict[tuple[Position, int], int] = {}

    def count(pos: Position, d: int) -> int:
        if d == 1:
            return sum(1 for _ in _plies(pos))
        key = (pos, d)
        if key not in memo:
            memo[key] = sum(count(child, d - 1) for child, over in _plies(pos) if not over)
        return memo[key]

    return [count(root, d) for d in range(1, depth + 1)]
