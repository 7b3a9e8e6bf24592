"""What playing one move tells: the shared types of the play API (:class:`Played`, :class:`Status`,
:class:`Owed`).

A game is played move by move from :meth:`GameEngine.start <arbiter.engine.GameEngine.start>`
through :meth:`~arbiter.engine.GameEngine.play`; :meth:`~arbiter.engine.GameEngine.status` says who
is to move or how the game ended. Positions are the games' position texts; moves are written in
the game's record notation. A replay is this loop over the moves of a record (the record's own
words, like ``resign``, stay with the replay). Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arbiter.errors import InvalidOptionError, Message, gettext_noop
from arbiter.verdict import Result

#: the decision of how to remove one's rows (GIPF): which rows, GIPF-pieces kept or taken
REMOVAL = "removal"


@dataclass(frozen=True)
class Owed:
    """A decision the rules leave open to ``player`` (0 White, 1 Black) before play goes on.

    ``options`` are the choices as the notation writes them (GIPF: a removal list like
    ``xc3,d4,e5,f5``; the empty text when leaving rows of GIPF-pieces standing is one choice).
    Only real choices are owed: a forced removal needs no decision.
    """

    player: int
    kind: str  # REMOVAL
    options: tuple[str, ...]


@dataclass(frozen=True)
class Status:
    """Who is to move, or how the game ended (``result`` and ``termination`` set).

    ``owed`` lists the decisions still open in the position (GIPF: rows the player to move
    removes before his push when there is more than one way); ``score`` is the game's score where
    it has one (DVONN's stack totals, White's first). ``holds`` says what each side plays with,
    White's first, in a game where White and Black name the sides only and own no pieces of their
    own from the start (LYNGK: the colours each has claimed, "no colour yet"); None where each
    side's pieces are its own from the start (White's white pieces), so the side's name says it.
    """

    to_move: int | None  # 0 White, 1 Black; None once the game is over
    result: Result | None = None
    termination: str | None = None  # as a verdict writes it (arbiter.verdict.TerminationCode)
    owed: tuple[Owed, ...] = ()
    score: tuple[int, int] | None = None
    holds: tuple[Message, Message] | None = None

    @property
    def ended(self) -> bool:
        return self.result is not None


@dataclass(frozen=True)
class Played:
    """What one move did.

    ``move`` is the move in the game's record notation as the service writes it (GIPF: the push
    to the end of the chain with every removal listed; DVONN: ``g2``, ``a2-b2``, ``pass``);
    ``path`` and ``removed`` are as in :class:`arbiter.engine.PlyTrace`; ``status`` is the status
    of the new position, with the decisions it leaves open to either player.
    """

    before: str  # the position text before the move
    position: str  # the position text after it
    move: str
    path: tuple[str, ...]
    removed: tuple[str, ...]
    status: Status

    @property
    def owed(self) -> tuple[Owed, ...]:
        return self.status.owed


def text_options(
    game: str, options: Mapping[str, str | int | bool] | None, known: tuple[str, ...]
) -> dict[str, str]:
    """The start options given, each one of ``known`` and a text; else :class:`InvalidOptionError`."""
    found: dict[str, str] = {}
    for name, value in (options or {}).items():
        if name not in known:
            raise InvalidOptionError(
                gettext_noop("unknown option '{option}' for {game}"), option=name, game=game
            )
        if not isinstance(value, str):
            raise InvalidOptionError(gettext_noop("the option '{option}' must be a text"), option=name)
        found[name] = value
    return found
