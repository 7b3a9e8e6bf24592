"""The ZÈRTZ rules: the turns open in a position, playing one, the end, and the move tree's count.

A turn is a placement or a capture (ZT-8: a capture whenever one is possible). Rules at home here:

* the free ring (ZT-5, :func:`free_rings`): a vacant ring two of whose neighbouring places, next to
  each other around it, hold no ring (off the board, removed or claimed alike);
* the placement (:class:`Placement`): a marble from the pool while it holds any, else from the
  mover's captures (ZT-7, :func:`colours_to_place`), on a vacant ring, then a free ring other than
  that one removed whenever there is one (ZT-6), then every group of rings without a vacant ring
  claimed by the mover (ZT-9, :func:`claimed`);
* the capture (:class:`Capture`, :func:`captures`): one marble jumps, again while it can, choosing
  freely, and stops at the jump that reaches a goal (ZT-10); it removes and claims nothing;
* the end (:func:`ending`), tested in this order: a goal, no ring left (ZT-11), the third
  repetition (ZT-13), a player to move who can neither capture nor place (ZT-12);
* perft's unit (ZT-16): one turn, a whole chain one move (:func:`perft_counts`).

A ring is a bit (:mod:`arbiter.zertz.board`); a move names rings by their bits.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from arbiter.perft import leaf_counts
from arbiter.zertz.board import STEPS, bits, reached, shifted
from arbiter.zertz.position import Position, Triple, holds_goal
from arbiter.zertz.spec import BOARD_FULL, GOAL, NO_MARBLE, REPETITION

NONE = -1  # no ring removed


class Placement(NamedTuple):
    """A marble of ``colour`` (0 white, 1 grey, 2 black) put on ``ring``, then ``removed`` taken off
    the board (:data:`NONE` when no ring is free)."""

    colour: int
    ring: int
    removed: int = NONE


class Capture(NamedTuple):
    """The marble on ``start`` jumping to each of ``landings`` in turn."""

    start: int
    landings: tuple[int, ...]


Move = Placement | Capture


class End(NamedTuple):
    """How a game ended: the winner (None: a draw) and the end's code."""

    winner: int | None
    code: str


# ---------------------------------------------------------------------------------------------
# Rings and jumps


def free_rings(rings: int, vacant: int) -> int:
    """The free rings (ZT-5): vacant rings with two places next to each other around them that hold
    no ring."""
    absent = [~shifted(rings, step) for step in STEPS]
    open_pairs = 0
    for side in range(6):
        open_pairs |= absent[side] & absent[(side + 1) % 6]
    return vacant & open_pairs


def empty_sides(rings: int, ring: int) -> list[int]:
    """Which of the six places around ``ring`` hold no ring (their indices in :data:`STEPS`)."""
    return [side for side, step in enumerate(STEPS) if not rings >> (ring + step) & 1]


def jumpers(position: Position) -> int:
    """The marbles that can jump now (over a marble next to them onto the vacant ring behind it)."""
    occupied, vacant = position.occupied, position.vacant
    found = 0
    for step in STEPS:
        found |= occupied & shifted(occupied, step) & shifted(vacant, 2 * step)
    return found


def can_capture(position: Position) -> bool:
    return jumpers(position) != 0


def colours_to_place(position: Position) -> list[int]:
    """The colours the player to move may place (ZT-7): the pool's while it holds any marble, else
    those among his captures."""
    source = position.pool if any(position.pool) else position.captures[position.to_move]
    return [colour for colour in range(3) if source[colour]]


def _add(triple: Triple, colour: int, count: int) -> Triple:
    values = list(triple)
    values[colour] += count
    return (values[0], values[1], values[2])


def _captures_of(position: Position, side: Triple) -> tuple[Triple, Triple]:
    return (side, position.captures[1]) if position.to_move == 0 else (position.captures[0], side)


# ---------------------------------------------------------------------------------------------
# Capture chains


