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
"""

from __future__ import annotations

from typing import Protocol

from games.models import Game


class Origin(Protocol):
    """What the app owning an origin answers about one of its games."""

    def officials(self, game: Game) -> frozenset[int]:
        """The ids of the users who manage the game (an event's organisers and arbiters)."""
        ...

    def refusal(self, game: Game, change: str) -> str:
        """Why the game's result may not change now by ``change`` (:data:`ANSWER`: the opponent's
        confirmation or dispute, :data:`DECIDE`: an arbiter's decision, :data:`TAKE`: a verified
        record taking effect, for its note); "" when it may."""
        ...

    def lock_above(self, game_id: int) -> None:
        """Lock the rows above the game in the lock order (``config.locking``: an event's round, then
        the pairing) before the game itself is locked."""
        ...


class _Unmanaged:
    """An origin with no officials and nothing to carry a result to."""

    def officials(self, game: Game) -> frozenset[int]:
        return frozenset()

    def refusal(self, game: Game, change: str) -> str:
        return ""

    def lock_above(self, game_id: int) -> None:
        return None


# The changes of a game's result an origin may refuse (:meth:`Origin.refusal`).
ANSWER, DECIDE, TAKE = "answer", "decide", "take"

_ORIGINS: dict[str, Origin] = {}
_UNMANAGED = _Unmanaged()


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


def lock_above(game_id: int) -> None:
    """Lock what the game's origin puts above the game in the lock order (nothing for most)."""
    kind = Game.objects.values_list("origin", flat=True).get(pk=game_id)
    _ORIGINS.get(kind, _UNMANAGED).lock_above(game_id)
