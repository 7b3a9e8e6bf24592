"""Playing YINSH turn by turn: one written decision checked and played, a turn, the status.

Rules at home here: the reason a decision is refused (:func:`check`: a placement while placing, a
ring of one's own moved along a line over empty points and one group of markers, a row of five of
one's colour, one's own ring removed after a row, a pass only when no ring can move), what belongs
to one turn (:func:`play_turn`: the decisions of one player until the turn passes or the game
ends), the turns open in a position (:func:`turns`) and its status (:func:`status_of`: the end,
or who is to move and the rows he owes). :mod:`arbiter.yinsh.replay` plays a record through
:func:`play_text`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.errors import PLAYER_MESSAGES, ArbiterError, IllegalMoveError, Message, gettext_noop
from arbiter.play import REMOVAL, Owed, Status
from arbiter.verdict import Result
from arbiter.yinsh.board import EMPTY, MARKER, NAMES, RING, WINDOW_BY_ENDS, WINDOWS, line_between, rows
from arbiter.yinsh.notation import Written, format_decision, format_turn, parse_decision, split_turn
from arbiter.yinsh.position import Position, format_position
from arbiter.yinsh.rules import (
    MOVE,
    PASS,
    PLACE,
    REMOVE,
    ROW,
    Decision,
    End,
    apply,
    decisions,
    ending,
    ring_moves,
)
from arbiter.yinsh.spec import BLOCKED, MARKERS


def result_of(end: End) -> Result:
    return Result.DRAW if end.winner is None else Result.won_by(end.winner)


def describe_end(end: End, pos: Position) -> Message:
    """Why the game is over, in words."""
    if end.code == MARKERS:
        return Message(gettext_noop("no marker is left"))
    if end.code == BLOCKED:
        return Message(gettext_noop("neither player can move a ring"))
    assert end.winner is not None
    player = {"player": PLAYER_MESSAGES[end.winner]}
    if pos.target == 1:
        return Message(gettext_noop("{player} has removed a ring in a blitz game"), player)
    return Message(gettext_noop("{player} has removed three rings"), player)


def _check_move(pos: Position, src: int, dst: int, who: Message) -> Decision:
    if pos.board[src] != RING + pos.to_move:
        raise IllegalMoveError(
            gettext_noop("there is no ring of {player}'s on {point}"), point=NAMES[src], player=who
        )
    path = line_between(src, dst)
    if path is None:
        raise IllegalMoveError(
            gettext_noop("{dst} is not on a line from {src}"), src=NAMES[src], dst=NAMES[dst]
        )
    if pos.board[dst] != EMPTY:
        raise IllegalMoveError(
            gettext_noop("a ring moves to an empty point: {dst} is not empty"), dst=NAMES[dst]
        )
    jumping = False
    for point in path[:-1]:
        here = pos.board[point]
        if RING <= here < MARKER:
            raise IllegalMoveError(
                gettext_noop("a ring may not pass over a ring (on {point})"), point=NAMES[point]
            )
        if here >= MARKER:
            jumping = True
        elif jumping:
            raise IllegalMoveError(
                gettext_noop("no marker may stay behind a jump: after the markers the ring stops on {point}"),
                point=NAMES[point],
            )
    return Decision(MOVE, src, dst)


def _check_row(pos: Position, written: Written) -> Decision:
    window = WINDOW_BY_ENDS.get((written.points[0], written.points[1]))
    if window is None or window not in rows(pos.board, pos.to_move):
        raise IllegalMoveError(
            gettext_noop("this row is not five markers of your colour ({player}): {row}"),
            player=PLAYER_MESSAGES[pos.to_move],
            row=written.text,
        )
    return Decision(ROW, window)


def _owed_now(pos: Position, written: Written, who: Message) -> None:
    """Refuse a decision other than the one the turn owes now (a ring, a row, a placement)."""
    if pos.placing and written.kind != PLACE:
        raise IllegalMoveError(
            gettext_noop("{player} places a ring: ten rings are placed before the first move"), player=who
        )
    if not pos.placing and written.kind == PLACE:
        raise IllegalMoveError(
            gettext_noop("the rings are all placed: {player} moves a ring (e5-e8)"), player=who
        )
    if pos.ring_owed and written.kind != REMOVE:
        raise IllegalMoveError(
            gettext_noop("{player} has taken a row and removes one of his rings now"), player=who
        )
    found = rows(pos.board, pos.to_move)
    if found and not pos.ring_owed and written.kind != ROW:
        options = ", ".join(format_decision(Decision(ROW, window)) for window in found)
        raise IllegalMoveError(
            gettext_noop("{player} has a row of his colour to take first: {options}"),
            options=options,
            player=who,
        )
    if written.kind == REMOVE and not pos.ring_owed:
        raise IllegalMoveError(gettext_noop("a ring is removed only after a row of five is taken"))


def check(pos: Position, written: Written) -> Decision:
    """The decision written, when the rules allow it now; else the typed error saying why."""
    end = ending(pos)
    if end is not None:
        raise IllegalMoveError(gettext_noop("{end}: the game is over"), end=describe_end(end, pos))
    who = PLAYER_MESSAGES[pos.to_move]
    _owed_now(pos, written, who)
    kind = written.kind
    if kind == PLACE:
        if pos.board[written.points[0]] != EMPTY:
            raise IllegalMoveError(gettext_noop("{point} is not empty"), point=NAMES[written.points[0]])
        return Decision(PLACE, written.points[0])
    if kind == REMOVE:
        if pos.board[written.points[0]] != RING + pos.to_move:
            raise IllegalMoveError(
                gettext_noop("there is no ring of {player}'s on {point}"),
                point=NAMES[written.points[0]],
                player=who,
            )
        return Decision(REMOVE, written.points[0])
    if kind == ROW:
        return _check_row(pos, written)
    if kind == PASS:
        if ring_moves(pos.board, pos.to_move):
            raise IllegalMoveError(
                gettext_noop("{player} can move a ring: a player passes only when none can move"), player=who
            )
        return Decision(PASS)
    return _check_move(pos, written.points[0], written.points[1], who)


@dataclass(frozen=True, slots=True)
class Step:
    """One turn played: the position after it, its decisions, the points the move went through
    (a placement's point, a move's ring and destination) and the points cleared (rows, rings)."""

    position: Position
    decisions: tuple[Decision, ...]
    path: tuple[str, ...]
    removed: tuple[str, ...]

    def notation(self) -> str:
        return format_turn(self.decisions)


def _cleared(decision: Decision) -> tuple[str, ...]:
    if decision.kind == ROW:
        return tuple(NAMES[point] for point in WINDOWS[decision.a])
    return (NAMES[decision.a],) if decision.kind == REMOVE else ()


def play_turn(pos: Position, tokens: list[str]) -> Step:
    """Play the decisions of one turn: one player's, until the turn passes or the game ends."""
    player = pos.to_move
    done: list[Decision] = []
    path: tuple[str, ...] = ()
    removed: list[str] = []
    for token in tokens:
        end = ending(pos) if done else None
        if end is not None:
            raise IllegalMoveError(gettext_noop("{end}: the game is over"), end=describe_end(end, pos))
        if done and pos.to_move != player:
            raise IllegalMoveError(
                gettext_noop("the turn is over after '{previous}': '{token}' does not belong to it"),
                previous=format_decision(done[-1]),
                token=token,
            )
        decision = check(pos, parse_decision(token))
        if decision.kind in (PLACE, MOVE):
            path = tuple(NAMES[point] for point in (decision.a, decision.b) if point >= 0)
        removed.extend(_cleared(decision))
        pos = apply(pos, decision)
        done.append(decision)
    if pos.to_move == player and ending(pos) is None:
        raise IllegalMoveError(
            gettext_noop("the turn is not complete: {player} still {what}"),
            player=PLAYER_MESSAGES[pos.to_move],
            what=_still(pos),
        )
    return Step(pos, tuple(done), path, tuple(removed))


