"""Vacations: a player's days away, which pause his correspondence clocks.

The rules at home here (the arithmetic is ``games.play.clocks``'):

* a player has ``clocks.VACATION_DAYS`` days of vacation a calendar year (UTC), counted to the
  second; he starts a vacation from his account (page or API) when he has days left and is not on
  one; it ends when he ends it, or when this year's days left at its start are used up; a vacation
  is charged to the year it starts in;
* while he is away the clocks of his games do not run, in the games played on the service with a
  correspondence time control whose origin allows vacations (an event says so,
  ``Event.vacations``; a game outside events allows them): :func:`pauses` gives
  ``games.play.state.clocks_at`` the spans to leave out; he may still move meanwhile;
* only the player himself starts or ends his vacation; the player's row is locked while it changes,
  so two requests at once start one vacation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.errors import Conflict
from accounts.models import Player
from common.locking import locked
from games import origins
from games.errors import GameServiceError
from games.models import Game, Vacation
from games.play import clocks


class VacationConflict(Conflict):
    """Already on vacation, not on one, or no days left (409)."""


@dataclass(frozen=True)
class VacationState:
    """A player's vacation now (or none) and what is left of this year's days."""

    current: Vacation | None
    left: timedelta
    year: int


def _player_of(user: object) -> Player:
    player = Player.objects.filter(user_id=getattr(user, "pk", None)).first() if user else None
    if player is None:
        raise GameServiceError(_("your account is not linked to a player: claim your player first"))
    return player


def _spans(player_id: int) -> list[clocks.Pause]:
    return list(Vacation.objects.filter(player_id=player_id).values_list("started_at", "ends_at"))


def state_of(player: Player, now: datetime | None = None) -> VacationState:
    now = now or timezone.now()
    current = Vacation.objects.filter(player=player, started_at__lte=now, ends_at__gt=now).first()
    return VacationState(current, clocks.vacation_left(_spans(player.pk), now), now.year)


def state_for(user: object) -> VacationState:
    return state_of(_player_of(user))


def start(user: object) -> Vacation:
    """The user's player goes on vacation now, for at most the days he has left this year."""
    player = _player_of(user)
    with transaction.atomic():
        locked(Player.objects.filter(pk=player.pk)).get()
        now = timezone.now()
        if Vacation.objects.filter(player=player, started_at__lte=now, ends_at__gt=now).exists():
            raise VacationConflict(_("you are already on vacation"))
        left = clocks.vacation_left(_spans(player.pk), now)
        if left <= timedelta(0):
            raise VacationConflict(
                _("you have no vacation days left this year (%(days)s a year)")
                % {"days": clocks.VACATION_DAYS}
            )
        return Vacation.objects.create(player=player, started_at=now, ends_at=now + left)


def end(user: object) -> Vacation:
    """The user's player ends his vacation now: what he did not use stays his for this year."""
    player = _player_of(user)
    with transaction.atomic():
        locked(Player.objects.filter(pk=player.pk)).get()
        now = timezone.now()
        current = Vacation.objects.filter(player=player, started_at__lte=now, ends_at__gt=now).first()
        if current is None:
            raise VacationConflict(_("you are not on vacation"))
        current.ends_at = now
        current.save(update_fields=["ends_at"])
        return current


def pauses(game: Game, side: int, start: datetime, now: datetime) -> list[clocks.Pause]:
    """The vacations of the game's player ``side`` between ``start`` and ``now`` that pause his clock
    in this game (none for a live game or where the game's origin allows no vacations)."""
    control = clocks.parse(game.time_control)
    if control is None or not control.pauses_for_vacations or not origins.vacations_allowed(game):
        return []
    player_id = game.white_id if side == 0 else game.black_id
    return list(
        Vacation.objects.filter(player_id=player_id, ends_at__gt=start, started_at__lt=now).values_list(
            "started_at", "ends_at"
        )
    )


def duration_text(span: timedelta) -> str:
    """A time span as people say it: "12 days 5 hours" (whole hours, rounded down; minutes when
    shorter than an hour)."""
    days, hours, minutes = span.days, span.seconds // 3600, span.seconds % 3600 // 60
    parts = [ngettext("%(n)s day", "%(n)s days", days) % {"n": days}] if days else []
    if hours:
        parts.append(ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours})
    if not parts:
        parts.append(ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes})
    return " ".join(parts)
