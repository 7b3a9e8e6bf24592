"""Result codes, bye kinds, TRF letters and the points they give: the one table (pure, no database).

Everything that turns an outcome into points or letters lives here and nowhere else:

* a game's result code (``1-0``, ``0-1``, ``1/2-1/2``, ``+/-``, ``-/+``, ``-/-``) and its aliases,
  from ``games.results`` (their one home);
* the bye kinds (pairing-allocated, half-point, full-point, zero-point) and their TRF letters
  ``U`` ``H`` ``F`` ``Z``;
* a player's TRF letter for a round (``1`` ``=`` ``0`` played, ``+`` ``-`` forfeits) and the
  half-points each letter is worth in a :class:`PointSystem`;
* "game 2 of a match swaps the colours" (:func:`first_named_is_white`);
* "already had a bye or a win without play", which bars the pairing-allocated bye (C.04.1 d):
  :func:`is_unplayed_win`.

Points are integer half-points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.results import (
    ALIASES,
    BLACK_FORFEIT_WIN,
    BLACK_WIN,
    DOUBLE_FORFEIT,
    DRAW,
    FORFEITS,
    GAME_RESULTS,
    PLAYED_RESULTS,
    RESULT_LABELS,
    WHITE_FORFEIT_WIN,
    WHITE_SCORE,
    WHITE_WIN,
)
from tournaments.core.errors import ResultError

# A game's result codes live with the games (``games.results``); named here for the tournament side.
__all__ = [
    "ALIASES",
    "BLACK_FORFEIT_WIN",
    "BLACK_WIN",
    "DOUBLE_FORFEIT",
    "DRAW",
    "FORFEITS",
    "GAME_RESULTS",
    "PLAYED_RESULTS",
    "RESULT_LABELS",
    "WHITE_FORFEIT_WIN",
    "WHITE_SCORE",
    "WHITE_WIN",
]

# Bye kinds, as stored on a pairing without a second player (the TRF letter in BYE_LETTERS).
BYE_PAIRING_ALLOCATED = "pab"  # given by the pairing to the odd player out
BYE_HALF = "half"  # requested half-point bye
BYE_FULL = "full"  # full-point bye given by the organiser
BYE_ZERO = "zero"  # absent player, zero points
BYE_KINDS = (BYE_PAIRING_ALLOCATED, BYE_HALF, BYE_FULL, BYE_ZERO)
REQUESTED_BYES = (BYE_HALF, BYE_FULL, BYE_ZERO)  # the kinds a player or organiser can ask for
BYE_NAMES = {
    BYE_PAIRING_ALLOCATED: "pairing-allocated bye",
    BYE_HALF: "half-point bye",
    BYE_FULL: "full-point bye",
    BYE_ZERO: "zero-point bye",
}
BYE_LETTERS = {BYE_PAIRING_ALLOCATED: "U", BYE_HALF: "H", BYE_FULL: "F", BYE_ZERO: "Z"}
BYE_OF_LETTER = {letter: kind for kind, letter in BYE_LETTERS.items()}
REQUESTED_BYE_LETTERS = ("H", "F", "Z")

# A player's TRF letter for one round.
PLAYED_LETTERS = frozenset({"1", "=", "0", "W", "D", "L"})
FORFEIT_LETTERS = frozenset({"+", "-"})
# (white's letter, black's letter) of each game result code, and back.
GAME_LETTERS = {
    WHITE_WIN: ("1", "0"),
    BLACK_WIN: ("0", "1"),
    DRAW: ("=", "="),
    WHITE_FORFEIT_WIN: ("+", "-"),
    BLACK_FORFEIT_WIN: ("-", "+"),
    DOUBLE_FORFEIT: ("-", "-"),
}
CODE_OF_LETTERS = {letters: code for code, letters in GAME_LETTERS.items()}
CODE_OF_LETTERS.update({("W", "L"): WHITE_WIN, ("L", "W"): BLACK_WIN, ("D", "D"): DRAW})
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


def written_out(codes: Sequence[str], or_word: str = "or") -> str:
    """The codes as a help text lists them: ``1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-`` (``or_word`` in
    the reader's language)."""
    if len(codes) < 2:
        return "".join(codes)
    return f"{', '.join(codes[:-1])} {or_word} {codes[-1]}"


WON, LOST, DRAWN = "won", "lost", "drawn"


def outcome(mine: int | None, theirs: int | None) -> str:
    """A pairing from one player's side: ``won``, ``lost`` or ``drawn`` by the two scores, ``""``
    while it has no result or has no opponent (a bye)."""
    if mine is None or theirs is None:
        return ""
    return WON if mine > theirs else LOST if mine < theirs else DRAWN


def first_named_is_white(game_index: int) -> bool:
    """Game 1 of a pairing has the pairing's colours; game 2 of a match has them swapped.

    ``game_index`` counts from 0. This is the one place the colour swap of 2-game matches lives.
    """
    return game_index % 2 == 0


def is_unplayed_win(letter: str, has_opponent: bool) -> bool:
    """A round worth a win without a game: a forfeit win, a pairing-allocated or full-point bye.

    A player who had one cannot receive the pairing-allocated bye (C.04.1 d).
    """
    letter = letter.upper()
    return letter == "+" or (not has_opponent and letter in ("U", "F"))


def round_letters(codes: Sequence[str], first_score: int, second_score: int) -> tuple[str, str]:
    """The TRF letters of the two players of a pairing for the round, from their scores.

    A forfeit anywhere in the pairing makes the round unplayed: ``+`` for the player with more
    points, ``-`` otherwise; a played round is ``1``, ``=`` or ``0``.
    """
    if any(code in FORFEITS for code in codes):
        return ("+" if first_score > second_score else "-", "+" if second_score > first_score else "-")

    def letter(mine: int, theirs: int) -> str:
        return "1" if mine > theirs else "0" if mine < theirs else "="

    return letter(first_score, second_score), letter(second_score, first_score)


def forfeit_codes(white_present: bool, black_present: bool, games: int) -> list[str]:
    """The result codes of a pairing where one or both players are absent (withdrawn)."""
    code = WHITE_FORFEIT_WIN if white_present else BLACK_FORFEIT_WIN if black_present else DOUBLE_FORFEIT
    if code == DOUBLE_FORFEIT:
        return [code] * games
    swapped = BLACK_FORFEIT_WIN if code == WHITE_FORFEIT_WIN else WHITE_FORFEIT_WIN
    return [code if first_named_is_white(index) else swapped for index in range(games)]


@dataclass(frozen=True)
class PointSystem:
    """What a win, draw and loss are worth, a pairing-allocated bye (``pab``) and an absence.

    ``absent`` is TRF-2026 record 162's ``A``: a zero-point bye or a forfeit loss.
    """

    win: int = 2
    draw: int = 1
    loss: int = 0
    pab: int = 2
    absent: int = 0

    def check(self) -> None:
        """A win is worth at least a draw, a draw at least a loss (raise ResultError otherwise)."""
        if not self.win >= self.draw >= self.loss:
            raise ResultError("a win must be worth at least a draw, and a draw at least a loss")

    def game_scores(self, code: str) -> tuple[int, int]:
        """(white, black) half-points for one game result code."""
        if code == WHITE_WIN:
            return self.win, self.loss
        if code == BLACK_WIN:
            return self.loss, self.win
        if code == DRAW:
            return self.draw, self.draw
        if code == WHITE_FORFEIT_WIN:
            return self.win, self.absent
        if code == BLACK_FORFEIT_WIN:
            return self.absent, self.win
        if code == DOUBLE_FORFEIT:
            return self.absent, self.absent
        raise ResultError(f"unknown result '{code}'")

    def pairing_scores(self, codes: Iterable[str]) -> tuple[int, int]:
        """(first-named, second-named) half-points over the games of a pairing."""
        first = second = 0
        for index, code in enumerate(codes):
            white, black = self.game_scores(code)
            if first_named_is_white(index):
                first, second = first + white, second + black
            else:
                first, second = first + black, second + white
        return first, second

    def bye_score(self, kind: str) -> int:
        """Half-points of one bye of ``kind`` (one game's worth)."""
        return {BYE_PAIRING_ALLOCATED: self.pab, BYE_HALF: self.draw, BYE_FULL: self.win, BYE_ZERO: 0}[kind]

    def letter_points(self, letter: str, has_opponent: bool) -> int:
        """Half-points of a TRF round letter: a game (``has_opponent``) or a round without one."""
        letter = letter.upper()
        if has_opponent:
            return {
                "1": self.win,
                "W": self.win,
                "+": self.win,
                "=": self.draw,
                "D": self.draw,
                "0": self.loss,
                "L": self.loss,
            }.get(letter, self.absent)
        return {"U": self.pab, "F": self.win, "+": self.win, "H": self.draw}.get(letter, self.absent)


def format_points(half_points: int | None) -> str:
    """2 -> "1", 3 -> "1½", 1 -> "½", None -> ""."""
    if half_points is None:
        return ""
    whole, half = divmod(half_points, 2)
    if half and whole == 0:
        return "½"
    return f"{whole}{'½' if half else ''}"


def decimal_points(half_points: int) -> str:
    """Half-points as files and downloads write them: 3 -> "1.5", 4 -> "2.0"."""
    return f"{half_points / 2:.1f}"


def normalise_codes(text: str | list[str], games: int) -> list[str]:
    """Parse the result of a pairing ("1-0", or "1-0 0-1" for a 2-game match); raise ResultError."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    if len(parts) != games:
        raise ResultError(
            f"expected {games} game result{'s' if games > 1 else ''}, got {len(parts)}: '{' '.join(parts)}'"
        )
    codes = []
    for part in parts:
        code = ALIASES.get(part.strip())
        if code is None:
            raise ResultError(f"'{part}' is not a result (use 1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-)")
        codes.append(code)
    return codes
