"""Confirmation before an irreversible action (close a round, finish the event, withdraw a player,
publish pairings): the action's POST without ``confirmed=yes``, and a GET of its address, answer a
page saying what will happen, with a form that posts the same fields again and an explicit checkbox.
No JavaScript.
Also the players page's undo of a withdrawal (``registration.withdrawals``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.errors import attempt
from tournaments import confirmations
from tournaments.confirmations import Confirmation
from tournaments.models import Event, Registration, Round
from tournaments.registration.withdrawals import undo_refusal, undo_withdrawal
from tournaments.web.views.common import event_context, id_or_404, sentence

CONFIRMED = "yes"


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirmed") == CONFIRMED


def confirmation_page(
    request: HttpRequest,
    event: Event,
    *,
    tab: str,
    title: str,
    consequences: list[str],
    button: str,
    cancel_url: str,
    hidden: dict[str, object] | None = None,
) -> HttpResponse:
    """The page asking to confirm ``title``; its form posts back to the same address."""
    context = event_context(request, event, tab)
    context.update(
        {
            "title": title,
            "consequences": consequences,
            "button": button,
            "cancel_url": cancel_url,
            "hidden": sorted((hidden or {}).items()),
            "action_url": request.path,
        }
    )
    return render(request, "tournaments/confirm.html", context)


# --------------------------------------------------------------------------- the actions asked for
# Each returns the confirmation page when the action would go through and is not confirmed yet;
# None otherwise (then the view calls the service, which carries the action out or says why not).
# What each action does is said in tournaments.confirmations, for the API as well.


def _asked(
    request: HttpRequest,
    event: Event,
    asked: Confirmation | None,
    *,
    tab: str,
    button: str = "",
    cancel_url: str,
    hidden: dict[str, object] | None = None,
) -> HttpResponse | None:
    if confirmed(request) or asked is None:
        return None
    return confirmation_page(
        request,
        event,
        tab=tab,
        title=asked.title,
        consequences=asked.consequences,
        button=button or asked.title,
        cancel_url=cancel_url,
        hidden=hidden,
    )


def close_confirmation(request: HttpRequest, event: Event, round_: Round) -> HttpResponse | None:
    return _asked(
        request, event, confirmations.close_round(round_), tab="rounds", cancel_url=round_.get_absolute_url()
    )


def publish_confirmation(request: HttpRequest, event: Event, round_: Round) -> HttpResponse | None:
    return _asked(
        request,
        event,
        confirmations.publish_round(round_),
        tab="rounds",
        button=_("Publish the pairings"),
        cancel_url=round_.get_absolute_url(),
    )


def finish_confirmation(request: HttpRequest, event: Event) -> HttpResponse | None:
    return _asked(
        request,
        event,
        confirmations.finish_event(event),
        tab="overview",
        button=_("Finish the event"),
        cancel_url=event.get_absolute_url(),
    )


def withdrawal_confirmation(
    request: HttpRequest, event: Event, registration: Registration
) -> HttpResponse | None:
    """What withdrawing (or, before the start, removing) a player does, to confirm."""
    return _asked(
        request,
        event,
        confirmations.withdraw(event, registration),
        tab="players",
        cancel_url=reverse("tournaments:registrations", args=[event.slug]),
        hidden={"action": "withdraw", "registration": registration.pk},
    )


def undo_withdrawal_action(request: HttpRequest, event: Event) -> HttpResponse:
    """The players page's "Undo the withdrawal" button (the view checked the manager)."""
    registration = get_object_or_404(
        Registration, pk=id_or_404(request.POST.get("registration")), event=event
    )
    undone = attempt(lambda: undo_withdrawal(registration, request.user))
    if undone.refused or undone.value is None:
        messages.error(request, sentence(undone.reason))
    else:
        messages.success(request, _("%(player)s plays again.") % {"player": undone.value.player})
    return redirect("tournaments:registrations", slug=event.slug)


def mark_undoable(registrations: list[Registration]) -> None:
    """Set ``can_undo`` on each registration: a withdrawal the page may offer to undo."""
    for registration in registrations:
        registration.can_undo = (  # type: ignore[attr-defined]
            registration.status == Registration.Status.WITHDRAWN and not undo_refusal(registration)
        )
