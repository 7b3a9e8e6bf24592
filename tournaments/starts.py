"""When a round's games start, and the grace for their first moves (issue 36).

The rules at home here:

* a round's games start when the round is made public (a Swiss round's publication, a round robin's
  pairing), or at the round's time when the organiser set one later than that
  (``Event.round_times``: round 1's first; :func:`start_of`), stored on the round
  (``Round.starts_at``) and shown with a countdown on the game's page and My games;
* each first move of an event's game on the service is due within the event's grace
  (``Event.first_move_grace``, in seconds), else the service's window for its clock
  (``games.clocks.start_window``: ``GAME_START_LIVE``, ``GAME_START_CORRESPONDENCE``): White's from
  the start, Black's from White's first move; the player who makes no first move within it loses
  the game by forfeit (``games.play``);
* the round times are moments with a time zone (ISO 8601), at most one a round.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.play import clocks
from tournaments.errors import ServiceError
from tournaments.models import Event, Round

MAX_ROUND_TIMES = 50
LONGEST_GRACE = 30 * 86400


def check_round_times(values: Iterable[object]) -> list[str]:
    """The round times as stored (ISO 8601 in UTC, round 1 first; empty entries for rounds without
    one); a :class:`ServiceError` naming the first that is not a moment."""
    written = []
    for number, value in enumerate(values, start=1):
        if number > MAX_ROUND_TIMES:
            raise ServiceError(_("an event has at most %(count)s round times") % {"count": MAX_ROUND_TIMES})
        if value in (None, ""):
            written.append("")
            continue
        at = value if isinstance(value, datetime) else parse_datetime(str(value).strip())
        if at is None:
            raise ServiceError(
                _("the time of round %(round)s is not a date and time (2026-05-01T18:00:00Z): %(value)s")
                % {"round": number, "value": str(value)[:40]}
            )
        if timezone.is_naive(at):
            at = timezone.make_aware(at, timezone.get_default_timezone())
        written.append(at.astimezone(UTC).isoformat())
    while written and not written[-1]:
        written.pop()
    return written


def check_grace(seconds: object) -> int | None:
    """A first move's grace in seconds (None: the service's), between 10 seconds and 30 days."""
    if seconds in (None, ""):
        return None
    try:
        value = int(str(seconds))
    except ValueError:
        value = -1
    if not 10 <= value <= LONGEST_GRACE:
        raise ServiceError(
            _("the grace for a first move is between 10 seconds and %(days)s days, in seconds")
            % {"days": LONGEST_GRACE // 86400}
        )
    return value


def round_time(event: Event, number: int) -> datetime | None:
    """The time the organiser set for round ``number`` (None: none)."""
    times = event.round_times or []
    if not 1 <= number <= len(times) or not times[number - 1]:
        return None
    return parse_datetime(str(times[number - 1]))


def start_of(round_: Round, now: datetime | None = None) -> datetime:
    """When the games of ``round_``, made public ``now``, start: now, or its round time when later."""
    now = now or timezone.now()
    at = round_time(round_.event, round_.number)
    return at if at is not None and at > now else now


def grace_of(event: Event, time_control: str) -> timedelta:
    """How long each first move of the event's games at ``time_control`` may wait."""
    if event.first_move_grace:
        return timedelta(seconds=event.first_move_grace)
    return clocks.start_window(clocks.parse(time_control))
