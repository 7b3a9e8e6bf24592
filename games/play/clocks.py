"""Time controls of games played on the service, and what a move does to the mover's clock.

A time control is written as a short text stored on the game
(``Game.time_control``):

* ``"5+3"``: Fischer, 5 minutes each and 3 seconds added after every move of one's own;
* ``"3d/15d"``: correspondence (Little Golem style), 3 days per move: each move adds 3 days to
  the mover's time, which is never more than the cap of 15 days banked; each player starts with 3 days;
* ``""``: no clock.

The server keeps the clocks (``games.play.service``): the player to move's time runs from the moment the
opponent's move was stored; a player whose time ran out before he moved has lost on time.

Vacations (``games.play.vacations``) pause a player's correspondence clocks: the arithmetic is here
(:func:`paused`, :func:`used`, :func:`vacation_left`), with no database. Each player has
:data:`VACATION_DAYS` days of vacation per calendar year (UTC), counted to the second; a vacation is
charged to the year it starts in and lasts at most what is left of that year's days at its start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.errors import ServiceError

FISCHER, CORRESPONDENCE = "fischer", "correspondence"

VACATION_DAYS = 30  # per calendar year

# The time warning (``games.play.flags.warn_due``): the player to move is told when his clock falls under
# this during his move (:attr:`TimeControl.warning`, :func:`warning_at`).
WARN_CORRESPONDENCE = timedelta(hours=24)
WARN_FISCHER = timedelta(minutes=1)
WARN_FISCHER_SHARE = 0.2  # of the initial time, when that is less than WARN_FISCHER

# A pause of a clock: (start, end), end excluded.
Pause = tuple[datetime, datetime]

_FISCHER = re.compile(r"^(\d{1,3})\+(\d{1,3})$")
_CORRESPONDENCE = re.compile(r"^(\d{1,2})d/(\d{1,3})d$")


class TimeControlError(ServiceError):
    """A time control that is not written as the service reads them (the message says how)."""


@dataclass(frozen=True)
class TimeControl:
    """``kind`` :data:`FISCHER` (``initial`` and ``increment``) or :data:`CORRESPONDENCE`
    (``increment`` is the time per move, ``cap`` the most that can be banked)."""

    kind: str
    initial: timedelta
    increment: timedelta
    cap: timedelta | None = None

    @classmethod
    def fischer(cls, minutes: int, increment_seconds: int) -> TimeControl:
        return cls(FISCHER, timedelta(minutes=minutes), timedelta(seconds=increment_seconds))

    @classmethod
    def correspondence(cls, days_per_move: int, cap_days: int) -> TimeControl:
        per_move = timedelta(days=days_per_move)
        return cls(CORRESPONDENCE, per_move, per_move, timedelta(days=cap_days))

    @property
    def text(self) -> str:
        if self.kind == FISCHER:
            minutes = int(self.initial.total_seconds()) // 60
            return f"{minutes}+{int(self.increment.total_seconds())}"
        assert self.cap is not None
        return f"{self.increment.days}d/{self.cap.days}d"

    def after_move(self, left: timedelta) -> timedelta:
        """The mover's time after his move, made with ``left`` still on his clock (not run out):
        the increment added, never more than the cap."""
        after = left + self.increment
        if self.cap is not None:
            after = min(after, self.cap)
        return after

    @property
    def pauses_for_vacations(self) -> bool:
        """Vacations pause correspondence clocks only (a live game is played at one sitting)."""
        return self.kind == CORRESPONDENCE

    @property
    def warning(self) -> timedelta:
        """The time left under which the player to move is warned: of a live clock a minute, or a
        fifth of its initial time when that is less (1+0: 12 seconds; 5+3: the minute); of a
        correspondence clock 24 hours, or a tenth of the most it banks when that is less (1d/2d:
        4.8 hours). Never the whole clock: a warning tells of a clock running low."""
        if self.kind != CORRESPONDENCE or self.cap is None:
            return min(WARN_FISCHER, self.initial * WARN_FISCHER_SHARE)
        return min(WARN_CORRESPONDENCE, self.cap / 10)


def warning_at(
    control: TimeControl | None, started: datetime | None, left: timedelta | None
) -> datetime | None:
    """When the player to move, whose clock started at ``started`` with ``left``, falls under his
    warning (vacations not counted: they only ever delay it); None without a running clock, or when
    he started his move under it already (he was warned as it fell, in an earlier move)."""
    if control is None or started is None or left is None or left <= control.warning:
        return None
    return started + left - control.warning


def start_window(control: TimeControl | None) -> timedelta:
    """How long each first move may wait (``games.play.aborts``): the setting ``GAME_START_LIVE`` for a
    Fischer clock, ``GAME_START_CORRESPONDENCE`` for a correspondence clock or none (a game without a
    clock is played slowly)."""
    if control is not None and control.kind == FISCHER:
        return timedelta(seconds=settings.GAME_START_LIVE)
    return timedelta(seconds=settings.GAME_START_CORRESPONDENCE)


def paused(start: datetime, end: datetime, pauses: Iterable[Pause]) -> timedelta:
    """How much of ``[start, end)`` lies inside the pauses (overlapping pauses counted once)."""
    total = timedelta(0)
    reached = start  # the time up to which the overlap is counted
    for begin, finish in sorted(pauses):
        begin, finish = max(begin, reached), min(finish, end)
        if finish > begin:
            total += finish - begin
            reached = finish
    return total


def used(start: datetime, now: datetime, pauses: Iterable[Pause] = ()) -> timedelta:
    """The time a clock started at ``start`` has run by ``now``, the pauses left out."""
    if now <= start:
        return timedelta(0)
    return now - start - paused(start, now, pauses)


def vacation_charged(vacations: Iterable[Pause], year: int, now: datetime) -> timedelta:
    """The vacation time charged to ``year``: the vacations started in it, up to ``now`` at most."""
    return sum(
        (min(end, now) - begin for begin, end in vacations if begin.year == year and min(end, now) > begin),
        timedelta(0),
    )


def vacation_left(vacations: Iterable[Pause], now: datetime) -> timedelta:
    """What is left of this year's :data:`VACATION_DAYS` at ``now``."""
    left = timedelta(days=VACATION_DAYS) - vacation_charged(vacations, now.year, now)
    return max(left, timedelta(0))


def parse(text: str) -> TimeControl | None:
    """The time control written ``text`` (None for ``""``: no clock); else :class:`TimeControlError`."""
    text = (text or "").strip()
    if not text:
        return None
    found = _FISCHER.match(text)
    if found:
        minutes, increment = int(found.group(1)), int(found.group(2))
        if minutes == 0:
            raise TimeControlError(_("a Fischer time control starts with at least one minute (like 5+3)"))
        return TimeControl.fischer(minutes, increment)
    found = _CORRESPONDENCE.match(text)
    if found:
        per_move, cap = int(found.group(1)), int(found.group(2))
        if per_move == 0 or cap < per_move:
            raise TimeControlError(
                _(
                    "a correspondence time control gives at least one day per move and banks at "
                    "least that much (like 3d/15d)"
                )
            )
        return TimeControl.correspondence(per_move, cap)
    raise TimeControlError(
        _(
            "write a time control as minutes+increment in seconds (5+3) or as days per move/days "
            "banked at most (3d/15d)"
        )
    )


def validate_time_control(text: str) -> None:
    """A model or form field's validator: a time control as :func:`parse` reads them."""
    try:
        parse(text)
    except TimeControlError as exc:
        raise ValidationError(str(exc)) from None
