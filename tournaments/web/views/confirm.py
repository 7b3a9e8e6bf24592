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
from tournaments.models import Event, PlayMode, Registration, Round
from tournaments.registration.withdrawals import undo_refusal, undo_withdrawal
from tournaments.results.services import missing_results
from tournaments.rounds import can_finish, next_unpaired_round, play_mode, time_control, without_account
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


def close_confirmation(request: HttpRequest, event: Event, round_: Round) -> HttpResponse | None:
    if confirmed(request) or round_.status != Round.Status.PAIRED or missing_results(round_):
        return None
    number = round_.number
    return confirmation_page(
        request,
        event,
        tab="rounds",
        title=_("Close round %(number)s") % {"number": number},
        consequences=[
            _("Its results become final: afterwards a result changes only by a correction with a reason."),
            _("Unanswered provisional results become official."),
            _("The standings after round %(number)s are stored and its games are rated.")
            % {"number": number},
        ],
        button=_("Close round %(number)s") % {"number": number},
        cancel_url=round_.get_absolute_url(),
    )


def where_played(round_: Round) -> list[str]:
    """What publishing the round starts, by where its games are played; the players the service
    cannot seat (no account)."""
    mode, control = play_mode(round_), time_control(round_) or _("no clock")
    if mode == PlayMode.SERVICE:
        lines = [
            _(
                "Everyone sees the pairings; the games start on the service at once (time control %(control)s)."
            )
            % {"control": control}
        ]
    elif mode == PlayMode.BOTH:
        lines = [
            _(
                "Everyone sees the pairings; the games start on the service at once (time control "
                "%(control)s), or the players submit their games played elsewhere."
            )
            % {"control": control}
        ]
    else:
        lines = [_("Everyone sees the pairings, and the players can submit their games.")]
    missing = without_account(round_.event, round_)
    if missing:
        lines.append(
            _("No account, so they cannot play on the service: %(players)s.")
            % {"players": ", ".join(player.display_name for player in missing)}
        )
    return lines


def publish_confirmation(request: HttpRequest, event: Event, round_: Round) -> HttpResponse | None:
    if confirmed(request) or not round_.is_draft:
        return None
    return confirmation_page(
        request,
        event,
        tab="rounds",
        title=_("Publish the pairings of round %(number)s") % {"number": round_.number},
        consequences=[*where_played(round_), _("The pairings can no longer be edited by hand.")],
        button=_("Publish the pairings"),
        cancel_url=round_.get_absolute_url(),
    )


def finish_confirmation(request: HttpRequest, event: Event) -> HttpResponse | None:
    if confirmed(request) or not can_finish(event, event.current_round()):
        return None
    return confirmation_page(
        request,
        event,
        tab="overview",
        title=_("Finish %(name)s") % {"name": event.name},
        consequences=[
            _("The event is marked finished: no more rounds are paired and no players join or leave."),
            _("The standings after the last closed round are the final standings."),
        ],
        button=_("Finish the event"),
        cancel_url=event.get_absolute_url(),
    )


def withdrawal_confirmation(
    request: HttpRequest, event: Event, registration: Registration
) -> HttpResponse | None:
    """What withdrawing (or, before the start, removing) a player does, to confirm."""
    if confirmed(request) or registration.status != Registration.Status.ACTIVE:
        return None
    player = registration.player
    if event.status == Event.Status.CREATED:
        title = _("Remove %(player)s") % {"player": player}
        consequences = [
            _("%(player)s is no longer registered (register him again to undo it).") % {"player": player}
        ]
    else:
        first = next_unpaired_round(event)
        title = _("Withdraw %(player)s") % {"player": player}
        consequences = [
            _("%(player)s is not paired from round %(number)s on; the rounds played stay.")
            % {"player": player, "number": first},
            _("The withdrawal can be undone until round %(number)s is paired.") % {"number": first},
        ]
    return confirmation_page(
        request,
        event,
        tab="players",
        title=title,
        consequences=consequences,
        button=title,
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
