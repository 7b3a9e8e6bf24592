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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from arbiter.engine import GameEngine, PlyTrace, StartOptions, SvgOptions, Tracer
from arbiter.errors import InvalidPositionError, UnknownGameError, gettext_noop
from arbiter.play import Played, Status, text_options
from arbiter.replaying import Moved
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
