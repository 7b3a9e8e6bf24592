"""Where a game comes from, and the one way the games app learns about it.

A :class:`~games.models.Game` has an origin (``Game.Origin``): a pairing of an event, a game played
on the service outside any event, or an imported record. The games app knows nothing of events:
what it needs to know of a game's origin comes through the one :class:`Origin` that the app owning
that origin registers here (``tournaments`` registers the pairing origin, for ``Game.Origin.PAIRING``
and for the model holding those games, ``Pairing``, in ``TournamentsConfig.ready``). An origin
nobody registered (a game on the service, an imported record) has no officials and nothing above
its games: only a superuser manages them.

The functions below are the games app's questions; :func:`officials` is also what the permission
policy asks about a game (``games.roles``). They are direct calls: a result set on a game reaches
its origin through :func:`result_set`, whose refusal is raised and whose note is returned; a change
the origin does not allow now is refused by :func:`check` with :class:`~games.errors.ResultFixed`;
what holds games refuses a submission by :func:`reopen` with
:class:`~games.errors.SubmissionsClosed`.

A record or a result is submitted for a game of what *holds* games (an event's pairing: its games 1
and 2): the games app's entry points (``games.records.services.submit_record``, ``games.records.reports``) take that
holder and a game number, and ask the origin registered for the holder's model about it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.apps import apps
from django.db import connection, transaction
from django.db.models import QuerySet

from common.locking import OWN_ROW
from common.prepared import Prepared

if TYPE_CHECKING:  # for the types only: the model reads its place through this module
    from games.models import Game


@dataclass(frozen=True)
class Place:
    """Where a game stands in what it belongs to: an event (its slug and name), a round, a board, and
    the game's number there (game 2 of a 2-game match), and the time control its round is played at
    (``""``: none set); a game of no event has only number 1."""

    event: str | None = None
    event_name: str = ""
    round: int | None = None
    board: int | None = None
    number: int = 1
    time_control: str = ""


@dataclass(frozen=True)
class Officials:
    """The ids of the users who manage a game: its event's organisers and arbiters."""

    organisers: frozenset[int] = frozenset()
    arbiters: frozenset[int] = frozenset()

    @property
    def ids(self) -> frozenset[int]:
        return self.organisers | self.arbiters


# The changes of a game's result an origin may refuse (:func:`check`): ANSWER, the opponent's
# confirmation or dispute; DECIDE, an arbiter's decision; TAKE, a verified record taking effect;
# REPORT, a result submitted without a record.
ANSWER, DECIDE, TAKE, REPORT = "answer", "decide", "take", "report"


class Origin(Protocol):
    """What the app owning an origin answers about its games, and about what holds them."""

    def place(self, game: Game) -> Place:
        """Where the game stands (its event, round, board and number)."""
        ...

    def officials(self, game: Game) -> Officials:
        """Who manages the game (an event's organisers and arbiters)."""
        ...

    def check(self, game: Game, change: str) -> None:
        """Refuse ``change`` of the game's result (:data:`ANSWER`, :data:`DECIDE`, :data:`TAKE`,
        :data:`REPORT`) with :class:`~games.errors.ResultFixed` when it may not happen now."""
        ...

    def lock(self, games: QuerySet[Game], game_id: int, read: Game | None) -> Game:
        """Lock the rows above the game in the lock order (``common.locking``: an event's round, then
        the pairing), then the game (from ``games``, the games' manager), and return the game read
        under the locks with its players and its place. ``read``: the game as read before (unlocked), whose rows above it, when read with
        it, need not be read again to be found."""
        ...

    def vacations_allowed(self, game: Game) -> bool:
        """Whether the players' vacations pause the game's correspondence clocks (an event says)."""
        ...

    def takes_records(self, game: Game) -> bool:
        """Whether records (or results) of the game are taken by hand at all (a round played only on
        the service takes none): a page offers no submission where none is taken."""
        ...

    def result_set(self, game: Game, source: str) -> str:
        """The game (locked) has its result (``source``: ``games.signals.VERIFIED``, ``REPORTED`` or
        ``ARBITER``): carry it to what the game belongs to. "" when done, else a note saying why not
        yet; a refusal is raised (a ``ServiceError``)."""
        ...

    def with_place(self, games: QuerySet[Any], via: str) -> QuerySet[Any]:
        """``games`` read with what :meth:`place` needs (``via``: the path from the queryset's model to
        the game, ``"game__"``, or "")."""
        ...

    def in_order(self, games: QuerySet[Any]) -> QuerySet[Any]:
        """``games`` (a queryset of games) in the origin's order (an event's, a round's, a board's)."""
        ...

    def games(self, holder: Any) -> list[Game]:
        """The holder's games in order (game 1 first), created on first use; ``GameServiceError`` when
        it has none."""
        ...

    def has_games(self, holder: Any) -> bool:
        """Whether the holder has games at all (a bye has none)."""
        ...

    def takes_reports(self, holder: Any) -> bool:
        """Whether the holder's games take a result without a record."""
        ...

    def reopen(self, holder: Any, report: bool) -> Any:
        """The holder read again inside a submission's (``report``: a result report's) transaction;
        :class:`~games.errors.SubmissionsClosed` when its games take none now."""
        ...

    def visible_to(self, user: object) -> QuerySet[Any]:
        """The holders ``user`` may see (one not shown to them is refused as one that does not exist)."""
        ...

    def one_visible_to(self, pk: object, user: object) -> Any | None:
        """The holder ``pk`` when ``user`` may see it (:meth:`visible_to`'s rule for one), read with
        what a submission reads of it; ``None`` when there is none or it is not shown to them."""
        ...


