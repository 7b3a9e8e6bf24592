"""One registry of games: the specs of the game packages, and every engine answering the same calls.

A game is a package that declares itself (:class:`arbiter.spec.GameSpec`, its ``SPEC``); the
built-in games are registered below, one line each, and an edge may register more
(:func:`register_package`: Django's ``GAME_PACKAGES`` setting). The Django side and the CLI go
only through the functions of this module for games, their keys, names, rating families and
ends. The engine interface itself is in :mod:`arbiter.engine`; this module imports the game
packages, never the other way round.

Importing the registry imports the specs, not the rules: a game's engine is loaded when a record,
a position or a move of that game is first checked (:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from arbiter import dvonn, gipf, lyngk, punct, records, tzaar, yinsh, zertz
from arbiter.engine import GameEngine, LegalMove, Picking, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import (
    ArbiterError,
    InvalidPositionError,
    InvalidRecordError,
    Message,
    PlyOutOfRangeError,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.gipf.potentials import spec as potentials
from arbiter.play import Played, Status
from arbiter.records import reading_once
from arbiter.spec import End, GameSpec, StartOption
from arbiter.verdict import NAMED, Termination, Verdict

__all__ = [
    "GameSpec",
    "PlyTrace",
    "PlyView",
    "SvgOptions",
    "board_labels",
    "packages_from",
    "default_game",
    "end_detail",
    "end_of",
    "engine_for",
    "engines",
    "families",
    "family_of",
    "game_keys",
    "game_names",
    "games_of",
    "legal_moves",
    "perft",
    "picking",
    "play",
    "ply_view",
    "random_record",
    "register",
    "register_package",
    "render_svg",
    "replay",
    "replay_traced",
    "spec_for",
    "specs",
    "start",
    "start_options",
    "status",
    "termination_of",
    "turns",
    "unregister",
]

#: the registered specs in the order registered (the order engines are asked to claim a text)
_SPECS: list[GameSpec] = []


def register(spec: GameSpec) -> GameSpec:
    """Add a game; registering the same spec again changes nothing. ValueError when one of its
    keys is another registered game's (several games may share a rating family)."""
    if spec in _SPECS:
        return spec
    taken = {key: other for other in _SPECS for key in other.keys}
    clash = sorted(key for key in spec.keys if key in taken)
    if clash:
        raise ValueError(f"the game keys {clash} are already registered by {taken[clash[0]].name}")
    _SPECS.append(spec)
    return spec


def unregister(spec: GameSpec) -> None:
    """Remove a game registered at run time (a test's game)."""
    _SPECS.remove(spec)