class Chain(NamedTuple):
    """A whole capture turn: the move, the marbles left (white, grey, black masks), the mover's
    captures after it and the rings jumped over."""

    move: Capture
    marbles: tuple[int, int, int]
    captured: Triple
    jumped: tuple[int, ...]


def captures(position: Position) -> list[Chain]:
    """Every capture turn open to the player to move (ZT-8, ZT-10), marble by marble."""
    out: list[Chain] = []
    rules = position.rules
    rings = position.rings

    def walk(
        cur: int,
        colour: int,
        marbles: tuple[int, int, int],
        captured: Triple,
        path: tuple[int, ...],
        over: tuple[int, ...],
    ) -> None:
        occupied = marbles[0] | marbles[1] | marbles[2]
        vacant = rings & ~occupied
        jumped_any = False
        for step in STEPS:
            middle = cur + step
            if not occupied >> middle & 1:
                continue
            land = middle + step
            if land < 0 or not vacant >> land & 1:
                continue
            jumped_any = True
            taken = next(c for c in range(3) if marbles[c] >> middle & 1)
            after = list(marbles)
            after[taken] &= ~(1 << middle)
            after[colour] = (after[colour] & ~(1 << cur)) | 1 << land
            now = (after[0], after[1], after[2])
            have = _add(captured, taken, 1)
            if holds_goal(rules, have):
                out.append(Chain(Capture(path[0], (*path[1:], land)), now, have, (*over, middle)))
            else:
                walk(land, colour, now, have, (*path, land), (*over, middle))
        if not jumped_any and len(path) > 1:
            out.append(Chain(Capture(path[0], path[1:]), marbles, captured, over))

    mine = position.captures[position.to_move]
    for start in bits(jumpers(position)):
        colour = position.colour_at(start)
        assert colour is not None
        walk(start, colour, position.marbles, mine, (start,), ())
    return out


# ---------------------------------------------------------------------------------------------
# Placements


def placements(position: Position) -> list[Placement]:
    """Every placement open to the player to move (no capture being possible), colour by colour,
    ring by ring, then by the ring removed."""
    vacant = position.vacant
    free = free_rings(position.rings, vacant)
    out: list[Placement] = []
    for colour in colours_to_place(position):
        for ring in bits(vacant):
            others = free & ~(1 << ring)
            if others:
                out.extend(Placement(colour, ring, removed) for removed in bits(others))
            else:
                out.append(Placement(colour, ring))
    return out


def count_placements(position: Position) -> int:
    """``len(placements(position))`` counted: a ring on a free ring leaves one fewer to remove."""
    vacant = position.vacant
    free = bin(free_rings(position.rings, vacant)).count("1")
    others = bin(vacant).count("1") - free
    per_colour = free * max(free - 1, 1) + others * max(free, 1)
    return len(colours_to_place(position)) * per_colour


def claimed(rings: int, vacant: int) -> int:
    """The rings of the groups that hold no vacant ring (ZT-9)."""
    return rings & ~reached(vacant, rings)


# ---------------------------------------------------------------------------------------------
# Playing a turn


def _after(before: Position, turned: Position) -> Position:
    """The turn's position with the history a repetition counts (ZT-13): the position before is
    kept while the pool is empty and no ring left the board, else the history starts afresh."""
    if any(before.pool) or turned.rings != before.rings:
        return turned
    return Position(
        turned.game,
        turned.rings,
        turned.marbles,
        turned.pool,
        turned.captures,
        turned.to_move,
        (*before.seen, before.key()),
    )


