"""Result codes of one game and the scores they give, in half-points (pure, no database)."""

from __future__ import annotations

from dataclasses import dataclass

WHITE_WIN = "1-0"
BLACK_WIN = "0-1"
DRAW = "1/2-1/2"
WHITE_FORFEIT_WIN = "+/-"
BLACK_FORFEIT_WIN = "-/+"
DOUBLE_FORFEIT = "-/-"

GAME_RESULTS = (WHITE_WIN, BLACK_WIN, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
FORFEITS = (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
RESULT_LABELS = {
    WHITE_WIN: "1–0",
    BLACK_WIN: "0–1",
    DRAW: "½–½",
    WHITE_FORFEIT_WIN: "+ – − (forfeit)",
    BLACK_FORFEIT_WIN: "− – + (forfeit)",
    DOUBLE_FORFEIT: "− – − (double forfeit)",
}
ALIASES = {
    "1-0": WHITE_WIN,
    "0-1": BLACK_WIN,
    "1/2-1/2": DRAW,
    "½-½": DRAW,
    "=": DRAW,
    "0.5-0.5": DRAW,
    "+/-": WHITE_FORFEIT_WIN,
    "+-": WHITE_FORFEIT_WIN,
    "-/+": BLACK_FORFEIT_WIN,
    "-+": BLACK_FORFEIT_WIN,
    "-/-": DOUBLE_FORFEIT,
    "--": DOUBLE_FORFEIT,
}


class ResultError(ValueError):
    """A result that cannot be recorded; the message is for the person who entered it."""


@dataclass(frozen=True)
class PointSystem:
    win: int = 2
    draw: int = 1
    loss: int = 0

    def game_scores(self, code: str) -> tuple[int, int]:
        """(white, black) half-points for one game result code."""
        if code == WHITE_WIN:
            return self.win, self.loss
        if code == BLACK_WIN:
            return self.loss, self.win
        if code == DRAW:
            return self.draw, self.draw
        if code == WHITE_FORFEIT_WIN:
            return self.win, 0
        if code == BLACK_FORFEIT_WIN:
            return 0, self.win
        if code == DOUBLE_FORFEIT:
            return 0, 0
        raise ResultError(f"unknown result '{code}'")

    def pairing_scores(self, codes: list[str]) -> tuple[int, int]:
        """(first-named, second-named) half-points over the games of a pairing.

        Game 1 has the pairing's colours; game 2 of a match has them swapped, so its code is read
        from the second-named player's side.
        """
        first = second = 0
        for index, code in enumerate(codes):
            white, black = self.game_scores(code)
            if index % 2 == 0:
                first, second = first + white, second + black
            else:
                first, second = first + black, second + white
        return first, second


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
