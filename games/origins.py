"""Where a game comes from, and the one way the games app learns about it.

A :class:`~games.models.Game` has an origin (``Game.Origin``): a pairing of an event, a game played
on the service outside any event, or an imported record. The games app knows nothing of events: what
it needs to know of a game's origin (who its officials are, whether its result may still change,
what to lock above the game) comes
through the :class:`Origin` that the app owning that origin registers here (``tournaments``
registers the pairing origin in ``TournamentsConfig.ready``); a result set on a game reaches its
origin through ``games.signals.game_finished``. An origin nobody registered (a game on the service,
an imported record) has no officials: only a superuser manages its games.

The functions below are the games app's questions; :func:`officials` is also what the permission
policy asks about a game (``games.roles``).

What the pages, the API and the notices show of a game's origin (an event's round and board, the
game's number in its match) is its :class:`Place`; the games app reads the rows behind it in the
same query as the game (:func:`related`) and lists games in the origins' order (:func:`ordering`).

A record or a result is submitted for a game of what *holds* games (an event's pairing: its games 1
and 2): the games app's entry points (``games.services.submit_record``, ``games.reports``) take that
holder and a game number, and learn what they need of it (its games, whether it takes submissions or
reports now) from the :class:`Holder` its app registers here for its model (``tournaments``
registers one for ``Pairing``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.db.models import QuerySet

if TYPE_CHECKING:  # for the types only: the model reads its place through this module
    from games.models import Game


@dataclass(frozen=True)
class Place:
    """Where a game stands in what it belongs to: an event (its slug and name), a round, a board, and
    the game's number there (game 2 of a 2-game match); a game of no event has only number 1."""

    event: str | None = None
    event_name: str = ""
    round: int | None = None
    board: int | None = None
    number: int = 1


class Origin(Protocol):
    """What the app owning an origin answers about one of its games."""

    # What to read with a game for :meth:`place` and :meth:`refusal` (``select_related`` paths from
    # Game), and the fields that list games in order (an event's, then a round's, then a board's).
    related: tuple[str, ...]
    # What to read with a game for :meth:`lock_above` to find the rows above it without a query of
    # its own (``select_related`` paths from Game; a part of ``related``).
    above: tuple[str, ...]
    # What a game is read with when it is locked (``games.confirmation.lock_game``): the rows above
    # it, which :meth:`lock_above` locked and read, are put on it by :meth:`attach`, not read again.
    locked_related: tuple[str, ...]
    ordering: tuple[str, ...]

    def place(self, game: Game) -> Place:
        """Where the game stands (its event, round, board and number)."""
        ...

    def organiser_not_arbiter(self, game: Game, user_id: int) -> bool:
        """Whether the user manages the game as an organiser and not as an arbiter (how a decision's
        maker is named)."""
        ...

    def officials(self, game: Game) -> frozenset[int]:
        """The ids of the users who manage the game (an event's organisers and arbiters)."""
        ...

    def refusal(self, game: Game, change: str) -> str:
        """Why the game's result may not change now by ``change`` (:data:`ANSWER`: the opponent's
        confirmation or dispute, :data:`DECIDE`: an arbiter's decision, :data:`TAKE`: a verified
        record taking effect, for its note); "" when it may."""
        ...

    def lock_above(self, game_id: int, read: Game | None = None) -> object:
        """Lock the rows above the game in the lock order (``config.locking``: an event's round, then
        the pairing) before the game itself is locked, and return them as read under the locks (for
        :meth:`attach`). ``read``: the game as read before (unlocked), whose rows above it, when read
        with it, need not be read again to be found."""
        ...

    def attach(self, game: Game, above: object) -> None:
        """Put on the game, just locked and read with ``locked_related``, the rows :meth:`lock_above`
        returned: the game then shows what ``related`` would have read with it."""
        ...

    def round_number(self, game: Game) -> int | None:
        """The number of the round the game belongs to (a record's Round tag must name it), or
        ``None`` when the game is of no round."""
        ...

    def vacations_allowed(self, game: Game) -> bool:
        """Whether the players' vacations pause the game's correspondence clocks (an event says)."""
        ...


class _Unmanaged:
    """An origin with no officials and nothing to carry a result to."""

    related: tuple[str, ...] = ()
    above: tuple[str, ...] = ()
    locked_related: tuple[str, ...] = ()
    ordering: tuple[str, ...] = ()

    def place(self, game: Game) -> Place:
        return Place()

    def organiser_not_arbiter(self, game: Game, user_id: int) -> bool:
        return False

    def officials(self, game: Game) -> frozenset[int]:
        return frozenset()

    def refusal(self, game: Game, change: str) -> str:
        return ""

    def lock_above(self, game_id: int, read: Game | None = None) -> object:
        return None

    def attach(self, game: Game, above: object) -> None:
        return None

    def round_number(self, game: Game) -> int | None:
        return None

    def vacations_allowed(self, game: Game) -> bool:
        return True  # a game outside any event: vacations pause its clocks


