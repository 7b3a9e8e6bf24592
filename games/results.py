"""A game's result codes, their aliases and labels: the one table (pure, no Django).

``1-0``, ``0-1``, ``1/2-1/2`` for a game played; ``+/-``, ``-/+``, ``-/-`` for a forfeit (one or both
players lose without play). What a result is worth in an event (points, TRF letters, byes) is the
tournaments' (``tournaments.core.codes``).
"""

from __future__ import annotations

WHITE_WIN = "1-0"
BLACK_WIN = "0-1"
DRAW = "1/2-1/2"
WHITE_FORFEIT_WIN = "+/-"
BLACK_FORFEIT_WIN = "-/+"
DOUBLE_FORFEIT = "-/-"

GAME_RESULTS = (WHITE_WIN, BLACK_WIN, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
FORFEITS = (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)
PLAYED_RESULTS = (WHITE_WIN, BLACK_WIN, DRAW)
WHITE_SCORE = {WHITE_WIN: 1.0, DRAW: 0.5, BLACK_WIN: 0.0}  # for ratings: games played only
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
