"""GIPF with potentials: pushes and potentials' moves, removals, the end of the game and turns (perft:
:mod:`arbiter.gipf.potentials.perft`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from arbiter.gipf.board import (
    DIRECTIONS,
    ENTRIES,
    SPOT_NAMES,
    SPOT_POINTS,
    Entry,
)
from arbiter.gipf.ends import GipfEnd, without_gipf_piece
from arbiter.gipf.position import CLOSED, GIPF_OPEN, MUST_GIPF
from arbiter.gipf.potentials.position import (
    CENTRE,
    EMPTY,
    Board,
    Position,
    _frozen,
    colour,
    is_loaded,
    loaded,
    optional,
    rows_of,
    weight,
)

# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Push:
    piece: str  # "" a basic piece, "G" a GIPF-piece, a kind letter a loaded piece, "T:" the TAMSK extra push
    entry: Entry
    end: int  # where in entry.line the pushed chain ends

    def text(self, adjacent: bool = False) -> str:
        return f"{self.piece}{self.entry.dot}-{SPOT_NAMES[self.entry.line[0 if adjacent else self.end]]}"


#: the piece of a TAMSK extra push (the potential itself, pushed in as a used potential)
EXTRA = "T:"


@dataclass(frozen=True, slots=True)
class Use:
    kind: str
    origin: int
    target: int
    convert: bool = False  # PÜNCT on a GIPF-piece: convert it (else neutralise it)

    def text(self, adjacent: bool = False) -> str:
        mark = "=G" if self.convert else ""
        return f"{self.kind}:{SPOT_NAMES[self.origin]}-{SPOT_NAMES[self.target]}{mark}"


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


def neighbours(origin: int) -> Iterator[int]:
    col, v = SPOT_POINTS[origin]
    for dc, dv in DIRECTIONS:
        spot = _POINT_SPOT.get((col + dc, v + dv))
        if spot is not None:
            yield spot


def dvonn_may_cover(cell: str, player: int) -> bool:
    """A DVONN-potential of ``player`` jumps onto an opponent's basic piece, an opponent's loaded
    DVONN piece, or an opponent's used DVONN-potential standing on one of ``player``'s pieces."""
    if cell == EMPTY or colour(cell) == player:
        return False
    top = cell[-1]
    if len(cell) == 1:
        return top in "wb" or top.upper() == "D"
    return top.upper() == "D"  # the layer under it is the other colour, the mover's (P-17)


def punct_may_cover(cell: str, player: int) -> bool:
    """A PÜNCT-potential of ``player`` jumps onto an opponent's loaded PÜNCT piece, an opponent's
    used PÜNCT-potential standing on one of ``player``'s PÜNCTs, or an opponent's GIPF-piece."""
    if cell == EMPTY or colour(cell) == player:
        return False
    if len(cell) == 1:
        return cell in "WB" or cell.upper() == "P"
    return cell[-1].upper() == "P" and cell[-2].upper() == "P"


def potential_targets(board: Board, origin: int) -> list[int]:
    """Where the potential of the loaded piece on ``origin`` may move (spots, never dots; a TAMSK
    piece's potential has no move of its own)."""
    kind = board[origin].upper()
    player = colour(board[origin])
    targets: list[int] = []
    if kind == "D":
        return [spot for spot in neighbours(origin) if dvonn_may_cover(board[spot], player)]
    if kind == "P":
        return [spot for spot in neighbours(origin) if punct_may_cover(board[spot], player)]
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
    """Every move of a potential open to the side to move; a PÜNCT on a GIPF-piece twice, neutralising
    and converting (converting only with two pieces in his reserve)."""
    player = pos.to_move
    found: list[Use] = []
    for origin, piece in enumerate(pos.board):
        if piece != EMPTY and is_loaded(piece) and colour(piece) == player:
            kind = piece.upper()
            for target in sorted(potential_targets(pos.board, origin)):
                found.append(Use(kind, origin, target))
                if kind == "P" and pos.board[target] in "WB" and pos.reserve[player] >= 2:
                    found.append(Use(kind, origin, target, convert=True))
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
        if action.convert:  # the opponent's GIPF-piece captured, one of the mover's in its place
            cells[action.target] = "WB"[player]
            captured = list(pos.captured)
            captured[player] += 2
            reserve[player] -= 2
            return replace(
                pos,
                board=tuple(cells),
                reserve=(reserve[0], reserve[1]),
                captured=(captured[0], captured[1]),
            )
        if action.kind in "DP":  # the potential covers the piece: a stack
            cells[action.target] += loaded(action.kind, player)
        else:
            cells[action.target] = "Uu"[player]
        return replace(pos, board=tuple(cells))
    line = action.entry.line
    for k in range(action.end, 0, -1):
        cells[line[k]] = cells[line[k - 1]]
    if action.piece == EXTRA:  # the TAMSK-potential itself, pushed in: a used potential
        cells[line[0]] = "Uu"[player]
        return replace(pos, board=tuple(cells))
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


# ---------------------------------------------------------------- the TAMSK extra move


def earns_extra(pos: Position, action: Action) -> bool:
    """Whether the mover's push puts one of his loaded TAMSK pieces on e5 (P-6: the piece pushed
    along counts; P-7: never the opponent's push; P-20: never the extra push itself)."""
    if not isinstance(action, Push) or action.piece == EXTRA:
        return False
    line = action.entry.line
    for k in range(1, action.end + 1):
        if line[k] == CENTRE:
            return pos.board[line[k - 1]] == loaded("T", pos.to_move)
    return False


def extra_owed(pos: Position, action: Action, after: Position) -> bool:
    """Whether the extra move is made: earned by the push, the loaded TAMSK piece still on e5 after
    the removals of the first push's rows (P-8), and the game not over by them (P-19)."""
    return (
        earns_extra(pos, action)
        and after.board[CENTRE] == loaded("T", pos.to_move)
        and status_at_turn_start(pass_turn(after)) is None
    )


def release_tamsk(pos: Position) -> Position:
    """The TAMSK-potential leaves its basic piece on e5."""
    cells = list(pos.board)
    cells[CENTRE] = "wb"[pos.to_move]
    return replace(pos, board=tuple(cells))


def extra_pushes(pos: Position) -> list[Push]:
    found = []
    for entry in ENTRIES:
        end = chain_end(pos.board, entry)
        if end is not None:
            found.append(Push(EXTRA, entry, end))
    return found


# ---------------------------------------------------------------- removals


@dataclass(frozen=True, slots=True)
class Removal:
    removed: frozenset[int]  # the spots pieces were taken from
    board: Board
    returned: int
    captured: int
    layers: tuple[int, ...] = ()  # the same, sorted, a spot once per piece taken off it (P-18)


def no_removal(board: Board) -> Removal:
    return Removal(frozenset(), board, 0, 0)


def _take(cell: str) -> str:
    """A spot after its top piece is removed: a stack's top potential alone (its piece below freed)."""
    return cell[:-1] if len(cell) > 1 else EMPTY


def removal_options(board: Board, player: int) -> list[Removal]:
    """Every distinct outcome of ``player`` removing his rows, one row at a time, as in GIPF: basic
    pieces and used potentials must go; GIPF-pieces and loaded pieces may be left (P-10); of a stack
    only the top potential goes, and the piece freed counts with its colour again (P-9, P-18)."""
    if not rows_of(board, player):
        return [no_removal(board)]
    results: dict[tuple[int, ...], Board] = {}
    seen: set[tuple[Board, frozenset[tuple[int, ...]]]] = set()

    def explore(current: Board, removed: tuple[int, ...], declined: frozenset[tuple[int, ...]]) -> None:
        if (current, declined) in seen:
            return
        seen.add((current, declined))
        rows = [row for row in rows_of(current, player) if row not in declined]
        if not rows:
            results.setdefault(removed, current)
            return
        for row in rows:
            forced = [spot for spot in row if not optional(current[spot])]
            free = [spot for spot in row if optional(current[spot])]
            for mask in range(1 << len(free)):
                take = forced + [spot for k, spot in enumerate(free) if mask >> k & 1]
                if not take:
                    explore(current, removed, declined | {row})
                    continue
                cells = list(current)
                for spot in take:
                    cells[spot] = _take(cells[spot])
                explore(tuple(cells), tuple(sorted(removed + tuple(take))), declined)

    explore(board, (), frozenset())
    options = []
    for removed, after in sorted(results.items()):
        returned = captured = 0
        for spot in set(removed):
            piece = board[spot]
            if after[spot] == EMPTY:  # the whole spot went: its bottom piece comes back or is captured
                if colour(piece[0]) == player:
                    returned += weight(piece)
                else:
                    captured += weight(piece)
        options.append(Removal(frozenset(removed), after, returned, captured, removed))
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
    return "x" + ",".join(SPOT_NAMES[spot] for spot in removal.layers)


# ---------------------------------------------------------------- end of the game


def status_at_turn_start(pos: Position) -> tuple[int, GipfEnd] | None:
    return without_gipf_piece(pos, 1 - pos.to_move)


def status_after_own_removals(pos: Position) -> tuple[int, GipfEnd] | None:
    """The side to move loses with no GIPF-piece, or with no move: no piece in reserve and no
    potential that can move (an empty reserve alone is not a loss, P-10)."""
    ended = without_gipf_piece(pos, pos.to_move)
    if ended is not None:
        return ended
    if not piece_choices(pos) and not uses(pos):
        return pos.to_move, GipfEnd.NO_RESERVE
    return None


# ---------------------------------------------------------------- removals made one after the other


def made_rows(before: Board, after: Board, player: int) -> bool:
    """Whether ``player`` has a row on ``after`` through a spot that changed since ``before`` and
    is his now: a row that a piece freed from a stack completes (P-29), or that a push made."""
    changed = {
        spot
        for spot, (was, now) in enumerate(zip(before, after, strict=True))
        if was != now and now != EMPTY and colour(now) == player
    }
    return any(changed.intersection(row) for row in rows_of(after, player))


@dataclass(frozen=True, slots=True)
class Removals:
    """Removals made in turn within one turn: the first player's, then the other's of the rows the
    first one's made him (a piece freed from a stack, P-29), and so on. ``ended``: the first player
    left without a GIPF-piece, judged after each player's removal (Decision 12), the game over there;
    ``position`` is then to be judged from the last remover (the other player to move)."""

    steps: tuple[Removal, ...]
    position: Position
    ended: tuple[int, GipfEnd] | None = None


#: how a player's removal is picked among his options: all of them (the legal turns, perft), or the
#: one a record writes (:mod:`arbiter.gipf.potentials.play`); called with the options, the board
#: and the remover
Chooser = Callable[[list[Removal], Board, int], list[Removal]]


def every_option(options: list[Removal], board: Board, player: int) -> list[Removal]:
    return options


def removals_from(
    pos: Position, player: int, before: Board | None, choose: Chooser = every_option
) -> Iterator[Removals]:
    """Every way the removals run from ``player``'s on: his rows are his to remove now when
    ``before`` is None (his own removal moment), else only when he has rows made since ``before``;
    each removal that frees a piece completing a row of the other player is followed at once by his
    (the specification: freed pieces "may complete new rows, removed in turn")."""
    if before is not None and not made_rows(before, pos.board, player):
        yield Removals((), pos)
        return
    for removal in choose(removal_options(pos.board, player), pos.board, player):
        after = apply_removal(pos, player, removal)
        ended = without_gipf_piece(after, player)
        if ended is not None:
            yield Removals((removal,), replace(after, to_move=1 - player), ended)
        elif not removal.removed:
            yield Removals((removal,), after)
        else:
            for rest in removals_from(after, 1 - player, pos.board, choose):
                yield Removals((removal, *rest.steps), rest.position, rest.ended)


# ---------------------------------------------------------------- turns (the record view)


@dataclass(frozen=True, slots=True)
class Turn:
    pre: tuple[Removal, ...]  # the mover's rows at the start of his turn, then the rows they made (P-29)
    action: Action | None  # None: a removal alone that ended the game (P-28)
    post: tuple[Removal, ...]  # the rows the action made in the mover's colour; before a TAMSK extra
    # push, the opponent's rows then, and those they made in turn (P-8, P-22)
    position: Position  # after the turn, the opponent to move (when the game is over, the last
    # remover's opponent)
    extra: Push | None = None  # the TAMSK extra push
    last: Removal | None = None  # the rows made after the TAMSK-potential left e5 (P-8)

    def notation(self, adjacent: bool = False) -> str:
        parts = [removal_text(removal) for removal in self.pre if removal.removed]
        if self.action is not None:
            parts.append(self.action.text(adjacent))
        parts.extend(removal_text(removal) for removal in self.post if removal.removed)
        if self.extra is not None:
            parts.append(self.extra.text(adjacent))
        if self.last is not None and self.last.removed:
            parts.append(removal_text(self.last))
        return ";".join(parts)

    def removed(self) -> frozenset[int]:
        """The spots the turn took pieces from."""
        spots: set[int] = set()
        for removal in (*self.pre, *self.post, self.last or no_removal(self.position.board)):
            spots |= removal.removed
        return frozenset(spots)


@dataclass(frozen=True, slots=True)
class Ending:
    """What follows an action in the same turn: the mover's removals (before a TAMSK extra push,
    the opponent's then, P-22), the extra push and the mover's removals after it; ``position`` is
    the opponent's to move, ``over`` whether the game ended in the turn."""

    post: tuple[Removal, ...]
    extra: Push | None
    last: Removal | None
    position: Position
    over: bool


def closing(pos: Position, post: tuple[Removal, ...], extra: Push | None, last: Removal | None) -> Ending:
    """The turn closed after the mover's last removal, judged as in GIPF from the mover."""
    return Ending(post, extra, last, pass_turn(pos), without_gipf_piece(pos, pos.to_move) is not None)


def extra_moves(pos: Position, post: tuple[Removal, ...], choose: Chooser = every_option) -> Iterator[Ending]:
    """The TAMSK-potential leaves e5 and is pushed in (none when no line can take it, P-21), then the
    mover's rows are removed."""
    mover = pos.to_move
    freed = release_tamsk(pos)
    pushes: list[Push | None] = [*extra_pushes(freed)] or [None]
    for extra in pushes:
        moved = freed if extra is None else after_action(freed, extra)
        for last in choose(removal_options(moved.board, mover), moved.board, mover):
            yield closing(apply_removal(moved, mover, last), post, extra, last)


def endings(ready: Position, action: Action) -> Iterator[Ending]:
    """D-8 (P-8, P-22): the mover's rows, then, before the TAMSK extra push, the opponent's rows the
    first push made (and those they make in turn); then the extra push and the mover's rows."""
    mover = ready.to_move
    acted = after_action(ready, action)
    for post in removal_options(acted.board, mover):
        mid = apply_removal(acted, mover, post)
        if not extra_owed(ready, action, mid):
            yield closing(mid, (post,), None, None)
            continue
        for between in removals_from(mid, 1 - mover, ready.board):
            steps = (post, *between.steps)
            if between.ended is not None:
                yield Ending(steps, None, None, between.position, True)
            elif between.position.board[CENTRE] != loaded("T", mover):  # taken with a row: lost
                yield closing(between.position, steps, None, None)
            else:
                yield from extra_moves(between.position, steps)


def turns(pos: Position) -> list[Turn]:
    if status_at_turn_start(pos) is not None:
        return []
    found: list[Turn] = []
    for pre in removals_from(pos, pos.to_move, None):
        ready = pre.position
        if pre.ended is not None or status_after_own_removals(ready) is not None:
            continue
        for action in actions(ready):
            for ending in endings(ready, action):
                found.append(Turn(pre.steps, action, ending.post, ending.position, ending.extra, ending.last))
    return found
