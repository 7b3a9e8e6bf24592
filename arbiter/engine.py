"""What every game engine provides: the :class:`GameEngine` interface and the :class:`LegalMove`
it lists. What playing a move tells (:class:`~arbiter.play.Played`, :class:`~arbiter.play.Status`)
is in :mod:`arbiter.play`.

The game packages (``arbiter.gipf``, ``arbiter.dvonn``) implement the interface and declare
themselves (:mod:`arbiter.spec`: keys, names, ends and their engine); :mod:`arbiter.registry`
collects them and dispatches to them. Nothing here imports a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbiter.play import Played, Status
from arbiter.turns import grouped
from arbiter.verdict import Verdict

if TYPE_CHECKING:
    from arbiter.spec import StartOption


class LegalMove:
    """A legal move: its notation, the position after it, and the points a player picks on the board
    to make it, in order (GIPF: the dot, then the spot next to it, which gives the direction; DVONN:
    the space placed on, or the stack's from and to spaces; ZÈRTZ: a placement's ring, then the ring
    removed, or a capture's marble, then each ring it lands on; PÜNCT: an addition's kind in the
    hand, then its spaces; none for a pass). Moves sharing their points differ in a choice the board
    does not show (GIPF: a GIPF-piece, which rows to remove; ZÈRTZ: the marble's colour).

    ``position`` may be given as a function that builds it: it is built when first read, once, so a
    game with thousands of moves lists them without building a position for each."""

    __slots__ = ("_after", "_position", "notation", "points")

    def __init__(
        self, notation: str, position: str | Callable[[], str], points: tuple[str, ...] = ()
    ) -> None:
        self.notation = notation  # the move as the writer emits it
        self.points = points
        self._position: str | None = position if isinstance(position, str) else None
        self._after: Callable[[], str] | None = None if isinstance(position, str) else position

    @property
    def position(self) -> str:
        """The position text after the move (built on the first read when given as a function)."""
        if self._position is None:
            assert self._after is not None
            self._position, self._after = self._after(), None
        return self._position

    def _key(self) -> tuple[str, str, tuple[str, ...]]:
        return (self.notation, self.position, self.points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalMove) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"LegalMove(notation={self.notation!r}, points={self.points!r})"


@dataclass(frozen=True)
class Picking:
    """What the player to move may pick next on the board, the points ``picked`` so far (a prefix of
    :attr:`LegalMove.points`): ``next`` the points that continue a legal move (in the engine's
    order, each once), ``complete`` the legal moves whose points are exactly ``picked`` (several:
    they differ in a choice the board does not show; a pass when ``picked`` is empty), ``count``
    the legal moves whose points start with ``picked``, and ``moves`` those moves when they are at
    most the ``limit`` asked for (None when more: pick further to narrow them)."""

    picked: tuple[str, ...]
    next: tuple[str, ...]
    complete: tuple[LegalMove, ...]
    count: int
    moves: tuple[LegalMove, ...] | None


def picking_of(picked: Sequence[str], moves: Sequence[LegalMove], limit: int | None) -> Picking:
    """The :class:`Picking` of ``moves``, the legal moves whose points start with ``picked``."""
    head = tuple(picked)
    depth = len(head)
    following: dict[str, None] = {}
    complete = []
    for move in moves:
        if len(move.points) > depth:
            following.setdefault(move.points[depth])
        else:
            complete.append(move)
    listed = tuple(moves) if limit is None or len(moves) <= limit else None
    return Picking(head, tuple(following), tuple(complete), len(moves), listed)


@dataclass(frozen=True)
class SvgOptions:
    """How a board is drawn: its width in pixels, turned round (Black at the bottom), a title."""

    size: int = 480
    flip: bool = False
    title: str = ""
    highlight: bool = True  # mark the last move and the pieces it removed
    labels: Mapping[str, str] | None = None  # the words on the board (arbiter.svg.LABELS's keys)


@dataclass(frozen=True)
class PlyTrace:
    """One ply as a replay played it, for showing it on a board.

    ``path`` names the points the move went through: GIPF the dot, then the spots of the pushed
    line up to the end of the chain; DVONN the space placed on, or the stack's from and to spaces
    (empty for a pass). ``removed`` names the spots or spaces whose pieces the ply took off the
    board (GIPF: both removal lists of the turn; DVONN: the pieces cut off from every DVONN piece).
    """

    ply: int
    move: str  # as the record writes it
    before: str  # position text before the ply
    after: str  # position text after it
    path: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


#: called by a replay with each ply it plays, in order
Tracer = Callable[[PlyTrace], None]

#: a game's options at its start (GIPF basic: ``{"handicap": "White 2"}``; ``{"position": text}``)
StartOptions = Mapping[str, str | int | bool]


class GameEngine(ABC):
    """What every game package provides (see ``arbiter/gipf`` and ``arbiter/dvonn``)."""

    #: the game keys this engine plays
    games: tuple[str, ...] = ()

    # ---- start options (arbiter.spec.StartOption): defaults every engine may override

    def resolve_options(self, variant: str, options: Mapping[str, str], seed: int) -> dict[str, str]:
        """The options a game of ``variant`` is stored and started with, from those agreed: a value
        resolved when the game starts (a setup drawn at random, ``seed`` the draw's) becomes the
        concrete one, which :meth:`start` reads (a value is checked by starting from it resolved
        with seed 0). By default the options as agreed. A value it cannot read raises the
        :class:`~arbiter.errors.InvalidOptionError` naming it, as :meth:`start` would."""
        return dict(options)

    def option_tags(
        self, variant: str, options: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The record tags that carry a game's ``options``: by default each declared option's tag
        with its value (``[Potentials "Z6 Y6"]``)."""
        return {option.tag: options[option.name] for option in declared if option.name in options}

    def tag_options(
        self, variant: str, tags: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        """The options a record's ``tags`` name (those it names; the inverse of :meth:`option_tags`)."""
        return {option.name: tags[option.tag] for option in declared if option.tag in tags}

    @abstractmethod
    def claims_record(self, text: str) -> bool:
        """True when the record text is in one of this engine's formats."""

    @abstractmethod
    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        """Replay a record to a verdict. ``game`` forces the game key (else from the record).

        Errors in the record are returned in the verdict, not raised; only a text that is not
        a record of this engine at all raises :class:`UnreadableRecordError`. ``trace`` is called
        with every ply played (the plies before an error too). Each move is played as
        :meth:`play` plays it.
        """

    @abstractmethod
    def claims_position(self, text: str) -> bool:
        """True when the position text is in this engine's position format."""

    @abstractmethod
    def perft(self, game: str, depth: int, position: str | None = None) -> list[int]:
        """Leaf counts for depths 1..depth from the position (the game's start when None)."""

    @abstractmethod
    def start(self, variant: str, options: StartOptions | None = None) -> str:
        """The position text a game of ``variant`` (a game key) starts from, with its options.

        An unknown key raises :class:`UnknownGameError`, an unknown or wrong option
        :class:`InvalidOptionError` or the error the record's tag of the same name would give.
        """

    def continues(self, moves: Sequence[str]) -> list[bool]:
        """Which of a game's moves (as :meth:`play` wrote them, one a ply, from its start) continue
        the turn of the move before (TZAAR's second move: one turn, one move number), one flag a
        move; the last may be a move not played (refused), whose flag says where it would stand.
        The one statement of a turn of several moves: the records' turns (:meth:`turns`) and the
        move numbers (:func:`arbiter.turns.turns`) are derived from it. By default every move is
        a turn of its own."""
        return [False] * len(moves)

    def turns(self, moves: list[str]) -> list[str]:
        """A game's moves, as :meth:`play` wrote them (one a ply), grouped as its records number them
        (:meth:`continues`; TZAAR: a turn's two moves joined by ``;``): the service writes a game's
        record with it."""
        return grouped(moves, self.continues(moves))

    @abstractmethod
    def legal_moves(self, position: str) -> list[LegalMove]:
        """Every legal move (turn) in the position with its notation and resulting position."""

    def picked_moves(self, position: str, picked: Sequence[str]) -> list[LegalMove]:
        """The legal moves whose points start with ``picked`` (the points a player has picked on
        the board so far, in order). By default :meth:`legal_moves` filtered; a game with
        thousands of moves (PÜNCT) lists only those."""
        head = tuple(picked)
        return [move for move in self.legal_moves(position) if move.points[: len(head)] == head]

    def picking(self, position: str, picked: Sequence[str], limit: int | None = None) -> Picking:
        """What may be picked next after ``picked`` (:class:`Picking`), the moves listed when at
        most ``limit``. By default from :meth:`picked_moves`; a game with thousands of moves
        counts them and finds the next points without listing them."""
        return picking_of(picked, self.picked_moves(position, picked), limit)

    @abstractmethod
    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        """Play one move written in the game's record notation; a replay plays a record this way.

        A move the rules refuse raises the replay's typed error for it (:class:`IllegalMoveError`,
        :class:`InvalidNotationError`, :class:`AmbiguousMoveError` ...) naming the move, the
        position and ``ply`` (the move's number in the game, when the caller knows it).
        """

    @abstractmethod
    def status(self, position: str) -> Status:
        """Who is to move, or how the game ended by its rules, and the decisions still owed."""

    def end_detail(self, position: str) -> str:
        """What an ended game's final position tells of its end beyond its code, for the end's
        sentence (:attr:`arbiter.spec.End.sentences`: TZAAR, the type the loser has no more); ""
        by default and while the game goes on."""
        return ""

    @abstractmethod
    def side_to_move(self, position: str) -> int:
        """Who is to move in the position text (0 White, 1 Black)."""

    @abstractmethod
    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        """The position drawn as an SVG document; ``last`` is the ply to highlight."""

    @abstractmethod
    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        """A complete random game, legal from start to end, written as a record."""
