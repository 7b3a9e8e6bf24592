"""One registry of games: every engine answers the same calls.

Game keys: ``gipf-basic``, ``gipf-standard``, ``gipf-tournament``, ``dvonn``. The Django side and
the CLI go only through the functions of this module. The engine interface itself is in
:mod:`arbiter.engine`; this module imports the game packages, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.dvonn import ENGINE as DVONN_ENGINE
from arbiter.engine import GAME_NAMES, GameEngine, LegalMove, PlyTrace, StartOptions, SvgOptions
from arbiter.errors import (
    InvalidPositionError,
    InvalidRecordError,
    PlyOutOfRangeError,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.gipf import ENGINE as GIPF_ENGINE
from arbiter.play import Played, Status
from arbiter.verdict import Verdict

__all__ = [
    "ENGINES",
    "GAME_NAMES",
    "PlyTrace",
    "PlyView",
    "SvgOptions",
    "engine_for",
    "legal_moves",
    "perft",
    "play",
    "ply_view",
    "random_record",
    "render_svg",
    "replay",
    "replay_traced",
    "start",
    "status",
]

#: every engine, asked in this order which one claims a record or a position
ENGINES: tuple[GameEngine, ...] = (GIPF_ENGINE, DVONN_ENGINE)


def engine_for(game: str) -> GameEngine:
    for engine in ENGINES:
        if game in engine.games:
            return engine
    raise UnknownGameError(
        gettext_noop("unknown game '{game}' (known: {known})"), game=game, known=", ".join(GAME_NAMES)
    )


def _engine_of_record(text: str, game: str | None) -> GameEngine:
    if game is not None:
        return engine_for(game)
    for engine in ENGINES:
        if engine.claims_record(text):
            return engine
    raise UnreadableRecordError(gettext_noop("not a record of any known game (GIPF or DVONN)"))


def replay(text: str, game: str | None = None) -> Verdict:
    """Replay a record of any known game. ``game`` forces the engine and the game key."""
    return _engine_of_record(text, game).replay(text, game)


def replay_traced(text: str, game: str | None = None) -> tuple[Verdict, list[PlyTrace]]:
    """:func:`replay`, with every ply it played (up to the first error of an invalid record)."""
    plies: list[PlyTrace] = []
    verdict = _engine_of_record(text, game).replay(text, game, plies.append)
    return verdict, plies


@dataclass(frozen=True)
class PlyView:
    """The position after ``ply`` plies of a record (0: the start) and that ply (None at 0)."""

    game: str
    ply: int
    plies: int  # the record's plies
    position: str
    last: PlyTrace | None
    mover: int | None  # who played ``last`` (0 White, 1 Black)


def ply_view(text: str, ply: int | None = None, game: str | None = None) -> PlyView:
    """The position after ply ``ply`` (the last when None) of a valid record.

    Raises the record's error when it is invalid and :class:`PlyOutOfRangeError` for a ply
    outside 0..plies. The replay is the engines' one; nothing is played twice here.
    """
    verdict, plies = replay_traced(text, game)
    if not verdict.valid:
        raise verdict.error or InvalidRecordError(gettext_noop("the record is not valid"))
    count = len(plies)
    wanted = count if ply is None else ply
    if not 0 <= wanted <= count:
        raise PlyOutOfRangeError(
            gettext_noop("ply {wanted} is not in the record: it has plies 0 to {count}"),
            wanted=wanted,
            count=count,
        )
    engine = engine_for(verdict.game)
    if wanted == 0:
        start = plies[0].before if plies else verdict.final_position
        assert start is not None
        return PlyView(verdict.game, 0, count, start, None, None)
    last = plies[wanted - 1]
    return PlyView(verdict.game, wanted, count, last.after, last, engine.side_to_move(last.before))


def side_to_move(position: str) -> int:
    """Who is to move in a position text of any game (0 White, 1 Black)."""
    return _engine_of_position(position).side_to_move(position)


def render_svg(position: str, options: SvgOptions | None = None, last: PlyTrace | None = None) -> str:
    """The position text drawn as an SVG document by its game's renderer."""
    return _engine_of_position(position).render_svg(position, options or SvgOptions(), last)


def _engine_of_position(position: str) -> GameEngine:
    for engine in ENGINES:
        if engine.claims_position(position):
            return engine
    raise InvalidPositionError(gettext_noop("not a position of any known game (GIPF or DVONN)"))


def perft(game: str, depth: int, position: str | None = None) -> list[int]:
    return engine_for(game).perft(game, depth, position)


def legal_moves(position: str) -> list[LegalMove]:
    return _engine_of_position(position).legal_moves(position)


def random_record(game: str, seed: int, tags: dict[str, str] | None = None) -> str:
    return engine_for(game).random_record(game, seed, tags)


# ---------------------------------------------------------------- the play API
# A game played move by move: start(game) gives the first position, play(position, move) each
# next one with what the move did, status(position) who is to move or how the game ended.
# replay() plays a record through the same engines' play.


def start(game: str, options: StartOptions | None = None) -> str:
    """The position text a game of ``game`` (a game key) starts from, with its options."""
    return engine_for(game).start(game, options)


def play(position: str, move: str, *, ply: int | None = None) -> Played:
    """Play one move in the game's record notation: the new position and what the move did.

    A refused move raises the typed error a replay would give it, naming ``ply`` when given.
    """
    return _engine_of_position(position).play(position, move, ply=ply)


def status(position: str) -> Status:
    """Who is to move in the position, or how the game ended; the decisions still owed."""
    return _engine_of_position(position).status(position)