class _Unmanaged:
    """An origin with no officials, nothing above its games and nothing to carry a result to."""

    def place(self, game: Game) -> Place:
        return Place()

    def officials(self, game: Game) -> Officials:
        return Officials()

    def check(self, game: Game, change: str) -> None:
        return None

    def lock(self, games: QuerySet[Game], game_id: int, read: Game | None) -> Game:
        return games.select_related("white", "black").select_for_update(**OWN_ROW).get(pk=game_id)

    def vacations_allowed(self, game: Game) -> bool:
        return True  # a game outside any event: vacations pause its clocks

    def takes_records(self, game: Game) -> bool:
        return not game.on_service  # a casual game on the service has the record play wrote

    def result_set(self, game: Game, source: str) -> str:
        return ""


_ORIGINS: dict[str, Origin] = {}
_HOLDERS: dict[type, Origin] = {}
_UNMANAGED = _Unmanaged()


def register(kind: str, origin: Origin, holder: type) -> None:
    """Make ``origin`` answer for the games whose ``origin`` is ``kind`` and for the instances of the
    model ``holder`` that hold them (once per kind)."""
    _ORIGINS[kind] = origin
    _HOLDERS[holder] = origin


def origin_of(game: Game) -> Origin | _Unmanaged:
    return _ORIGINS.get(game.origin, _UNMANAGED)


def holder_of(obj: object) -> Origin:
    """The origin answering for ``obj``, which holds games; ``TypeError`` when no app registered one
    for its kind."""
    for model, origin in _HOLDERS.items():
        if isinstance(obj, model):
            return origin
    raise TypeError(f"nothing holds games of a {type(obj).__name__}")


def holder_model(name: str) -> type:
    """The registered model holding games whose model name is ``name`` (the API's ``pairing``)."""
    return next(model for model in _HOLDERS if model._meta.model_name == name)  # type: ignore[attr-defined]


def holders_visible_to(model: type, user: object) -> QuerySet[Any]:
    """The instances of ``model`` holding games that ``user`` may see."""
    return _HOLDERS[model].visible_to(user)


def holder_visible_to(model: type, pk: object, user: object) -> Any | None:
    """The instance ``pk`` of ``model`` holding games if ``user`` may see it, else ``None``."""
    return _HOLDERS[model].one_visible_to(pk, user)


def officials(game: Game) -> frozenset[int]:
    """The ids of the users who manage ``game``: an event's organisers and arbiters, else none."""
    return origin_of(game).officials(game).ids


def organiser_not_arbiter(game: Game, user: object) -> bool:
    """Whether ``user`` manages the game as an organiser and not as an arbiter."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return False
    found = origin_of(game).officials(game)
    return pk in found.organisers and pk not in found.arbiters


def check(game: Game, change: str) -> None:
    """Refuse ``change`` of the game's result (``ResultFixed``) when its origin does not allow it now."""
    origin_of(game).check(game, change)


def allows(game: Game, change: str) -> bool:
    """Whether the game's origin allows ``change`` of its result now (:func:`check`, for a page)."""
    from games.errors import ResultFixed

    try:
        check(game, change)
    except ResultFixed:
        return False
    return True


def takes_records(game: Game) -> bool:
    """Whether the game's origin takes records by hand for it at all (:meth:`Origin.takes_records`)."""
    return origin_of(game).takes_records(game)


class _Inserted:
    """A game's mark of its insert by the transaction still open (:func:`inserted`)."""

    open = True

    def close(self) -> None:
        self.open = False


