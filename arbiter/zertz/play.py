"""Playing ZÈRTZ turn by turn: one written turn checked and played, and the status of a position.

Rules at home here: the reason a turn is refused (:func:`check`: the game over, a placement while a
capture is possible, a colour the marble may not be of, a ring that is not vacant, a removal that
is missing, not wanted or not of a free ring, a jump that is none, a chain written past a goal or
stopped while the marble can jump again), what a turn did (:class:`Step`) and the status of a
position (:func:`status_of`). :mod:`arbiter.zertz.replay` plays a record through :func:`play_text`.
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.errors import PLAYER_MESSAGES, ArbiterError, IllegalMoveError, Message, gettext_noop
from arbiter.play import Status
from arbiter.verdict import Result
from arbiter.zertz.board import STEPS
from arbiter.zertz.notation import (
    Written,
    WrittenCapture,
    WrittenPlacement,
    read_token,
    ring_names,
    write_capture,
    write_placement,
)
from arbiter.zertz.position import Position, Triple, holds_goal
from arbiter.zertz.rules import (
    NONE,
    Capture,
    Chain,
    End,
    Move,
    Placement,
    captures,
    chain_of,
    colours_to_place,
    empty_sides,
    ending,
    free_rings,
    place,
)
from arbiter.zertz.rules import capture as play_chain
from arbiter.zertz.spec import BOARD_FULL, GOAL, NO_MARBLE

#: a marble of each colour, and marbles of each colour, as messages name them
MARBLE = (
    Message(gettext_noop("white marble")),
    Message(gettext_noop("grey marble")),
    Message(gettext_noop("black marble")),
)
MARBLES = (
    Message(gettext_noop("white marbles")),
    Message(gettext_noop("grey marbles")),
    Message(gettext_noop("black marbles")),
)
#: the goals (ZT-1) in words
GOAL_WORDS: dict[tuple[int, int, int], str] = {
    (3, 3, 3): gettext_noop("three marbles of each colour"),
    (4, 0, 0): gettext_noop("four white marbles"),
    (0, 5, 0): gettext_noop("five grey marbles"),
    (0, 0, 6): gettext_noop("six black marbles"),
    (2, 2, 2): gettext_noop("two marbles of each colour"),
    (3, 0, 0): gettext_noop("three white marbles"),
    (0, 4, 0): gettext_noop("four grey marbles"),
    (0, 0, 5): gettext_noop("five black marbles"),
}


def result_of(end: End) -> Result:
    return Result.DRAW if end.winner is None else Result.won_by(end.winner)


def goal_words(position: Position, captured: Triple) -> Message:
    """The goal ``captured`` holds, in words (the first of the variant's goals it holds)."""
    for goal in position.rules.goals:
        if all(have >= need for have, need in zip(captured, goal, strict=True)):
            return Message(GOAL_WORDS[goal])
    raise ValueError("no goal is held")


def describe_end(end: End, position: Position) -> Message:
    """Why the game is over, in words."""
    if end.code == GOAL:
        assert end.winner is not None
        return Message(
            gettext_noop("{player} has {goal}"),
            {
                "player": PLAYER_MESSAGES[end.winner],
                "goal": goal_words(position, position.captures[end.winner]),
            },
        )
    if end.code == BOARD_FULL:
        return Message(gettext_noop("no ring is left on the board"))
    if end.code == NO_MARBLE:
        return Message(
            gettext_noop("{player} can capture nothing and has no marble to place"),
            {"player": PLAYER_MESSAGES[position.to_move]},
        )
    return Message(gettext_noop("the position has occurred three times"))


class Step(NamedTuple):
    """One turn played: the position after it, its notation, the rings picked to make it (``path``:
    a placement's ring and the ring removed; a capture's marble and its landings) and the rings
    whose marbles it took off the board (``removed``: the marbles jumped, the rings claimed)."""

    position: Position
    notation: str
    path: tuple[str, ...]
    removed: tuple[str, ...]


def written_of(position: Position, move: Move) -> str:
    """The notation of a legal turn in ``position``."""
    geometry = position.geometry
    if isinstance(move, Placement):
        return write_placement(move, geometry)
    chain = chain_of(position, move)
    return write_capture(move, _colours(position, chain.jumped), geometry)


def _colours(position: Position, rings: tuple[int, ...]) -> tuple[int, ...]:
    found = []
    for ring in rings:
        colour = position.colour_at(ring)
        assert colour is not None
        found.append(colour)
    return tuple(found)


def play_move(position: Position, move: Move) -> Step:
    """Play a legal turn."""
    geometry = position.geometry
    path = ring_names(move, geometry)
    if isinstance(move, Placement):
        after, taken = place(position, move)
        return Step(after, write_placement(move, geometry), path, tuple(geometry.names_of(taken)))
    chain = chain_of(position, move)
    notation = write_capture(move, _colours(position, chain.jumped), geometry)
    return Step(
        play_chain(position, chain), notation, path, tuple(geometry.name_by_bit[r] for r in chain.jumped)
    )


# ---------------------------------------------------------------------------------------------
# Checking a written turn


def check(position: Position, written: Written) -> Move:
    """The turn written, when the rules allow it now; else the typed error saying why."""
    end = ending(position)
    if end is not None:
        raise IllegalMoveError(gettext_noop("{end}: the game is over"), end=describe_end(end, position))
    chains = captures(position)
    if isinstance(written, WrittenPlacement):
        if chains:
            raise IllegalMoveError(gettext_noop("a capture is possible: the turn must capture"))
        return _check_placement(position, written)
    if not chains:
        raise IllegalMoveError(gettext_noop("no marble can jump: the turn is a placement"))
    return _check_capture(position, written, chains)


def _name(position: Position, ring: int) -> str:
    return position.geometry.name_by_bit[ring]


def _check_colour(position: Position, colour: int) -> None:
    if colour in colours_to_place(position):
        return
    player = PLAYER_MESSAGES[position.to_move]
    if not any(position.pool):
        raise IllegalMoveError(
            gettext_noop("{marble}: the pool is empty and {player} has captured none"),
            marble=MARBLE[colour],
            player=player,
        )
    if position.captures[position.to_move][colour]:
        left = [MARBLES[c] for c in range(3) if position.pool[c]]
        while len(left) > 1:
            left[-2:] = [
                Message(gettext_noop("{first} and {second}"), {"first": left[-2], "second": left[-1]})
            ]
        raise IllegalMoveError(
            gettext_noop("the pool still has {marbles}: a captured marble may not be played"), marbles=left[0]
        )
    raise IllegalMoveError(gettext_noop("{marble}: none is left in the pool"), marble=MARBLE[colour])


def _check_ring(position: Position, ring: int) -> None:
    if not position.rings >> ring & 1:
        raise IllegalMoveError(
            gettext_noop("there is no ring on {ring} any more"), ring=_name(position, ring)
        )
    if position.occupied >> ring & 1:
        raise IllegalMoveError(
            gettext_noop("{ring} is not vacant: a marble goes on a vacant ring"), ring=_name(position, ring)
        )


def _refuse_removal(position: Position, placed: int, removed: int) -> None:
    """Why ``removed`` may not be removed after a marble put on ``placed``."""
    name = _name(position, removed)
    if removed == placed:
        raise IllegalMoveError(
            gettext_noop("{ring} was just filled: the ring removed must be vacant"), ring=name
        )
    if not position.rings >> removed & 1:
        raise IllegalMoveError(gettext_noop("there is no ring on {ring} any more"), ring=name)
    if position.occupied >> removed & 1:
        raise IllegalMoveError(
            gettext_noop("{ring} holds a marble: only a vacant ring is removed"), ring=name
        )
    sides = empty_sides(position.rings, removed)
    if len(sides) >= 2:
        raise IllegalMoveError(
            gettext_noop("{ring} is not free: its empty sides are not next to each other"), ring=name
        )
    raise IllegalMoveError(
        gettext_noop("{ring} is not free: fewer than two of its sides are empty"), ring=name
    )


def _check_placement(position: Position, written: WrittenPlacement) -> Placement:
    _check_colour(position, written.colour)
    _check_ring(position, written.ring)
    free = free_rings(position.rings, position.vacant) & ~(1 << written.ring)
    if written.removed == NONE:
        if free:
            raise IllegalMoveError(
                gettext_noop("a free ring must be removed after the placement (free: {rings})"),
                rings=", ".join(position.geometry.names_of(free)),
            )
        return Placement(written.colour, written.ring)
    if not free >> written.removed & 1:
        _refuse_removal(position, written.ring, written.removed)
    return Placement(written.colour, written.ring, written.removed)


def _jump_step(source: int, landing: int) -> int | None:
    for step in STEPS:
        if source + 2 * step == landing:
            return step
    return None


def _check_capture(position: Position, written: WrittenCapture, chains: list[Chain]) -> Capture:
    names = position.geometry.name_by_bit
    start = written.start
    if position.colour_at(start) is None:
        raise IllegalMoveError(gettext_noop("there is no marble on {ring}"), ring=names[start])
    rings = position.rings
    marbles = list(position.marbles)
    mover = position.colour_at(start)
    assert mover is not None
    captured = position.captures[position.to_move]
    cur = start
    for colour, land in written.jumps:
        if holds_goal(position.rules, captured):
            raise IllegalMoveError(
                gettext_noop(
                    "{player} has {goal} after the jump to {ring}: the game is over, the capture stops there"
                ),
                player=PLAYER_MESSAGES[position.to_move],
                goal=goal_words(position, captured),
                ring=names[cur],
            )
        step = _jump_step(cur, land)
        if step is None:
            raise IllegalMoveError(
                gettext_noop(
                    "from {source} to {target} is no jump: a marble jumps a marble next to it onto the ring straight behind"
                ),
                source=names[cur],
                target=names[land],
            )
        middle = cur + step
        found = next((c for c in range(3) if marbles[c] >> middle & 1), None)
        if found is None:
            raise IllegalMoveError(
                gettext_noop("there is no marble between {source} and {target} to jump"),
                source=names[cur],
                target=names[land],
            )
        if found != colour:
            raise IllegalMoveError(
                gettext_noop("{ring} holds a {found}, not a {written}"),
                ring=names[middle],
                found=MARBLE[found],
                written=MARBLE[colour],
            )
        occupied = marbles[0] | marbles[1] | marbles[2]
        if not rings >> land & 1:
            raise IllegalMoveError(gettext_noop("there is no ring on {ring} any more"), ring=names[land])
        if occupied >> land & 1:
            raise IllegalMoveError(
                gettext_noop("{ring} is not vacant: a marble lands on a vacant ring"), ring=names[land]
            )
        marbles[found] &= ~(1 << middle)
        marbles[mover] = (marbles[mover] & ~(1 << cur)) | 1 << land
        captured = _plus_one(captured, found)
        cur = land
    move = Capture(start, tuple(land for _colour, land in written.jumps))
    if any(chain.move == move for chain in chains):
        return move
    raise IllegalMoveError(
        gettext_noop("the marble on {ring} can jump again: a capture goes on while it can"), ring=names[cur]
    )


def _plus_one(triple: Triple, colour: int) -> Triple:
    values = list(triple)
    values[colour] += 1
    return (values[0], values[1], values[2])


def play_text(position: Position, text: str, ply: int | None = None) -> Step:
    """Play one turn written in the record notation; the typed error of the first thing wrong names
    ``ply``, the turn and the position."""
    try:
        written = read_token(text.strip(), position.geometry)
        return play_move(position, check(position, written))
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=position.text()) from None


def status_of(position: Position) -> Status:
    """Over (the end and its result), else who is to move."""
    end = ending(position)
    if end is not None:
        return Status(None, result_of(end), end.code)
    return Status(position.to_move)
