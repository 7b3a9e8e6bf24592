"""One registry of games: every engine answers the same calls.

Game keys: ``gipf-basic``, ``gipf-standard``, ``gipf-tournament``, ``dvonn``. The Django side and
the CLI go only through the functions of this module. The engine interface itself is in
:mod:`arbiter.engine`; this module imports the game packages, never the other way round.
"""

from __future__ import annotations

from arbiter.dvonn import ENGINE as DVONN_ENGINE
from arbiter.engine import GAME_NAMES, GameEngine, LegalMove
from arbiter.errors import InvalidPositionError, UnknownGameError, UnreadableRecordError
from arbiter.gipf import ENGINE as GIPF_ENGINE
from arbiter.verdict import Verdict

__all__ = ["ENGINES", "GAME_NAMES", "engine_for", "legal_moves", "perft", "random_record", "replay"]

#: every engine, asked in this order which one claims a record or a position
ENGINES: tuple[GameEngine, ...] = (GIPF_ENGINE, DVONN_ENGINE)


def engine_for(game: str) -> GameEngine:
    for engine in ENGINES:
        if game in engine.games:
            return engine
    raise UnknownGameError(f"unknown game '{game}' (known: {', '.join(GAME_NAMES)})")


def replay(text: str, game: str | None = None) -> Verdict:
    """Replay a record of any known game. ``game`` forces the engine and the game key."""
    if game is not None:
        return engine_for(game).replay(text, game)
    for engine in ENGINES:
        if engine.claims_record(text):
            return engine.replay(text)
    raise UnreadableRecordError("not a record of any known game (GIPF or DVONN)")


def perft(game: str, depth: int, position: str | None = None) -> list[int]:
    return engine_for(game).perft(game, depth, position)


def legal_moves(position: str) -> list[LegalMove]:
    for engine in ENGINES:
        if engine.claims_position(position):
            return engine.legal_moves(position)
    raise InvalidPositionError("not a position of any known game (GIPF or DVONN)")


def random_record(game: str, seed: int, tags: dict[str, str] | None = None) -> str:
    return engine_for(game).random_record(game, seed, tags)
