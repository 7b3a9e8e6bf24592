"""GIPF with potentials: a written turn played or refused, the play calls and replay."""

from __future__ import annotations

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
from arbiter.gipf.potentials.notation import Written, parse_turn
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
    Push,
    Removal,
    Turn,
    Use,
    after_action,
    apply_removal,
    chain_end,
    earns_extra,
    extra_owed,
    extra_pushes,
    neighbours,
    no_removal,
    pass_turn,
    piece_choices,
    potential_targets,
    release_tamsk,
    removal_options,
    removal_text,
    status_after_own_removals,
    status_at_turn_start,
)
from arbiter.play import Status
from arbiter.verdict import Result


def _choose(
    options: list[Removal], items: tuple[tuple[str, str], ...], board: Board, what: Message
) -> Removal:
    if not items:
        for option in options:
            if not option.removed:
                return option
        if len(options) == 1:
            return options[0]
        raise AmbiguousMoveError(
            gettext_noop("the record does not say how to remove {what}"),
            options=[removal_text(option) for option in options],
            what=what,
        )
    spots = []
    for name, mark in items:
        spot = SPOT_INDEX[name]
        if mark and board[spot].upper() != mark:
            raise IllegalMoveError(
                gettext_noop("{name} is marked {mark} but holds no such piece"), name=name, mark=mark
            )
        spots.append(spot)
    for option in options:
        if option.layers == tuple(sorted(spots)):
            return option
    raise IllegalMoveError(
        gettext_noop("{written} is not a legal removal of {what}; legal: {legal}"),
        written="x" + ",".join(SPOT_NAMES[s] for s in sorted(spots)),
        what=what,
        legal=" | ".join(removal_text(option) if option.removed else "no removal" for option in options),
    )


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


def play_turn(pos: Position, text: str, ply: int | None = None) -> Turn:
    """Play one written turn; the typed error of the first thing wrong names ply, move and position."""
    try:
        written = parse_turn(text)
        ended = status_at_turn_start(pos)
        if ended is not None:
            raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(ended))
        mover = pos.to_move
        name = PLAYER_MESSAGES[mover]
        if written.action is None:
            return end_by_removal(pos, written, text)
        pre = _choose(
            removal_options(pos.board, mover),
            written.before,
            pos.board,
            Message(gettext_noop("{player}'s rows at the start of his turn"), {"player": name}),
        )
        ready = apply_removal(pos, mover, pre)
        ended = status_after_own_removals(ready)
        if ended is not None:
            raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(ended))
        action = _action_of(ready, written)
        acted = after_action(ready, action)
        rows = Message(gettext_noop("the rows {player}'s move made in his colour"), {"player": name})
        post = _choose(removal_options(acted.board, mover), written.after, acted.board, rows)
        mid = apply_removal(acted, mover, post)
        if not extra_owed(ready, action, mid):
            if written.extra is not None:
                template = _no_extra(ready, action, mid)  # chosen among marked ones
                raise IllegalMoveError(template)
            if written.last:
                raise InvalidNotationError(
                    gettext_noop("'{text}' lists removals twice in one place"), text=text
                )
            return Turn(pre, action, post, pass_turn(mid))
        freed = release_tamsk(mid)
        if written.extra is None:
            if extra_pushes(freed):
                raise IllegalMoveError(
                    gettext_noop(
                        "the TAMSK-potential must be used this turn: {player}'s loaded TAMSK piece reached e5, so an extra push like T:a1-b2 follows"
                    ),
                    player=name,
                )
            extra = None
            moved = freed
        else:
            extra = _push_of(freed, EXTRA, *written.extra)
            moved = after_action(freed, extra)
        tail = Message(gettext_noop("the rows {player}'s extra push made in his colour"), {"player": name})
        last = _choose(removal_options(moved.board, mover), written.last, moved.board, tail)
        return Turn(pre, action, post, pass_turn(apply_removal(moved, mover, last)), extra, last)
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=format_position(pos)) from None


def end_by_removal(pos: Position, written: Written, text: str) -> Turn:
    """A turn that is only the removal of the mover's rows: a turn when it ends the game (P-28, as
    GIPF's Decision 16). A player left without a GIPF-piece: the turn passes; the mover left with
    no move: he stays to move."""
    mover = pos.to_move
    removal = _choose(
        removal_options(pos.board, mover),
        written.before,
        pos.board,
        Message(gettext_noop("{player}'s rows"), {"player": PLAYER_MESSAGES[mover]}),
    )
    ready = apply_removal(pos, mover, removal)
    ended = status_after_own_removals(ready)
    after = ready if ended is None or ended[1] == GipfEnd.NO_RESERVE else pass_turn(ready)
    if ended is None or status_of(after).result != Result.won_by(1 - ended[0]):
        raise InvalidNotationError(gettext_noop("'{text}' has no push"), text=text)
    return Turn(removal, None, no_removal(ready.board), after)


def _no_extra(ready: Position, action: Action, mid: Position) -> Message:
    name = {"player": PLAYER_MESSAGES[ready.to_move]}
    if not earns_extra(ready, action):
        return Message(
            gettext_noop("no extra push: this move put no loaded TAMSK piece of {player} on e5"), name
        )
    if mid.board[CENTRE] != loaded("T", ready.to_move):
        return Message(
            gettext_noop("no extra push: the loaded TAMSK piece on e5 was removed with its row"), name
        )
    ended = status_at_turn_start(pass_turn(mid))
    assert ended is not None
    return Message(gettext_noop("the game is over: {end}"), {"end": describe_end(ended)})


def status_of(pos: Position) -> Status:
    ended = status_at_turn_start(pos)
    if ended is None:
        ends = {
            status_after_own_removals(apply_removal(pos, pos.to_move, option))
            for option in removal_options(pos.board, pos.to_move)
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
    spots = turn.pre.removed | turn.post.removed | (turn.last.removed if turn.last else frozenset())
    return tuple(path), tuple(SPOT_NAMES[spot] for spot in sorted(spots))