def inserted(game: Game) -> None:
    """Mark ``game`` as inserted just now by what holds it (its creation on first use): while the
    transaction inserting it is open, :func:`inserted_here` tells (a game created by a submission's
    own transaction has no submission to look through). Outside a transaction the mark closes at once."""
    mark = _Inserted()
    game._inserted = mark  # type: ignore[attr-defined]
    transaction.on_commit(mark.close)


def inserted_here(game: Game) -> bool:
    """Whether ``game`` was inserted by the transaction now open (:func:`inserted`)."""
    mark = getattr(game, "_inserted", None)
    return mark is not None and mark.open and connection.in_atomic_block


def lock_all(games: QuerySet[Game], reads: list[Game]) -> dict[int, Game]:
    """The games ``reads`` (each read before, unlocked) locked at once, by id: an origin that can
    (``lock_all``: an event's rounds, then pairings, then games, each level in one query in the
    order of ids) does it for all its games, in the order of the origins' kinds; the others'
    games one by one, in the order of their ids. Every batch takes its locks in that one order."""
    by_kind: dict[str, list[Game]] = {}
    for read in reads:
        by_kind.setdefault(read.origin, []).append(read)
    found: dict[int, Game] = {}
    for kind in sorted(by_kind):
        origin = _ORIGINS.get(kind, _UNMANAGED)
        together = getattr(origin, "lock_all", None)
        if together is not None:
            found |= together(games, by_kind[kind])
            continue
        for read in sorted(by_kind[kind], key=lambda game: game.pk):
            found[read.pk] = origin.lock(games, read.pk, read)
    return found


def lock(games: QuerySet[Game], game_id: int, kind: str, read: Game | None = None) -> Game:
    """The game ``game_id`` of ``games`` (the games' manager) locked in the lock order, with what its origin (``kind``: ``Game.origin``) puts above
    it locked first (nothing for most); ``read``, the game read before, spares reading again what was
    read with it."""
    return _ORIGINS.get(kind, _UNMANAGED).lock(games, game_id, read)


def lock_on_service(model: type[Game], game_id: int) -> Game | None:
    """The game on the service ``game_id`` (of ``model``, ``Game``) locked in the lock order, with its
    players; None without one. A game whose origin puts nothing above it (a casual game) is read and
    locked in one statement, its players' rows beside its own (a move's one read: the statement
    composed once a process, :func:`_locking`, ``common.prepared``); else its origin, read first, locks
    its rows before it (:func:`lock`)."""
    plain = tuple(kind for kind in model.Origin.values if kind not in _ORIGINS)  # nothing above them
    found = _locking(model._meta.label, plain).first(game_id)
    if found is not None:
        return found  # type: ignore[no-any-return]
    games = model.objects.filter(on_service=True)
    kind = games.filter(pk=game_id).values_list("origin", flat=True).first()
    return None if kind is None else lock(games, game_id, kind)


@functools.cache
def _locking(label: str, kinds: tuple[str, ...]) -> Prepared[Game]:
    """The read locking a game (of the model ``label``) on the service of one of ``kinds`` of origin, with its
    two players read beside it and its own row alone locked (``common.locking.OWN_ROW``)."""
    model: type[Game] = apps.get_model(label)
    return Prepared(
        lambda game_id: (
            model.objects.select_related("white", "black")
            .select_for_update(**OWN_ROW)
            .filter(pk=game_id, on_service=True, origin__in=kinds)
        ),
        int,
    )


def result_set(game: Game, source: str) -> str:
    """Carry the result just set on the (locked) game to its origin: "" when taken, else why not yet;
    a refusal is raised."""
    return origin_of(game).result_set(game, source)


def round_number(game: Game) -> int | None:
    """The number of the game's round (what a record's Round tag must name), else ``None``."""
    return place(game).round


def place(game: Game) -> Place:
    """Where the game stands in its origin (an event's round and board, its number there)."""
    return origin_of(game).place(game)


def with_place(games: QuerySet[Any], via: str = "") -> QuerySet[Any]:
    """``games`` read with what every registered origin's place needs (``via``: the path from the
    queryset's model to the game, ``"game__"``), and with the players."""
    for origin in _ORIGINS.values():
        games = origin.with_place(games, via)
    return games.select_related(f"{via}white", f"{via}black")


def ordered(games: QuerySet[Any]) -> QuerySet[Any]:
    """``games`` listed in their origins' order (one origin orders them today; the primary key last)."""
    for origin in _ORIGINS.values():
        games = origin.in_order(games)
    return games if games.query.order_by else games.order_by("pk")


def vacations_allowed(game: Game) -> bool:
    """Whether vacations pause the game's correspondence clocks: the event's choice, else yes."""
    return origin_of(game).vacations_allowed(game)
