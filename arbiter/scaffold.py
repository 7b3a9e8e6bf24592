"""What the game packages' engines share: :class:`PackageEngine`, a :class:`~arbiter.engine.GameEngine`
whose calls read a position text with the game's parser and hand the position to the game's own
functions, named once in its :class:`Parts`; the check of a position's game.

A game's engine declares its :class:`Parts` (its name in its refusals, how a position text is read,
played, judged and drawn, how a record is replayed) and what is its own: its legal moves with their
points, its start, perft and random games. An engine whose call differs (GIPF with potentials'
moves, ZÈRTZ's written turns) overrides that call.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from arbiter.engine import GameEngine, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import ArbiterError, InvalidPositionError, UnknownGameError, gettext_noop
from arbiter.play import Played, Status, text_options
from arbiter.records import random_tags
from arbiter.replaying import Moved
from arbiter.spec import StartOption
from arbiter.verdict import Verdict


def _text(position: Any) -> str:
    return str(position.text())


def _written(step: Any) -> str:
    return str(step.notation())


@dataclass(frozen=True)
class Parts:
    """A game's own functions behind its engine's calls.

    ``refusal``: the message (``gettext_noop``, with ``{game}``) refusing a key the engine does not
    play; ``claims``: whether a text is a record of the game; ``parse``: a position text to the game's position (with its ``to_move``); ``status``: a
    position's :class:`~arbiter.play.Status`; ``play``: one move written played from a position (a
    :class:`~arbiter.replaying.Moved`; its refusals name ``ply``); ``replay``: a record to a verdict; ``svg``: the module
    whose ``render_svg`` draws a position (imported when a board is first drawn); ``text``: a
    position written; ``written``: a step's move written (by default its ``notation()``)."""

    refusal: str
    claims: Callable[[str], bool]
    parse: Callable[[str], Any]
    status: Callable[[Any], Status]
    play: Callable[[Any, str, int | None], Moved]
    replay: Callable[[str, str | None, Tracer | None], Verdict]
    svg: str
    text: Callable[[Any], str] = _text
    written: Callable[[Any], str] = _written


class PackageEngine(GameEngine):
    """The calls every game's engine makes alike, through its :attr:`parts`."""

    parts: ClassVar[Parts]

    def claims_record(self, text: str) -> bool:
        return self.parts.claims(text)

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        return self.parts.replay(text, game, trace)

    def claims_position(self, text: str) -> bool:
        return claims_key(text, self.games)

    def side_to_move(self, position: str) -> int:
        to_move: int = self.parts.parse(position).to_move
        return to_move

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        parts = self.parts
        before = parts.parse(position)
        step = parts.play(before, move, ply)
        after = step.position
        return Played(
            parts.text(before),
            parts.text(after),
            parts.written(step),
            step.path,
            step.removed,
            parts.status(after),
        )

    def status(self, position: str) -> Status:
        return self.parts.status(self.parts.parse(position))

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        draw: Callable[[Any, SvgOptions, PlyTrace | None], str] = importlib.import_module(
            self.parts.svg
        ).render_svg
        return draw(self.parts.parse(position), options, last)

    def _check_game(self, game: str) -> None:
        if game not in self.games:
            template = self.parts.refusal  # marked where the game declares it
            raise UnknownGameError(template, game=game)

    def _start_text(self, variant: str, options: StartOptions | None, start: Callable[[str], Any]) -> str:
        """The start of a game of ``variant`` that has no options (``start``: the variant's start)."""
        self._check_game(variant)
        text_options(variant, options, ())
        return self.parts.text(start(variant))


#: the option that names a game's start (LYNGK, TZAAR)
START = "start"


@dataclass(frozen=True)
class Starts:
    """How a game whose start is its option ``start`` and is stated in its record's tags (LYNGK,
    TZAAR) chooses, stores and writes its start, and writes a random game.

    ``position``: the start the options give (drawn now when they leave it random); ``resolved``:
    the options a game is stored with, a random start drawn with the seed; ``stated``: whether the
    options state a start its record's tags can name; ``tags``: a start's tags; ``read``: the
    option ``start`` a record's tags state (an :class:`~arbiter.errors.ArbiterError` when none);
    ``continues``: which of a game's moves continue their mover's turn; ``random_game``: a game
    drawn with a seed (its start, its moves written, its end); ``record``: a game's record from its
    start, its moves, its tags and its ending."""

    position: Callable[[StartOptions | None], Any]
    resolved: Callable[[Mapping[str, str], int], dict[str, str]]
    stated: Callable[[Mapping[str, str]], bool]
    tags: Callable[[Any], dict[str, str]]
    read: Callable[[Mapping[str, str]], str]
    continues: Callable[[Sequence[str]], list[bool]]
    random_game: Callable[[int], tuple[Any, list[str], Any]]
    record: Callable[[Any, list[str], dict[str, str], str | None], str]


class StartedEngine(PackageEngine):
    """A game's engine whose start is its option ``start``, stated in its record's tags, through
    its :attr:`starts`."""

    starts: ClassVar[Starts]

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        """The start the option ``start`` gives; random, drawn now, when none."""
        self._check_game(variant)
        return self.parts.text(self.starts.position(options))

    def resolve_options(self, variant: str, options: Mapping[str, str], seed: int) -> dict[str, str]:
        """The start stored with a game: a random one drawn with ``seed`` listed piece by piece, so
        its record states it."""
        self._check_game(variant)
        return self.starts.resolved(options, seed)

    def option_tags(
        self, variant: str, options: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The ``[Setup]`` tag of the start the options state (none while a random one is not drawn)."""
        if not self.starts.stated(options):
            return {}
        return self.starts.tags(self.starts.position(options))

    def tag_options(
        self, variant: str, tags: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The start a record's tags state; none when they state none."""
        try:
            return {START: self.starts.read(tags)}
        except ArbiterError:
            return {}

    def continues(self, moves: Sequence[str]) -> list[bool]:
        return self.starts.continues(moves)

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        self._check_game(game)
        first, moves, final = self.starts.random_game(seed)
        status = self.parts.status(final)
        result = None if status.result is None else str(status.result)
        return self.starts.record(first, moves, random_tags(tags, {"Result": result}), result)


def claims_key(text: str, keys: Sequence[str]) -> bool:
    """Whether a position text opens with one of the game keys."""
    fields = text.split(maxsplit=1)
    return bool(fields) and fields[0] in keys


def check_same_game(found: str, game: str) -> None:
    """Refuse a position of the game ``found`` where one of ``game`` is asked for."""
    if found != game:
        raise InvalidPositionError(
            gettext_noop("the position is a {game} position, not {game2}"), game=found, game2=game
        )
