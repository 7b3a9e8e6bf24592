"""GIPF with potentials: a written turn played or refused, the play calls and replay."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.errors import (
    PLAYER_MESSAGES,
    AmbiguousMoveError,
    ArbiterError,
    IllegalMoveError,
    InvalidNotationError,
    Message,
    gettext_noop,
)
from arbiter.gipf.board import (
    SPOT_INDEX,
    SPOT_NAMES,
    entry_through,
)
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.position import MUST_GIPF
from arbiter.gipf.potentials.notation import Listed, Written, parse_turn
from arbiter.gipf.potentials.position import (
    CENTRE,
    EMPTY,
    KIND_NAMES,
    Board,
    Position,
    colour,
    format_position,
    is_loaded,
    loaded,
)
from arbiter.gipf.potentials.rules import (
    EXTRA,
    Action,
    Chooser,
    Ending,
    Push,
    Removal,
    Removals,
    Turn,
    Use,
    after_action,
    apply_removal,
    chain_end,
    closing,
    earns_extra,
    extra_owed,
    extra_pushes,
    neighbours,
    pass_turn,
    piece_choices,
    potential_targets,
    release_tamsk,
    removal_options,
    removal_text,
    removals_from,
    status_after_own_removals,
    status_at_turn_start,
)
from arbiter.play import Status
from arbiter.verdict import Result


def _holds(cell: str, mark: str) -> bool:
    """Whether a spot holds the piece a list's mark names: ``G`` a GIPF-piece, a kind's letter a
    loaded piece of that kind (of either player, not covered)."""
    if mark == "G":
        return cell in ("W", "B")
    return is_loaded(cell) and cell.upper() == mark


def _spots(items: Listed, board: Board) -> tuple[int, ...]:
    """The spots a written list names, once per piece taken off them (P-18), each mark checked."""
    spots = []
    for name, mark in items:
        spot = SPOT_INDEX[name]
        if mark and not _holds(board[spot], mark):
            raise IllegalMoveError(
                gettext_noop("{name} is marked {mark} but holds no such piece"), name=name, mark=mark
            )
        spots.append(spot)
    return tuple(sorted(spots))


def _silent(options: list[Removal]) -> Removal | None:
    """The removal a record that writes none means (Decision 13): nothing when that is allowed,
    else the only option; None when it must be written."""
    for option in options:
        if not option.removed:
            return option
    return options[0] if len(options) == 1 else None


def _not_legal(options: list[Removal], spots: tuple[int, ...], what: Message) -> IllegalMoveError:
    return IllegalMoveError(
        gettext_noop("{written} is not a legal removal of {what}; legal: {legal}"),
        written="x" + ",".join(SPOT_NAMES[s] for s in spots),
        what=what,
        legal=" | ".join(removal_text(option) if option.removed else "no removal" for option in options),
    )


def _choose(options: list[Removal], items: Listed, board: Board, what: Message) -> Removal:
    """The option a written list names; with no list, the one Decision 13 gives."""
    if not items:
        silent = _silent(options)
        if silent is None:
            raise AmbiguousMoveError(
                gettext_noop("the record does not say how to remove {what}"),
                options=[removal_text(option) for option in options],
                what=what,
            )
        return silent
    spots = _spots(items, board)
    for option in options:
        if option.layers == spots:
            return option
    raise _not_legal(options, spots, what)


#: what a removal within a turn is called in a refusal, by the player who makes it: his first at a
#: place (the start of his turn, after his move, after the TAMSK extra push), then those made in turn
Labels = tuple[str, str]
BEFORE: Labels = (
    gettext_noop("{player}'s rows at the start of his turn"),
    gettext_noop("{player}'s rows that a removal made"),
)
ALONE: Labels = (gettext_noop("{player}'s rows"), BEFORE[1])
AFTER: Labels = (
    gettext_noop("the rows {player}'s move made in his colour"),
    gettext_noop("{player}'s rows before the TAMSK extra push"),
)
TAIL: Labels = (gettext_noop("the rows {player}'s extra push made in his colour"), BEFORE[1])


class _Lists:
    """The removal lists a turn writes at one place, given in order to the removals made there one
    after the other; a removal the next list does not fit is read as written without one (Decision
    13), and a list left over is refused, naming the removal it should have fitted."""

    def __init__(self, lists: tuple[Listed, ...], text: str) -> None:
        self.lists = list(lists)
        self.text = text
        self.missed: IllegalMoveError | None = None

    def chooser(self, labels: Labels) -> Chooser:
        made = [0]

        def choose(options: list[Removal], board: Board, player: int) -> list[Removal]:
            what = Message(labels[min(made[0], 1)], {"player": PLAYER_MESSAGES[player]})
            made[0] += 1
            return [self.take(options, board, what)]

        return choose

    def take(self, options: list[Removal], board: Board, what: Message) -> Removal:
        if not self.lists:
            return _choose(options, (), board, what)
        spots = tuple(sorted(SPOT_INDEX[name] for name, _ in self.lists[0]))
        for option in options:
            if option.layers == spots:
                _spots(self.lists.pop(0), board)  # its marks checked once it is this removal's list
                return option
        silent = _silent(options)
        if silent is None:
            raise _not_legal(options, spots, what)
        self.missed = self.missed or _not_legal(options, spots, what)
        return silent

    def close(self) -> None:
        if self.lists:
            if self.missed is not None:
                raise self.missed
            raise InvalidNotationError(
                gettext_noop("'{text}' lists removals twice in one place"), text=self.text
            )


def _one(found: Iterator[Removals]) -> Removals:
    return next(found)


def _use_of(ready: Position, written: Written) -> Use:
    name = PLAYER_MESSAGES[ready.to_move]
    assert written.action is not None
    piece, origin, target = written.action
    spot, aim = SPOT_INDEX[origin], SPOT_INDEX[target]
    here = ready.board[spot]
    if len(here) > 1 and here[0].upper() == piece and colour(here[0]) == ready.to_move:
        raise IllegalMoveError(
            gettext_noop("the loaded {kind} piece on {spot} is neutralised: a potential covers it"),
            spot=origin,
            kind=KIND_NAMES[piece],
        )
    if here == EMPTY or not is_loaded(here) or colour(here) != ready.to_move or here.upper() != piece:
        raise IllegalMoveError(
            gettext_noop("{spot} holds no loaded {kind} piece of {player}"),
            spot=origin,
            kind=KIND_NAMES[piece],
            player=name,
        )
    if piece == "T":
        raise IllegalMoveError(
            gettext_noop(
                "a TAMSK-potential makes no move of its own: its extra push follows the push that brought its loaded piece onto e5 ('{part}')"
            ),
            part=f"T:{origin}-{target}",
        )
    if aim in potential_targets(ready.board, spot):
        if written.convert and ready.board[aim] not in "WB":
            raise IllegalMoveError(
                gettext_noop("a PÜNCT-potential converts only a GIPF-piece (=G); {target} holds none"),
                target=target,
            )
        if written.convert and ready.reserve[ready.to_move] < 2:
            raise IllegalMoveError(
                gettext_noop(
                    "{player} needs two pieces in his reserve to convert a GIPF-piece (he may neutralise it: {neutralise})"
                ),
                player=name,
                neutralise=f"P:{origin}-{target}",
            )
        return Use(piece, spot, aim, written.convert)
    if piece in "DP":
        template = _stacking_refusal(ready, piece, spot, aim, target)  # chosen among marked ones
        raise IllegalMoveError(template)
    if piece == "Y":
        raise IllegalMoveError(
            gettext_noop(
                "a YINSH-potential moves along a line to an empty spot without passing a piece; {target} is not one from {spot}"
            ),
            target=target,
            spot=origin,
        )
    raise IllegalMoveError(
        gettext_noop(
            "a ZÈRTZ-potential jumps along a line over the pieces next to it and lands on the first empty spot after them; {target} is not that spot from {spot}"
        ),
        target=target,
        spot=origin,
    )


def _stacking_refusal(ready: Position, kind: str, spot: int, aim: int, target: str) -> Message:
    """Why a DVONN or PÜNCT-potential may not jump from ``spot`` onto ``aim``."""
    cell = ready.board[aim]
    where = {"kind": KIND_NAMES[kind], "target": target, "spot": SPOT_NAMES[spot]}
    if aim not in set(neighbours(spot)):
        return Message(
            gettext_noop("a {kind}-potential jumps onto a spot next to it; {target} is not next to {spot}"),
            where,
        )
    if cell == EMPTY:
        return Message(gettext_noop("a {kind}-potential jumps onto a piece; {target} is empty"), where)
    if colour(cell) == ready.to_move:
        return Message(
            gettext_noop("a {kind}-potential jumps onto an opponent's piece; {target} is the mover's"), where
        )
    if kind == "D" and cell in "WB":
        return Message(gettext_noop("a DVONN-potential may not land on a GIPF-piece ({target})"), where)
    if kind == "P" and cell in "wb":
        return Message(gettext_noop("a PÜNCT-potential may not land on a basic piece ({target})"), where)
    if len(cell) > 1 and kind == "D":
        return Message(
            gettext_noop(
                "a DVONN-potential jumps onto a stack only when the opponent's DVONN-potential on top stands on one of the mover's pieces; not on {target}"
            ),
            where,
        )
    if len(cell) > 1:
        return Message(
            gettext_noop(
                "a PÜNCT-potential jumps onto a stack only when the opponent's PÜNCT-potential on top stands on one of the mover's PÜNCTs; not on {target}"
            ),
            where,
        )
    return Message(
        gettext_noop("a {kind}-potential may not land on another kind of potential ({target})"), where
    )


def _action_of(ready: Position, written: Written) -> Action:
    if written.use:
        return _use_of(ready, written)
    assert written.action is not None
    piece, origin, target = written.action
    choices = piece_choices(ready)
    if piece not in choices:
        raise IllegalMoveError(_piece_refusal(ready, piece))
    return _push_of(ready, piece, origin, target)


def _push_of(ready: Position, piece: str, origin: str, target: str) -> Push:
    entry = entry_through(origin, target)
    assert entry is not None
    end = chain_end(ready.board, entry)
    if end is None:
        raise IllegalMoveError(
            gettext_noop("the line from {dot} is full up to {far_dot}: no piece may be pushed off the board"),
            dot=origin,
            far_dot=entry.far_dot,
        )
    if SPOT_INDEX[target] not in (entry.line[0], entry.line[end]):
        raise IllegalMoveError(
            gettext_noop("{push}: the push from {dot} would end on {end}, not on {spot}"),
            push=f"{piece}{origin}-{target}",
            dot=origin,
            end=SPOT_NAMES[entry.line[end]],
            spot=target,
        )
    return Push(piece, entry, end)


def _piece_refusal(pos: Position, piece: str) -> Message:
    name = {"player": PLAYER_MESSAGES[pos.to_move]}
    state = pos.start[pos.to_move]
    if state == MUST_GIPF:
        return Message(
            gettext_noop("{player}'s first turn in a tournament game must bring a GIPF-piece into play"), name
        )
    if piece == "G":
        if pos.rules == "standard":
            return Message(
                gettext_noop("in a standard game no GIPF-piece may be brought into play (each starts with 3)")
            )
        return Message(
            gettext_noop(
                "{player} has brought a loaded or basic piece into play: no more GIPF-pieces for him"
            ),
            name,
        )
    if pos.reserve[pos.to_move] == 0:
        return Message(gettext_noop("{player} has no piece in his reserve"), name)
    if dict(pos.sets[pos.to_move]).get(piece):
        return Message(
            gettext_noop(
                "{player} has no {kind}-potential left to bring into play (a basic piece brought in loses the rest)"
            ),
            {**name, "kind": KIND_NAMES[piece]},
        )
    return Message(
        gettext_noop("{player} plays without {kind}-potentials"), {**name, "kind": KIND_NAMES[piece]}
    )


def describe_end(status: tuple[int, GipfEnd]) -> Message:
    loser, end = status
    if end == GipfEnd.NO_RESERVE:
        return Message(
            gettext_noop("{player} has no piece left to bring into play and no potential that can move"),
            {"player": PLAYER_MESSAGES[loser]},
        )
    return Message(
        gettext_noop("{player} has no GIPF-piece left on the board"), {"player": PLAYER_MESSAGES[loser]}
    )


def _refuse_if_over(ended: tuple[int, GipfEnd] | None) -> None:
    if ended is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(ended))


def play_turn(pos: Position, text: str, ply: int | None = None) -> Turn:
    """Play one written turn; the typed error of the first thing wrong names ply, move and position."""
    try:
        return _play(pos, parse_turn(text), text)
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=format_position(pos)) from None


def _play(pos: Position, written: Written, text: str) -> Turn:
    _refuse_if_over(status_at_turn_start(pos))
    lists = _Lists(written.before, text)
    labels = ALONE if written.action is None else BEFORE
    pre = _one(removals_from(pos, pos.to_move, None, lists.chooser(labels)))
    lists.close()
    if written.action is None:
        return end_by_removal(pre, text)
    _refuse_if_over(pre.ended)
    ready = pre.position
    _refuse_if_over(status_after_own_removals(ready))
    action = _action_of(ready, written)
    ending = _ending(ready, action, written, text)
    return Turn(pre.steps, action, ending.post, ending.position, ending.extra, ending.last)


def _ending(ready: Position, action: Action, written: Written, text: str) -> Ending:
    """The rest of the turn as written: the mover's rows; with a TAMSK extra push owed, the
    opponent's rows then (and those they make in turn, P-22), the extra push and the mover's rows."""
    mover = ready.to_move
    acted = after_action(ready, action)
    lists = _Lists(written.after, text)
    choose = lists.chooser(AFTER)
    post = choose(removal_options(acted.board, mover), acted.board, mover)[0]
    mid = apply_removal(acted, mover, post)
    if not extra_owed(ready, action, mid):
        return _without_extra(ready, action, closing(mid, (post,), None, None), written, lists)
    between = _one(removals_from(mid, 1 - mover, ready.board, choose))
    steps = (post, *between.steps)
    if between.ended is not None:
        return _without_extra(
            ready, action, Ending(steps, None, None, between.position, True), written, lists
        )
    if between.position.board[CENTRE] != loaded("T", mover):
        return _without_extra(ready, action, closing(between.position, steps, None, None), written, lists)
    freed = release_tamsk(between.position)
    if written.extra is None:
        if extra_pushes(freed):
            raise IllegalMoveError(
                gettext_noop(
                    "the TAMSK-potential must be used this turn: {player}'s loaded TAMSK piece reached e5, so an extra push like T:a1-b2 follows"
                ),
                player=PLAYER_MESSAGES[mover],
            )
        extra, moved, tail = None, freed, lists
    else:
        lists.close()
        extra = _push_of(freed, EXTRA, *written.extra)
        moved, tail = after_action(freed, extra), _Lists(written.last, text)
    last = tail.chooser(TAIL)(removal_options(moved.board, mover), moved.board, mover)[0]
    tail.close()
    return closing(apply_removal(moved, mover, last), steps, extra, last)


def _without_extra(
    ready: Position, action: Action, ending: Ending, written: Written, lists: _Lists
) -> Ending:
    if written.extra is not None:
        template = _no_extra(ready, action, ending)  # chosen among marked ones
        raise IllegalMoveError(template)
    lists.close()
    return ending


def end_by_removal(pre: Removals, text: str) -> Turn:
    """A turn that is only removals, the mover's rows and those they make in turn: a turn when it
    ends the game (P-28, as GIPF's Decision 16). A player left without a GIPF-piece: the game is over
    there; the mover left with no move: he stays to move."""
    ended, after = pre.ended, pre.position
    if ended is None:
        ended = status_after_own_removals(after)
        after = after if ended is None or ended[1] == GipfEnd.NO_RESERVE else pass_turn(after)
    if ended is None or status_of(after).result != Result.won_by(1 - ended[0]):
        raise InvalidNotationError(gettext_noop("'{text}' has no push"), text=text)
    return Turn(pre.steps, None, (), after)


def _no_extra(ready: Position, action: Action, ending: Ending) -> Message:
    name = {"player": PLAYER_MESSAGES[ready.to_move]}
    if not earns_extra(ready, action):
        return Message(
            gettext_noop("no extra push: this move put no loaded TAMSK piece of {player} on e5"), name
        )
    if ending.position.board[CENTRE] != loaded("T", ready.to_move):
        return Message(
            gettext_noop("no extra push: the loaded TAMSK piece on e5 was removed with its row"), name
        )
    ended = status_at_turn_start(ending.position)
    assert ended is not None
    return Message(gettext_noop("the game is over: {end}"), {"end": describe_end(ended)})


def status_of(pos: Position) -> Status:
    ended = status_at_turn_start(pos)
    if ended is None:
        ends = {
            pre.ended if pre.ended is not None else status_after_own_removals(pre.position)
            for pre in removals_from(pos, pos.to_move, None)
        }
        if len(ends) == 1:
            ended = ends.pop()
    if ended is not None:
        return Status(None, Result.won_by(1 - ended[0]), ended[1])
    return Status(pos.to_move)


# ---------------------------------------------------------------- the play API and replay


def board_points(turn: Turn) -> tuple[str, ...]:
    """The points a player picks on the board to make ``turn`` (``arbiter.engine.LegalMove.points``):
    a push's dot, then the spot next to it that gives the direction, as in GIPF (the kind of piece
    brought in is no point: turns differing only in it share their points); a potential's spot, then
    the spot it moves to (PÜNCT's neutralising and converting share them); the TAMSK extra push's dot
    and spot after the first push's. A removal alone (P-28) has none."""
    points: list[str] = []
    for action in (turn.action, turn.extra):
        if isinstance(action, Push):
            points.extend((action.entry.dot, SPOT_NAMES[action.entry.line[0]]))
        elif action is not None:
            points.extend((SPOT_NAMES[action.origin], SPOT_NAMES[action.target]))
    return tuple(points)


def path_and_removed(turn: Turn) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The points a turn went through (the push's dot and line, or a potential's from and to; the
    TAMSK extra push's after them) and the spots it took pieces from."""
    path: list[str] = []
    for action in (turn.action, turn.extra):
        if isinstance(action, Push):
            path.extend((action.entry.dot, *(SPOT_NAMES[s] for s in action.entry.line[: action.end + 1])))
        elif action is not None:
            path.extend((SPOT_NAMES[action.origin], SPOT_NAMES[action.target]))
    return tuple(path), tuple(SPOT_NAMES[spot] for spot in sorted(turn.removed()))