# The changes of a game's result an origin may refuse (:meth:`Origin.refusal`); REPORT: a result
# submitted without a record.
ANSWER, DECIDE, TAKE, REPORT = "answer", "decide", "take", "report"


class Holder(Protocol):
    """What the app owning an object that holds games answers about one of them (``holder``)."""

    def games(self, holder: Any) -> list[Game]:
        """Its games in order (game 1 first), created on first use; ``GameServiceError`` when it
        has none."""
        ...

    def reread(self, holder: Any) -> Any:
        """The holder read again (inside a submission's transaction)."""
        ...

    def has_games(self, holder: Any) -> bool:
        """Whether it has games at all (a bye has none)."""
        ...

    def closed(self, holder: Any) -> str:
        """Why its games take no submission or report now; "" when they do."""
        ...

    def takes_reports(self, holder: Any) -> bool:
        """Whether its games take a result without a record."""
        ...

    def visible_to(self, user: object) -> QuerySet[Any]:
        """The holders ``user`` may see (one not shown to them is refused as one that does not exist)."""
        ...

    def one_visible_to(self, pk: object, user: object) -> Any | None:
        """The holder ``pk`` when ``user`` may see it (:meth:`visible_to`'s rule for one), read with
        what a submission reads of it; ``None`` when there is none or it is not shown to them."""
        ...


_ORIGINS: dict[str, Origin] = {}
_UNMANAGED = _Unmanaged()


_HOLDERS: dict[type, Holder] = {}


def register_holder(model: type, holder: Holder) -> None:
    """Make ``holder`` answer for the instances of ``model`` that hold games (once per model)."""
    _HOLDERS[model] = holder


def holder_of(obj: object) -> Holder:
    """The hook answering for ``obj``; ``TypeError`` when no app registered one for its kind."""
    for model, holder in _HOLDERS.items():
        if isinstance(obj, model):
            return holder
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


def register(kind: str, origin: Origin) -> None:
    """Make ``origin`` answer for the games whose ``origin`` is ``kind`` (once per kind)."""
    _ORIGINS[kind] = origin


def origin_of(game: Game) -> Origin:
    return _ORIGINS.get(game.origin, _UNMANAGED)


def officials(game: Game) -> frozenset[int]:
    """The ids of the users who manage ``game``: an event's organisers and arbiters, else none."""
    return origin_of(game).officials(game)


def refusal(game: Game, change: str) -> str:
    """Why the game's origin refuses ``change`` of its result now ("" when it does not)."""
    return origin_of(game).refusal(game, change)


def lock_above(game_id: int, kind: str, read: Game | None = None) -> object:
    """Lock what the game's origin (``kind``: ``Game.origin``) puts above the game in the lock order
    (nothing for most), and return it for :func:`attach`; ``read``, the game read before, spares
    reading again what was read with it."""
    return _ORIGINS.get(kind, _UNMANAGED).lock_above(game_id, read)


def locked_related(kind: str) -> tuple[str, ...]:
    """What a game of origin ``kind`` is read with when it is locked (``select_related`` paths)."""
    return _ORIGINS.get(kind, _UNMANAGED).locked_related


def attach(game: Game, above: object) -> None:
    """Put on the game just locked what :func:`lock_above` locked above it."""
    origin_of(game).attach(game, above)


def round_number(game: Game) -> int | None:
    """The number of the game's round (what a record's Round tag must name), else ``None``."""
    return origin_of(game).round_number(game)


def place(game: Game) -> Place:
    """Where the game stands in its origin (an event's round and board, its number there)."""
    return origin_of(game).place(game)


def organiser_not_arbiter(game: Game, user: object) -> bool:
    """Whether ``user`` manages the game as an organiser and not as an arbiter."""
    pk = getattr(user, "pk", None)
    return pk is not None and origin_of(game).organiser_not_arbiter(game, pk)


def above(prefix: str = "") -> list[str]:
    """What to read with a game (``select_related`` paths) so that :func:`lock_above`, given the game,
    finds the rows above it without reading them (``prefix`` as for :func:`related`)."""
    return [prefix + path for origin in _ORIGINS.values() for path in origin.above]


def related(prefix: str = "") -> list[str]:
    """What to read with games (``select_related`` paths) for every registered origin's place;
    ``prefix`` leads from another model to the game (``"game__"``)."""
    return [prefix + path for origin in _ORIGINS.values() for path in origin.related]


def ordering() -> list[str]:
    """The fields that list games in their origins' order (the primary key last)."""
    return [field for origin in _ORIGINS.values() for field in origin.ordering] + ["pk"]


def vacations_allowed(game: Game) -> bool:
    """Whether vacations pause the game's correspondence clocks: the event's choice, else yes."""
    return origin_of(game).vacations_allowed(game)
