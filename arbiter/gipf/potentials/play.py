"""GIPF with potentials: a written turn played or refused, the play calls and replay."""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.errors import (
    PLAYER_MESSAGES,
    AmbiguousMoveError,
    ArbiterError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidRecordError,
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
    GAME_KEYS,
    GAME_NAMES,
    KIND_NAMES,
    Board,
    Position,
    colour,
    format_position,
    is_loaded,
    loaded,
    parse_position,
    parse_sets,
    start_position,
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
    pass_turn,
    perft_counts,
    piece_choices,
    potential_targets,
    release_tamsk,
    removal_options,
    removal_text,
    status_after_own_removals,
    status_at_turn_start,
    turns,
)
from arbiter.play import Played, Status
from arbiter.records import check_result_tag, parse_tagged
from arbiter.verdict import Result, Termination, Verdict


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


def _sets_of(options: Mapping[str, str | int | bool] | None) -> tuple[dict[str, int], dict[str, int]]:
    options = dict(options or {})
    unknown = sorted(set(options) - {"potentials"})
    if unknown:
        raise InvalidOptionError(
            gettext_noop("unknown option '{option}' for {game}"),
            option=unknown[0],
            game="GIPF with potentials",
        )
    value = options.get("potentials")
    if not isinstance(value, str):
        raise InvalidOptionError(
            gettext_noop("a game with potentials needs the option 'potentials' (like 'Z6 Y6')")
        )
    return parse_sets(value)


class PotentialsGame:
    """start / legal_moves / play / status / replay / perft for the variant (the play API's calls)."""

    games = tuple(GAME_KEYS)

    def start(self, variant: str, options: Mapping[str, str | int | bool] | None = None) -> str:
        if variant not in GAME_KEYS:
            raise InvalidOptionError(gettext_noop("'{game}' is not a game with potentials"), game=variant)
        return format_position(start_position(variant, _sets_of(options)))

    def legal_moves(self, position: str) -> list[str]:
        return [turn.notation() for turn in turns(parse_position(position))]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        before = parse_position(position)
        turn = play_turn(before, move, ply)
        spots = turn.pre.removed | turn.post.removed | (turn.last.removed if turn.last else frozenset())
        removed = tuple(SPOT_NAMES[spot] for spot in sorted(spots))
        action = turn.action
        if isinstance(action, Push):
            path = (action.entry.dot, *(SPOT_NAMES[s] for s in action.entry.line[: action.end + 1]))
        else:
            path = (SPOT_NAMES[action.origin], SPOT_NAMES[action.target])
        return Played(
            format_position(before),
            format_position(turn.position),
            turn.notation(),
            path,
            removed,
            status_of(turn.position),
        )

    def status(self, position: str) -> Status:
        return status_of(parse_position(position))

    def perft(self, game: str, depth: int, potentials: str) -> list[int]:
        return perft_counts(start_position(game, parse_sets(potentials)), depth)

    def replay(self, text: str) -> Verdict:
        """A record: ``[Game "GIPF standard with potentials"]`` and ``[Potentials "Z6 Y6"]``."""
        record = parse_tagged(text)
        tags = record.tags
        key = next(
            (k for k, name in GAME_NAMES.items() if name.lower() == tags.get("Game", "").strip().lower()),
            None,
        )
        verdict = Verdict(game=key or "", valid=False, tags=dict(tags))
        if key is None:
            verdict.error = InvalidRecordError(
                gettext_noop(
                    'the Game tag must name GIPF standard or tournament with potentials, not "{tag}"'
                ),
                tag=tags.get("Game", ""),
            )
            return verdict
        try:
            pos = start_position(key, parse_sets(tags.get("Potentials", "")))
        except ArbiterError as exc:
            verdict.error = exc
            return verdict
        words = {"1-0", "0-1", "resign", "time", "*"}
        cut = next(
            (i for i, token in enumerate(record.tokens) if token in words or token == "arbiter"),
            len(record.tokens),
        )
        for token in record.tokens[:cut]:
            try:
                pos = play_turn(pos, token, verdict.plies + 1).position
            except ArbiterError as exc:
                verdict.error = exc
                verdict.final_position = format_position(pos)
                return verdict
            verdict.plies += 1
            verdict.moves.append(token)
        verdict.final_position = format_position(pos)
        ending = record.tokens[cut:]
        state = status_of(pos)
        try:
            if state.ended:
                if ending and ending != ["*"] and ending != [state.result]:
                    raise InvalidRecordError(
                        gettext_noop(
                            "the record ends with '{word}' but the game is over, so the result is {result}"
                        ),
                        word=" ".join(ending),
                        result=str(state.result),
                    )
                result, termination = state.result, str(state.termination)
            elif ending in (["resign"], ["time"]):
                result = Result.won_by(1 - pos.to_move)
                termination = Termination.RESIGNATION if ending == ["resign"] else Termination.TIME
            elif len(ending) == 2 and ending[0] == "arbiter" and ending[1] in ("1-0", "0-1"):
                result, termination = Result(ending[1]), Termination.ARBITER
            elif not ending or ending == ["*"]:
                result, termination = None, Termination.UNFINISHED
            else:
                raise InvalidRecordError(
                    gettext_noop("the record ends with '{word}' but the game is not over"),
                    word=" ".join(ending),
                )
            check_result_tag(tags, result)
        except ArbiterError as exc:
            verdict.error = exc.at(position=verdict.final_position)
            return verdict
        verdict.valid = True
        verdict.result = result
        verdict.termination = termination
        return verdict


GAME = PotentialsGame()
