"""The one colour convention of both games.

A player is a number: :data:`WHITE` is 0 and :data:`BLACK` is 1 (White moves first in GIPF and in
DVONN), so the opponent of ``player`` is ``1 - player`` and every per-player pair (reserves,
captures, scores) is ``(white, black)``, indexed by the player. Position texts write the side to
move as the letter ``w`` or ``b`` (:data:`LETTERS`); messages for people name the players
``White`` and ``Black`` (:data:`PLAYER_NAMES`); a verdict's winner is ``"white"`` or ``"black"``.

Pieces are not players: each game's ``board`` module has its own piece codes (GIPF: small
integers, DVONN: the letters ``w``, ``b``, ``d`` in a stack).
"""

from __future__ import annotations

WHITE = 0
BLACK = 1
LETTERS = "wb"
PLAYER_NAMES = ("White", "Black")


def from_letter(letter: str) -> int | None:
    """The player a position text's ``w`` / ``b`` stands for, or None for any other text."""
    return LETTERS.index(letter) if letter in ("w", "b") else None