def _still(pos: Position) -> Message:
    what = (
        gettext_noop("removes a ring")
        if pos.ring_owed
        else gettext_noop("takes a row")
        if rows(pos.board, pos.to_move)
        else gettext_noop("moves a ring")
    )
    return Message(what)


def play_text(pos: Position, text: str, ply: int | None = None) -> Step:
    """Play one turn written in the record notation; the typed error of the first thing wrong
    names ``ply``, the turn and the position."""
    try:
        return play_turn(pos, split_turn(text))
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=format_position(pos)) from None


def turns(pos: Position) -> list[tuple[tuple[Decision, ...], Position]]:
    """Every turn open in the position: its decisions and the position after it."""
    player = pos.to_move
    out: list[tuple[tuple[Decision, ...], Position]] = []
    stack: list[tuple[tuple[Decision, ...], Position]] = [((), pos)]
    while stack:
        done, here = stack.pop()
        if done and (here.to_move != player or ending(here) is not None):
            out.append((done, here))
            continue
        for decision in reversed(decisions(here)):
            stack.append(((*done, decision), apply(here, decision)))
    return out


def status_of(pos: Position) -> Status:
    """Over (the end and its result), else who is to move and the rows he owes a choice of."""
    end = ending(pos)
    score = pos.removed
    if end is not None:
        return Status(None, result_of(end), end.code, score=score)
    found = rows(pos.board, pos.to_move) if not pos.ring_owed else []
    owed: tuple[Owed, ...] = ()
    if len(found) > 1:
        owed = (Owed(pos.to_move, REMOVAL, tuple(format_decision(Decision(ROW, w)) for w in found)),)
    return Status(pos.to_move, owed=owed, score=score)


def decision_points(decision: Decision) -> tuple[str, ...]:
    """The points a player picks on the board for a decision: a row by its two end markers."""
    if decision.kind == ROW:
        window = WINDOWS[decision.a]
        return (NAMES[window[0]], NAMES[window[-1]])
    return tuple(NAMES[point] for point in (decision.a, decision.b) if point >= 0)