def place(position: Position, move: Placement) -> tuple[Position, int]:
    """Play a legal placement: the position after it and the rings claimed."""
    colour, ring, removed = move
    marbles = list(position.marbles)
    marbles[colour] |= 1 << ring
    pool = position.pool
    mine = position.captures[position.to_move]
    if any(pool):
        pool = _add(pool, colour, -1)
    else:
        mine = _add(mine, colour, -1)
    rings = position.rings if removed == NONE else position.rings & ~(1 << removed)
    occupied = marbles[0] | marbles[1] | marbles[2]
    taken = claimed(rings, rings & ~occupied)
    if taken:
        for c in range(3):
            mine = _add(mine, c, bin(marbles[c] & taken).count("1"))
            marbles[c] &= ~taken
        rings &= ~taken
    turned = Position(
        position.game,
        rings,
        (marbles[0], marbles[1], marbles[2]),
        pool,
        _captures_of(position, mine),
        1 - position.to_move,
    )
    return _after(position, turned), taken


def capture(position: Position, chain: Chain) -> Position:
    """Play a legal capture turn (a chain of :func:`captures`)."""
    turned = Position(
        position.game,
        position.rings,
        chain.marbles,
        position.pool,
        _captures_of(position, chain.captured),
        1 - position.to_move,
    )
    return _after(position, turned)


def chain_of(position: Position, move: Capture) -> Chain:
    """The capture turn ``move`` is (it must be one of :func:`captures`: a ValueError otherwise)."""
    for chain in captures(position):
        if chain.move == move:
            return chain
    raise ValueError(f"{move} is no capture turn here")


def apply(position: Position, move: Move) -> Position:
    """Play a legal turn."""
    if isinstance(move, Placement):
        return place(position, move)[0]
    return capture(position, chain_of(position, move))


# ---------------------------------------------------------------------------------------------
# The end


def has_marble(position: Position) -> bool:
    return any(position.pool) or any(position.captures[position.to_move])


def ending(position: Position) -> End | None:
    """The end of the game in this position (ZT-10 to ZT-13, in that order), None while it goes on."""
    rules = position.rules
    for side in (0, 1):
        if holds_goal(rules, position.captures[side]):
            return End(side, GOAL)
    if not position.rings:
        return End(1 - position.to_move, BOARD_FULL)
    if position.seen and position.seen.count(position.key()) >= 2:
        return End(None, REPETITION)
    if not has_marble(position) and not can_capture(position):
        return End(1 - position.to_move, NO_MARBLE)
    return None


# ---------------------------------------------------------------------------------------------
# The move tree


def turns(position: Position) -> list[tuple[Move, Position]]:
    """Every turn open in the position with the position after it; none once the game is over."""
    if ending(position) is not None:
        return []
    chains = captures(position)
    if chains:
        return [(chain.move, capture(position, chain)) for chain in chains]
    return [(move, place(position, move)[0]) for move in placements(position)]


def count_turns(position: Position) -> int:
    """``len(turns(position))`` without playing them."""
    if ending(position) is not None:
        return 0
    if can_capture(position):
        return len(captures(position))
    return count_placements(position)


def perft_counts(position: Position, depth: int) -> list[int]:
    """Leaf counts for depths 1..depth (ZT-16: one turn a step, the last counted without being
    played; a position where the game is over is not expanded)."""
    return leaf_counts(position, depth, turns, _reached, count_turns)


def _reached(position: Position, turn: tuple[Move, Position]) -> Position:
    return turn[1]


def random_turn(position: Position, rng: random.Random) -> Move | None:
    """A turn drawn uniformly among the legal ones, without listing every placement; None once the
    game is over."""
    if ending(position) is not None:
        return None
    chains = captures(position)
    if chains:
        return rng.choice(chains).move
    colour = rng.choice(colours_to_place(position))
    vacant = position.vacant
    free = free_rings(position.rings, vacant)
    count = bin(free).count("1")
    rings = bits(vacant)
    weights = [max(count - (free >> ring & 1), 1) for ring in rings]
    ring = rng.choices(rings, weights)[0]
    others = bits(free & ~(1 << ring))
    return Placement(colour, ring, rng.choice(others) if others else NONE)
