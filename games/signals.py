"""Hooks of the games app for optional listeners in other apps: ``result_changed`` and the play hooks.

:data:`result_changed` is sent inside the transaction that changed a game's result, with
``sender=Game`` and the keyword arguments ``game`` (the locked game), ``kind`` (``"submitted"``: a
verified record was taken, ``"confirmed"``: the opponent confirmed the provisional result,
``"disputed"``: the opponent disputed it, ``"ended"``: play on the service ended (its result
official at once, ``actor`` the player whose move, resignation or acceptance of a draw ended it,
``None`` on time), ``"decided"``: an arbiter
decided, ``"annulled"``: an arbiter annulled a game played on the service), ``actor`` (the user who did it, or ``None``) and ``detail`` (a sentence for people: what
the record did, the reason of the dispute or of the decision). The personal app turns it into
notices and e-mails (not of a confirmation); the tournaments app rates a casual game whose result
became final. Keeping the hook here lets the games side know nothing about accounts or ratings.

A game's result reaches what the game belongs to by a direct call, not a hook:
``games.origins.result_set`` (with :data:`VERIFIED`, :data:`REPORTED` or :data:`ARBITER`, how it came
about), answered by the origin its app registered.

:data:`move_played` and :data:`time_running_out` tell of play on the service (below).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.dispatch import Signal

SUBMITTED, CONFIRMED, DISPUTED, DECIDED, ANNULLED, ENDED = (
    "submitted",
    "confirmed",
    "disputed",
    "decided",
    "annulled",
    "ended",
)

# How a finished game's result came about (``games.origins.result_set``'s ``source``).
VERIFIED, REPORTED, ARBITER = "verified", "reported", "arbiter"

result_changed = Signal()

#: Changes of several games' results in one transaction (a batch of verifications): a receiver of
#: :data:`result_changed` that can do once for all what it does for each (the notices: one read of
#: their recipients, one insert) keeps its work in a state of its own (:func:`kept`) until the block ends.
_Finish = Callable[[dict[str, Any]], None]
_together: ContextVar[dict[str, tuple[_Finish, dict[str, Any]]] | None] = ContextVar(
    "result_changes_together", default=None
)


@contextmanager
def together() -> Iterator[None]:
    """Inside a transaction: the receivers' work kept meanwhile (:func:`kept`) is finished once, at
    the block's end, in the same transaction; not at all if the block raises (it rolls back)."""
    blocks: dict[str, tuple[_Finish, dict[str, Any]]] = {}
    token = _together.set(blocks)
    try:
        yield
    finally:
        _together.reset(token)
    for finish, state in blocks.values():
        finish(state)


def kept(name: str, finish: _Finish) -> dict[str, Any] | None:
    """The state of the receiver ``name`` in the open :func:`together` block, which calls
    ``finish(state)`` at its end; None when no block is open (the receiver works at once)."""
    blocks = _together.get()
    if blocks is None:
        return None
    return blocks.setdefault(name, (finish, {}))[1]


# Play on the service (``games.play.service``, ``games.play.clock_sweep``), sent inside the transaction that
# stored it with ``sender=Game`` and ``game``: :data:`move_played` after a move that did not end the
# game (``to_move``: 0 White, 1 Black, the player now to move; ``move``, its notation; ``mover``, the
# id of the user who made it), :data:`time_running_out` when the
# player to move (``side``) has less than his time control's warning left (``left``, a timedelta).
# The personal app turns them into notices ("your move", the time warning) and e-mails.
move_played = Signal()
time_running_out = Signal()