def register_package(path: str) -> GameSpec:
    """Register the game package (or module) at the dotted ``path``: its ``SPEC``."""
    spec = getattr(importlib.import_module(path), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise ValueError(f"{path} declares no game (no SPEC that is a GameSpec)")
    return register(spec)


# The built-in games: one line each.
register(gipf.SPEC)
register(dvonn.SPEC)
register(potentials.SPEC)  # GIPF with potentials, rated in the GIPF family
register(yinsh.SPEC)
register(tzaar.SPEC)
register(zertz.SPEC)
register(lyngk.SPEC)
register(punct.SPEC)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game, in the order registered."""
    return tuple(_SPECS)


def engines() -> tuple[GameEngine, ...]:
    """Every engine, in the order they are asked which one claims a record or a position."""
    return tuple(spec.load_engine() for spec in _SPECS)


def spec_for(game: str) -> GameSpec:
    """The spec of a game key; :class:`UnknownGameError` for a key no game declares."""
    for spec in _SPECS:
        if game in spec.keys:
            return spec
    raise UnknownGameError(
        gettext_noop("unknown game '{game}' (known: {known})"), game=game, known=", ".join(game_keys())
    )


def engine_for(game: str) -> GameEngine:
    return spec_for(game).load_engine()


def game_keys() -> tuple[str, ...]:
    """Every game key (``Event.game``, ``Game.game``), game by game."""
    return tuple(key for spec in _SPECS for key in spec.keys)


def game_names() -> dict[str, str]:
    """Each game key's name (English, marked for translation), game by game."""
    return {variant.key: variant.name for spec in _SPECS for variant in spec.variants}


def default_game() -> str:
    """The game key offered first: the first game's usual variant."""
    return _SPECS[0].usual_key


def families() -> dict[str, str]:
    """Each rating family's key and name (the name of its first game), in the games' order."""
    out: dict[str, str] = {}
    for spec in _SPECS:
        out.setdefault(spec.family, spec.name)
    return out


def family_of(game: str) -> str:
    """The rating family of a game key; :class:`UnknownGameError` for an unknown key."""
    return spec_for(game).family


def games_of(family: str) -> list[str]:
    """The game keys rated in ``family``."""
    return [key for spec in _SPECS if spec.family == family for key in spec.keys]


def end_of(code: str, game: str | None = None) -> End | None:
    """The natural end written ``code`` (of ``game`` when given, else of the first game that has
    it); None for a termination every game names and for unknown codes."""
    candidates = [spec_for(game)] if game is not None and game in game_keys() else list(_SPECS)
    for spec in candidates:
        end = spec.end(code)
        if end is not None:
            return end
    return None


def draws(game: str) -> bool:
    """Whether the rules of ``game`` allow a draw, so that its players may agree one."""
    return spec_for(game).draws


def termination_of(code: str, game: str | None = None) -> Termination | None:
    """The game-free termination a termination code is (None for an unknown code)."""
    if code in NAMED:
        return Termination(code)
    end = end_of(code, game)
    return None if end is None else end.termination


def board_labels(game: str) -> dict[str, str]:
    """The words on the boards of ``game``, by key (English, marked for translation): the shared
    words (:data:`arbiter.svg.LABELS`) with the game's own (:attr:`GameSpec.labels`) over them. One
    game's words never change another's boards."""
    from arbiter.svg import LABELS  # the SVG writer, imported where boards are drawn

    return {**LABELS, **spec_for(game).labels}


#: the environment variable naming the game packages registered beyond the built-in ones
#: (comma-separated dotted paths); Django's settings and the CLI read the same variable
GAME_PACKAGES_VARIABLE = "GAME_PACKAGES"


def packages_from(value: str | None) -> list[str]:
    """The dotted paths a ``GAME_PACKAGES`` value names (comma-separated; blanks ignored)."""
    return [item.strip() for item in (value or "").split(",") if item.strip()]


def _known_games() -> Message | str:
    """The registered games' names, "GIPF or DVONN" (the "or" translated at the edge): a game rated
    in another's family (GIPF with potentials) goes under that family's name."""
    names: list[Message | str] = list(families().values())
    while len(names) > 1:
        names[-2:] = [Message(gettext_noop("{first} or {second}"), {"first": names[-2], "second": names[-1]})]
    return names[0] if names else ""


def _engine_of_record(text: str, game: str | None) -> GameEngine:
    if game is not None:
        return engine_for(game)
    for engine in engines():
        if _claims(engine, text):
            return engine
    raise _refusal(text) or UnreadableRecordError(
        gettext_noop("not a record of any known game ({games})"), games=_known_games()
    )


def _claims(engine: GameEngine, text: str) -> bool:
    """Whether ``engine`` takes ``text`` for its record; a reader that cannot read it does not."""
    try:
        return engine.claims_record(text)
    except ArbiterError:
        return False


def _refusal(text: str) -> UnreadableRecordError | None:
    """Why no game takes ``text``: when it is one game's record but for one flaw, that game's
    record refused for the flaw (a malformed tag line, a comment never closed: the line named; no
    ``[Game]`` tag: the tag to write), whichever game it is (the games' own readers say nothing of
    it); else None."""
    tags, flaws, mended = records.read_flawed(text)
    key = None
    for spec in _SPECS:
        key = key or records.key_of_game_tag(tags.get(records.GAME_TAG, ""), _names_of(spec))
    untagged = key is None
    if untagged:
        key = _game_of_moves(mended, tags)
    if key is not None and flaws:
        first = flaws[0]
        return UnreadableRecordError(
            gettext_noop("a {game} record but for line {line}: {flaw}"),
            game=Message(spec_for(key).variant(key).name),
            line=first.line,
            flaw=first.reason,
        )
    if key is not None and untagged:
        return UnreadableRecordError(
            gettext_noop('a {game} record without its [Game] tag: write [Game "{key}"] before the moves'),
            game=Message(spec_for(key).variant(key).name),
            key=key,
        )
    return None


def _names_of(spec: GameSpec) -> dict[str, str]:
    return {variant.key: variant.name for variant in spec.variants}


#: the fewest plies a record's moves must replay under a game to be taken for that game's
#: without its [Game] tag (a first move or two could be any game's)
UNTAGGED_PLIES = 4


def _game_of_moves(text: str, tags: Mapping[str, str]) -> str | None:
    """The game whose rules the moves of an untagged record follow furthest (a valid replay first,
    then the most plies, at least :data:`UNTAGGED_PLIES`); None when none does."""
    best: tuple[bool, int] | None = None
    found = None
    for key in game_keys():
        tagged = f'[{records.GAME_TAG} "{key}"]\n' + text
        try:
            verdict = engine_for(key).replay(tagged, key)
        except ArbiterError:
            continue
        score = (verdict.valid, verdict.plies)
        if verdict.plies >= UNTAGGED_PLIES and (best is None or score > best):
            best, found = score, key
    return found


def _ended_flaw(verdict: Verdict, text: str) -> Verdict:
    """The verdict of a record whose end something follows: refused for that line, whatever the
    game's own reading said of it (a record says its end last, in every game)."""
    after = records.trailing(text)
    if after is None:
        return verdict
    error = InvalidRecordError(gettext_noop("line {line}: {flaw}"), line=after.line, flaw=after.reason)
    return replace(verdict, valid=False, result=None, termination=None, error=error)


def replay(text: str, game: str | None = None) -> Verdict:
    """Replay a record of any known game. ``game`` forces the engine and the game key.

    The record is read once (:func:`arbiter.records.reading_once`): the engines asking whether it
    is theirs and the one replaying it share that reading."""
    with reading_once():
        return _replayed(text, game)


def replay_traced(text: str, game: str | None = None) -> tuple[Verdict, list[PlyTrace]]:
    """:func:`replay`, with every ply it played (up to the first error of an invalid record)."""
    plies: list[PlyTrace] = []
    with reading_once():
        verdict = _replayed(text, game, plies.append)
    return verdict, plies


def _replayed(text: str, game: str | None, trace: Tracer | None = None) -> Verdict:
    """The verdict of the game the record is (``game`` when given), its flaws named as the
    registry names them (:func:`_refusal`, :func:`_ended_flaw`) whatever the game's reader says."""
    engine = _engine_of_record(text, game)
    try:
        verdict = engine.replay(text, game) if trace is None else engine.replay(text, game, trace)
    except UnreadableRecordError as refused:
        raise (_refusal(text) or refused) from None
    if isinstance(verdict.error, UnreadableRecordError):  # a reader that tells it in its verdict
        verdict = replace(verdict, error=_refusal(text) or verdict.error)
    return _ended_flaw(verdict, text)


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
    for engine in engines():
        if engine.claims_position(position):
            return engine
    raise InvalidPositionError(
        gettext_noop("not a position of any known game ({games})"), games=_known_games()
    )


def perft(game: str, depth: int, position: str | None = None) -> list[int]:
    return engine_for(game).perft(game, depth, position)


def legal_moves(position: str, picked: Sequence[str] | None = None) -> list[LegalMove]:
    """The legal moves in a position of any game; with ``picked``, only those whose points start
    with the points picked (``GameEngine.picked_moves``). A move's position is built when read."""
    engine = _engine_of_position(position)
    if picked is None:
        return engine.legal_moves(position)
    return engine.picked_moves(position, picked)


def picking(position: str, picked: Sequence[str] = (), limit: int | None = None) -> Picking:
    """What the player to move may pick next on the board after ``picked``: the next points, the
    moves complete there, how many moves go on, and the moves themselves when at most ``limit``
    (``GameEngine.picking``)."""
    return _engine_of_position(position).picking(position, picked, limit)


def random_record(game: str, seed: int, tags: dict[str, str] | None = None) -> str:
    return engine_for(game).random_record(game, seed, tags)


# ---------------------------------------------------------------- the play API
# A game played move by move: start(game) gives the first position, play(position, move) each
# next one with what the move did, status(position) who is to move or how the game ended.
# replay() plays a record through the same engines' play.


def start(game: str, options: StartOptions | None = None) -> str:
    """The position text a game of ``game`` (a game key) starts from, with its options."""
    return engine_for(game).start(game, options)


def start_options(game: str) -> tuple[StartOption, ...]:
    """The start options a game of ``game`` may be started with (none for an unknown key)."""
    try:
        return spec_for(game).variant(game).start_options
    except UnknownGameError:
        return ()


def resolve_options(game: str, options: Mapping[str, str], seed: int) -> dict[str, str]:
    """The options a game of ``game`` starts with, from those agreed (``GameEngine.resolve_options``)."""
    return engine_for(game).resolve_options(game, options, seed)


def option_tags(game: str, options: Mapping[str, str]) -> dict[str, str]:
    """The record tags that carry a game's ``options`` (``GameEngine.option_tags``)."""
    return engine_for(game).option_tags(game, options, start_options(game))


def tag_options(game: str, tags: Mapping[str, str]) -> dict[str, str]:
    """The options a record's ``tags`` name (``GameEngine.tag_options``)."""
    return engine_for(game).tag_options(game, tags, start_options(game))


def continues(game: str, moves: list[str]) -> list[bool]:
    """Which of a game's moves continue the turn of the move before (``GameEngine.continues``)."""
    return engine_for(game).continues(moves)


def turns(game: str, moves: list[str]) -> list[str]:
    """A game's moves as played, grouped in its records' turns (TZAAR: ``d3xd5;e2+e4``)."""
    return engine_for(game).turns(moves)


def play(position: str, move: str, *, ply: int | None = None) -> Played:
    """Play one move in the game's record notation: the new position and what the move did.

    A refused move raises the typed error a replay would give it, naming ``ply`` when given.
    """
    return _engine_of_position(position).play(position, move, ply=ply)


def status(position: str) -> Status:
    """Who is to move in the position, or how the game ended; the decisions still owed."""
    return _engine_of_position(position).status(position)


def end_detail(position: str) -> str:
    """What an ended game's final position tells of its end (``GameEngine.end_detail``)."""
    return _engine_of_position(position).end_detail(position)
