"""The players page of an event (register one, paste a list, withdraw) and late entries."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.errors import Attempt, attempt
from accounts.policy import Action, require
from tournaments.models import Event, Pairing, Registration
from tournaments.registration import services as registration_services
from tournaments.registration.byes import settings_of
from tournaments.registration.lists import Plan
from tournaments.rounds import next_unpaired_round, registration_open, without_account
from tournaments.web.forms.registration import LateEntryForm, PasteListForm, RegisterPlayerForm
from tournaments.web.views.common import event_context, event_page, id_or_404, swiss_context
from tournaments.web.views.confirm import mark_undoable, undo_withdrawal_action, withdrawal_confirmation


def common_registrations(request: HttpRequest, event: Event) -> HttpResponse:
    """The players of an event; managers register (one or a pasted list) and withdraw here."""
    register_form, paste_form = RegisterPlayerForm(), PasteListForm()
    preview: Plan | None = None
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        require(request.user, Action.MANAGE_EVENT, event)
        action = request.POST.get("action", "")
        if action == "register":
            register_form = RegisterPlayerForm(request.POST)
        elif action in ("paste", "preview"):
            paste_form = PasteListForm(request.POST)
        done: Attempt[Any]
        if action == "preview":  # what the list would register, before anything is
            done = attempt(
                lambda: (
                    registration_services.preview_list(
                        event, request.user, paste_form.cleaned_data["players"]
                    )
                    if paste_form.is_valid()
                    else None
                )
            )
            preview = done.value
        else:
            done = attempt(lambda: _players_action(request, event, action, register_form, paste_form))
            if done.value is not None:
                return done.value  # type: ignore[no-any-return]
        if done.refused:
            if action == "withdraw" or not registration_open(event):
                messages.error(request, f"{done.reason[:1].upper()}{done.reason[1:]}.")
                return redirect("tournaments:registrations", slug=event.slug)
            target = paste_form if action in ("paste", "preview") else register_form
            for problem in getattr(done.error, "problems", None) or [done.reason]:  # every problem of a list
                target.add_error(None, problem)
        status = 200 if preview is not None else 400
    context = event_context(request, event, "players")
    context.update(
        {
            "registrations": list(event.registrations.select_related("player")),
            "register_form": register_form,
            "paste_form": paste_form,
            "preview": preview,
            "can_register": registration_open(event),
            "no_account": without_account(event),
        }
    )
    mark_undoable(context["registrations"])  # type: ignore[arg-type]
    return render(request, "tournaments/registrations.html", context, status=status)


def _players_action(
    request: HttpRequest,
    event: Event,
    action: str,
    register_form: RegisterPlayerForm,
    paste_form: PasteListForm,
) -> HttpResponse | None:
    """Carry out the players page's ``action``: the answer, or None when its form is not valid."""
    if action == "register":
        if not register_form.is_valid():
            return None
        data = register_form.cleaned_data
        registration = registration_services.register_by_name(
            event, request.user, data["name"], data["rating"]
        )
        messages.success(request, _("%(player)s registered.") % {"player": registration.player})
    elif action == "paste":
        if not paste_form.is_valid():
            return None
        added = registration_services.register_list(event, request.user, paste_form.cleaned_data["players"])
        messages.success(
            request,
            ngettext("%(count)d player registered.", "%(count)d players registered.", len(added))
            % {"count": len(added)},
        )
    elif action == "withdraw":
        registration = get_object_or_404(
            Registration, pk=id_or_404(request.POST.get("registration")), event=event
        )
        if (asked := withdrawal_confirmation(request, event, registration)) is not None:
            return asked
        result = registration_services.withdraw(registration, request.user)
        if result.withdrawn_from_round:
            messages.success(
                request,
                _("%(player)s withdrawn from round %(round)s on.")
                % {"player": result.player, "round": result.withdrawn_from_round},
            )
        else:
            messages.success(request, _("%(player)s removed from the event.") % {"player": result.player})
    elif action == "undo-withdrawal":
        return undo_withdrawal_action(request, event)
    else:
        messages.error(request, _("Unknown action."))
    return redirect("tournaments:registrations", slug=event.slug)


@event_page(swiss=True)
def swiss_late_entry(request: HttpRequest, event: Event) -> HttpResponse:
    status = 200
    if request.method == "POST":
        form = LateEntryForm(request.POST)
        if form.is_valid():
            entered = attempt(
                lambda: registration_services.add_late_entry(
                    event, request.user, form.cleaned_data["name"], form.cleaned_data["rating"]
                )
            )
            if entered.refused or (registration := entered.value) is None:
                form.add_error(None, entered.reason)
            else:
                missed = Pairing.objects.filter(white=registration, black=None).count()
                messages.success(
                    request,
                    (
                        ngettext(
                            "%(player)s joined with pairing number %(number)s and %(missed)d bye for the missed rounds.",
                            "%(player)s joined with pairing number %(number)s and %(missed)d byes for the missed rounds.",
                            missed,
                        )
                        if missed
                        else _("%(player)s joined with pairing number %(number)s.")
                    )
                    % {
                        "player": registration.player,
                        "number": registration.pairing_number,
                        "missed": missed,
                    },
                )
                return redirect("tournaments:registrations", slug=event.slug)
        status = 400
    else:
        form = LateEntryForm()
    next_round = next_unpaired_round(event)
    context = swiss_context(request, event, "late-entry")
    context.update(
        {
            "form": form,
            "settings": settings_of(event),
            "next_round": next_round,
            "missed": max(next_round - 1, 0),
            "renumbers": next_round < registration_services.RENUMBER_BEFORE_ROUND,
        }
    )
    return render(request, "tournaments/swiss_late_entry.html", context, status=status)


@event_page(action=None)
def registrations(request: HttpRequest, event: Event) -> HttpResponse:
    """The players page; in a running Swiss event a new player joins as a late entry.

    A plain registration would leave him without a pairing number and without byes for the
    rounds he missed, so the one-player form goes through ``add_late_entry`` and the pasted
    list is refused. Everything else (withdrawals included) is the common players page.
    """
    action = request.POST.get("action", "") if request.method == "POST" else ""
    running_swiss = event.status == Event.Status.RUNNING and event.system_spec.late_entries
    if not (running_swiss and action in ("register", "paste")):
        return common_registrations(request, event)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    require(request.user, Action.MANAGE_EVENT, event)
    if action == "paste":
        messages.error(request, _("The event is running: add players one at a time as late entries."))
        return redirect("tournaments:swiss-late-entry", slug=event.slug)
    return swiss_late_entry(request, event.slug)
