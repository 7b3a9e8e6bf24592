"""Requested byes and the organiser's bye rules of a Swiss event.

A player known not to play a round gets a half-point, full-point or zero-point bye request;
half-point byes follow the organiser's rules (how many per player, rounds where they are
refused), a zero-point bye (known absence) is always accepted, a full-point bye is the
organiser's decision. The pairing reads the requests through
:func:`tournaments.pairing.history.build_state`.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.policy import Action, require
from tournaments.core.codes import BYE_HALF, REQUESTED_BYES
from tournaments.errors import ServiceError
from tournaments.models import ByeRequest, Event, Pairing, Registration, Round, SwissSettings
from tournaments.rounds import next_unpaired_round


def settings_of(event: Event) -> SwissSettings:
    """The event's Swiss settings (unsaved defaults when the organiser never set them)."""
    try:
        return event.swiss_settings
    except SwissSettings.DoesNotExist:
        return SwissSettings(event=event)


def update_settings(
    event: Event,
    user: object,
    *,
    max_half_byes: int | None = None,
    half_bye_refused_rounds: list[int] | None = None,
    late_entry_bye: str | None = None,
    bye_points: int | None = None,
) -> SwissSettings:
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        settings, _created = SwissSettings.objects.get_or_create(event=event)
        if max_half_byes is not None:
            if max_half_byes < 0:
                raise ServiceError(_("the number of half-point byes cannot be negative"))
            settings.max_half_byes = max_half_byes
        if half_bye_refused_rounds is not None:
            rounds = sorted({int(n) for n in half_bye_refused_rounds})
            if any(n < 1 or (event.rounds and n > event.rounds) for n in rounds):
                raise ServiceError(
                    _("refused rounds must be between 1 and %(last)s") % {"last": event.rounds}
                    if event.rounds
                    else _("refused rounds must be between 1 and the last round")
                )
            settings.half_bye_refused_rounds = rounds
        if late_entry_bye is not None:
            if late_entry_bye not in SwissSettings.LateEntryBye.values:
                raise ServiceError(_("late entrants score zero-point or half-point byes for missed rounds"))
            settings.late_entry_bye = late_entry_bye
        settings.save()
        if bye_points is not None:
            if bye_points not in (0, event.draw_points, event.win_points):
                raise ServiceError(_("the pairing-allocated bye is worth a loss, a draw or a win"))
            Event.objects.filter(pk=event.pk).update(bye_points=bye_points)
            event.bye_points = bye_points
        return settings


def half_byes_taken(registration: Registration) -> int:
    """Half-point byes the player has had or has asked for in rounds not paired yet."""
    stored = Pairing.objects.filter(white=registration, bye=Pairing.Bye.HALF).count()
    requested = ByeRequest.objects.filter(registration=registration, kind=ByeRequest.Kind.HALF)
    paired_rounds = set(
        Round.objects.filter(event=registration.event)
        .exclude(status=Round.Status.PENDING)
        .values_list("number", flat=True)
    )
    return stored + sum(1 for r in requested if r.round_number not in paired_rounds)


def request_bye(
    registration: Registration, user: object, round_number: int, kind: str = BYE_HALF
) -> ByeRequest:
    """Record that a player will not play ``round_number``: a half-point, full-point or zero-point bye."""
    event = registration.event
    require(user, Action.MANAGE_EVENT, event)
    if kind not in REQUESTED_BYES:
        raise ServiceError(
            _("'%(kind)s' is not a bye a player can ask for (half, full or zero)") % {"kind": kind}
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        registration = Registration.objects.select_related("player").get(pk=registration.pk)
        if not event.system_spec.requested_byes:
            raise ServiceError(_("requested byes exist only in Swiss events"))
        if event.status == Event.Status.FINISHED:
            raise ServiceError(_("the event is finished"))
        if event.rounds and not 1 <= round_number <= event.rounds:
            raise ServiceError(
                _("round %(round_number)s does not exist: the event has %(rounds)s rounds")
                % {"round_number": round_number, "rounds": event.rounds}
            )
        if round_number < next_unpaired_round(event):
            raise ServiceError(_("round %(round_number)s is already paired") % {"round_number": round_number})
        if not registration.is_active_in(round_number):
            raise ServiceError(_("%(player)s has withdrawn") % {"player": registration.player})
        if ByeRequest.objects.filter(registration=registration, round_number=round_number).exists():
            raise ServiceError(
                _("%(player)s already has a bye in round %(round_number)s")
                % {"player": registration.player, "round_number": round_number}
            )
        if kind == BYE_HALF:
            settings = settings_of(event)
            if round_number in (settings.half_bye_refused_rounds or []):
                raise ServiceError(
                    _("half-point byes are not given in round %(round_number)s")
                    % {"round_number": round_number}
                )
            if half_byes_taken(registration) >= settings.max_half_byes:
                raise ServiceError(
                    ngettext(
                        "%(player)s has already had the %(count)d half-point bye the event allows",
                        "%(player)s has already had the %(count)d half-point byes the event allows",
                        settings.max_half_byes,
                    )
                    % {"player": registration.player, "count": settings.max_half_byes}
                )
        return ByeRequest.objects.create(
            registration=registration,
            round_number=round_number,
            kind=kind,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )


def cancel_bye(request: ByeRequest, user: object) -> None:
    event = request.registration.event
    require(user, Action.MANAGE_EVENT, event)
    with transaction.atomic():
        if request.round_number < next_unpaired_round(event):
            raise ServiceError(
                _("round %(round_number)s is already paired: the bye stays")
                % {"round_number": request.round_number}
            )
        request.delete()
