"""The Swiss pages of byes: the organiser's bye rules and the requested byes."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.errors import attempt
from tournaments.models import ByeRequest, Event
from tournaments.registration import byes
from tournaments.rounds import next_unpaired_round
from tournaments.web.forms.registration import ByeRequestForm, SwissSettingsForm
from tournaments.web.views.common import event_page, event_post, sentence, swiss_context


@event_page(swiss=True)
def swiss_settings(request: HttpRequest, event: Event) -> HttpResponse:
    current = byes.settings_of(event)
    status = 200
    if request.method == "POST":
        form = SwissSettingsForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            saved = attempt(
                lambda: byes.update_settings(
                    event,
                    request.user,
                    max_half_byes=data["max_half_byes"],
                    half_bye_refused_rounds=data["half_bye_refused_rounds"],
                    late_entry_bye=data["late_entry_bye"],
                    bye_points=data["bye_points"],
                )
            )
            if saved.refused:
                form.add_error(None, saved.reason)
            else:
                messages.success(request, _("Swiss settings saved."))
                return redirect("tournaments:swiss-settings", slug=event.slug)
        status = 400
    else:
        form = SwissSettingsForm(initial=SwissSettingsForm.initial_for(event, current), event=event)
    context = swiss_context(request, event, "settings")
    context.update({"form": form, "settings": current})
    return render(request, "tournaments/swiss_settings.html", context, status=status)


@event_page(swiss=True)
def swiss_byes(request: HttpRequest, event: Event) -> HttpResponse:
    """Requested byes of every player; managers record new ones here."""
    next_round = next_unpaired_round(event)
    status = 200
    if request.method == "POST":
        form = ByeRequestForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            requested = attempt(
                lambda: byes.request_bye(
                    data["registration"], request.user, data["round_number"], data["kind"]
                )
            )
            if requested.refused or (bye := requested.value) is None:
                messages.error(request, _("Bye refused: %(reason)s") % {"reason": sentence(requested.reason)})
            else:
                messages.success(
                    request,
                    _("%(player)s: %(bye)s in round %(round)s.")
                    % {
                        "player": bye.registration.player,
                        "bye": bye.get_kind_display().lower(),
                        "round": bye.round_number,
                    },
                )
                return redirect("tournaments:swiss-byes", slug=event.slug)
        status = 400
    else:
        form = ByeRequestForm(event=event, initial={"round_number": next_round, "kind": ByeRequest.Kind.HALF})
    settings = byes.settings_of(event)
    requests = list(
        ByeRequest.objects.filter(registration__event=event).select_related(
            "registration__player", "created_by"
        )
    )
    context = swiss_context(request, event, "byes")
    context.update(
        {
            "form": form,
            "requests": requests,
            "next_round": next_round,
            "settings": settings,
            "can_request": event.status != Event.Status.FINISHED,
        }
    )
    return render(request, "tournaments/swiss_byes.html", context, status=status)


@event_post
def swiss_bye_cancel(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    bye = get_object_or_404(
        ByeRequest.objects.select_related("registration__player", "registration__event"),
        pk=pk,
        registration__event=event,
    )
    cancelled = attempt(lambda: byes.cancel_bye(bye, request.user))
    if cancelled.refused:
        messages.error(request, sentence(cancelled.reason))
    else:
        messages.success(
            request,
            _("Bye of %(player)s in round %(round)s cancelled.")
            % {"player": bye.registration.player, "round": bye.round_number},
        )
    return redirect("tournaments:swiss-byes", slug=event.slug)
