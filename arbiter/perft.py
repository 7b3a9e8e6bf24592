"""What the games' perft walks share: the leaves counted at each depth, one step a ply, the last
step counted and not played (:func:`leaf_counts`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

P = TypeVar("P")
M = TypeVar("M")


def leaf_counts(
    position: P,
    depth: int,
    steps: Callable[[P], Sequence[M]],
    play: Callable[[P, M], P],
    count: Callable[[P], int],
) -> list[int]:
    """Leaf counts for depths 1..depth from ``position``: ``steps`` a position's steps, ``play``
    one of them played, ``count`` the number of steps at the last depth (``len(steps(...))``, or a
    game's quicker count)."""
    counts = [0] * depth

    def walk(node: P, ply: int) -> None:
        if ply + 1 == depth:
            counts[ply] += count(node)
            return
        following = steps(node)
        counts[ply] += len(following)
        for step in following:
            walk(play(node, step), ply + 1)

    if depth > 0:
        walk(position, 0)
    return counts
