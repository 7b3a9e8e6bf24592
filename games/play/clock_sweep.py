"""The clocks' part of the sweep (``common.sweep``): games on the service whose player to move ran out.

Nobody has to move for a game to be lost on time: every sweep ends the games on the service still
in play whose running clock has passed zero (``games.play.service.time_out``, which checks again under the
game's lock). Vacations only ever add time: the query finds the games whose clock would have run
out without them, and ``time_out`` leaves those whose player's vacations keep them going. Every such
game is ended in the same sweep, however many: the sweep is only the safety net behind each flag's
own task and the check on reading (``games.play.flags``), and no flag waits for a later run. The games
ended on time whose results are still to be carried past the grace period (their task lost) have
them carried (``games.play.carrying``). Registered in ``GamesConfig.ready``.

The time warning (:func:`warning_work`, in the same sweep): the player to move is told once a move
(``Game.warned_ply``) when his clock falls under his time control's warning (``games.play.clocks``: 24
hours of a correspondence clock, a minute or a fifth of a live one), through
``games.signals.time_running_out``: the games due by their indexed moment (``Game.warn_at``), by
``games.play.flags.warn_due``, which each flag's task calls in time.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from games.play import carrying, flags

# The time warnings sent a sweep at most (the flags have no such limit).
SWEEP_BATCH = 100


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """End on time the games whose player to move has no time left at ``now``, and those whose first
    move was due (``games.play.aborts``: aborted, or an event's clock started) (``games.play.flags``: every one
    of them, a few a transaction); carry the results of the games ended on time more than the grace
    period ago and still marked to be carried (``games.play.carrying``: their task lost or failed)."""
    timed_out = flags.end_fallen(now)
    left = carrying.marked(before=now - timedelta(seconds=settings.SWEEP_GRACE))
    return {"timed_out": timed_out, "carried": carrying.carry_all(left)}


def warning_work(now: datetime) -> dict[str, list[int]]:
    """Warn the players to move whose warning is due at ``now`` (``games.play.flags.warn_due``: from the
    indexed ``Game.warn_at``; each flag's task warns in time, this is the safety net)."""
    return {"time_warned": flags.warn_due(now, SWEEP_BATCH)}
