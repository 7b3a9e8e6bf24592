"""Shared by the games' property tests: a game played through the registry one move at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arbiter import registry


def played_one_by_one(position: str, moves: Sequence[str], written: Callable[[str], str]) -> str:
    """``moves`` played from ``position`` one at a time: each is one of the legal moves listed there
    and leads to the position that listing names, which ``written`` (read, then written again) gives
    back unchanged. The last position."""
    for ply, move in enumerate(moves, start=1):
        legal = {option.notation: option.position for option in registry.legal_moves(position)}
        played = registry.play(position, move, ply=ply)
        assert legal[move] == played.position
        assert written(played.position) == played.position
        position = played.position
    return position
