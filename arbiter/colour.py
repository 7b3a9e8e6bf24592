"""The one convention of every game for its two sides.

A player is a number: :data:`WHITE` is 0 and :data:`BLACK` is 1 (White moves first in every game),
so the opponent of ``player`` is ``1 - player`` and every per-player pair (reserves, captures,
scores) is ``(white, black)``, indexed by the player. Position texts write the side to move as the
letter ``w`` or ``b`` (:data:`LETTERS`); messages for people name the players ``White`` and
``Black`` (:data:`PLAYER_NAMES`); a verdict's winner is ``"white"`` or ``"black"``.

White and Black name the sides, not the pieces' colours: pieces are not players, and each game's
``board`` or ``position`` module has its own piece codes (GIPF: small integers, DVONN: the letters
``w``, ``b``, ``d`` in a stack). In LYNGK neither side owns a piece at the start: each claims
colours during the game, and what a side plays with is then told by the status
(:attr:`arbiter.play.Status.holds`), not by its name.
"""

from __future__ import annotations

WHITE = 0
BLACK = 1
LETTERS = "wb"
PLAYER_NAMES = ("White", "Black")


def from_letter(letter: str) -> int | None:
    """The player a position text's ``w`` / ``b`` stands for, or None for any other text."""
    return LETTERS.index(letter) if letter in ("w", "b") else None
