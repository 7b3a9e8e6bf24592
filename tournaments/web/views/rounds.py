"""Round pages: a round's boards, pairing the next round, retrying a failed pairing, entering
results (a whole round or one board), closing the round, and the hand edit and publication of a
draft Swiss round."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.errors import attempt
from games.live import game_events
from tournaments import rounds as selectors
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import edits
from tournaments.pairing.services import pair_next_round, retry_pairing
from tournaments.results import following
from tournaments.results.corrections import corrections_of
from tournaments.results.deadlines import set_deadline
from tournaments.results.services import close_round, record_result, record_round
from tournaments.web.forms.pairing import EditPairingsForm, RoundPlayForm
from tournaments.web.forms.results import PairingResultForm, RoundDeadlineForm, RoundResultsForm
from tournaments.web.views.common import event_context, event_page, event_post, sentence
from tournaments.web.views.confirm import close_confirmation, publish_confirmation


@event_page(action=None)
def round_detail(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    return render_round(request, event, round_)


@event_page(action=None)
@require_http_methods(["GET"])
def round_events(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """The live events of the round's games in play (``tournaments.results.following``), one stream
    for the round page; 204 with none or where no stream is served."""
    return game_events.serve_games(request, following.round_games_in_play(round_))


def render_round(
    request: HttpRequest,
    event: Event,
    round_: Round,
    form: RoundResultsForm | None = None,
    status: int = 200,
    play_form: RoundPlayForm | None = None,
) -> HttpResponse:
    context = event_context(request, event, "rounds")
    pairings = list(round_.pairings.select_related("white__player", "black__player").with_games())
    if form is None and context["can_manage"] and round_.status == Round.Status.PAIRED:
        form = RoundResultsForm(pairings=pairings, games=event.games_per_pairing)
    missing = [p for p in pairings if not p.has_result]
    latest: Round = context["latest_round"]  # type: ignore[assignment]
    context.update(
        {
            "round": round_,
            "pairings": pairings,
            "form": form,
            "missing": missing,
            "is_latest": latest.pk == round_.pk,
            "can_pair_next": latest.pk == round_.pk and selectors.can_pair_next(event, round_),
            "can_finish": latest.pk == round_.pk and selectors.can_finish(event, round_),
            "refresh": round_.status == Round.Status.PENDING and not round_.pairing_error,
            "corrections": corrections_of(round_),
            "edit_refusal": edits.edit_refusal(round_) if round_.is_draft else "",
            "play_mode": selectors.play_mode(round_),
            "time_control": selectors.time_control(round_),
            "no_account": selectors.without_account(event, round_)
            if round_.status != Round.Status.CLOSED
            else [],
        }
    )
    followed = following.round_games_in_play(round_)
    if followed:
        context["follow"] = {
            "url": reverse("tournaments:round-events", args=[event.slug, round_.number]),
            "from": game_events.resume_id_of(followed),
        }
    if play_form is not None:  # sent back with its errors
        context["play_form"] = play_form
    elif context["can_manage"] and not selectors.is_public(round_):
        context["play_form"] = RoundPlayForm(
            initial={"play_mode": round_.play_mode, "time_control": round_.time_control}
        )
    return render(request, "tournaments/round_detail.html", context, status=status)


@event_post
def round_pair_next(request: HttpRequest, event: Event) -> HttpResponse:
    paired = attempt(lambda: pair_next_round(event, request.user))
    if paired.refused or paired.value is None:
        messages.error(request, _("No new round: %(reason)s.") % {"reason": paired.reason})
        return redirect(event)
    number = paired.value.number
    messages.success(request, _("Round %(number)s created.") % {"number": number})
    return redirect("tournaments:round-detail", slug=event.slug, number=number)


@event_post
def round_retry(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    retried = attempt(lambda: retry_pairing(round_, request.user))
    if retried.refused:
        messages.error(request, f"{retried.reason}.")
    else:
        messages.info(request, _("Pairing of round %(number)s restarted.") % {"number": round_.number})
    return redirect(round_)


@require_POST
@event_page()
def round_results(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """Save the results form of a whole round: all changed boards in one transaction."""
    pairings = list(round_.pairings.select_related("white__player", "black__player"))
    form = RoundResultsForm(request.POST, pairings=pairings, games=event.games_per_pairing)
    if not form.is_valid():
        return render_round(request, event, round_, form=form, status=400)
    changes = form.cleaned_data["changes"]
    recorded = attempt(lambda: record_round(round_, request.user, changes))
    if recorded.refused:
        form.add_error(None, recorded.reason)
        return render_round(request, event, round_, form=form, status=400)
    if changes:
        messages.success(
            request,
            ngettext("%(count)d result saved.", "%(count)d results saved.", len(changes))
            % {"count": len(changes)},
        )
    else:
        messages.info(request, _("No results changed."))
    return redirect(round_)


@event_page()
def pairing_result(request: HttpRequest, event: Event, round_: Round, board: int) -> HttpResponse:
    """Enter or correct the result of one board."""
    pairing = get_object_or_404(
        Pairing.objects.select_related("white__player", "black__player", "round"), round=round_, board=board
    )
    games = event.games_per_pairing
    status = 200
    if request.method == "POST":
        form = PairingResultForm(request.POST, games=games)
        if form.is_valid():
            source = (
                Pairing.Source.ARBITER if form.cleaned_data["arbiter_decision"] else Pairing.Source.REPORTED
            )
            recorded = attempt(
                lambda: record_result(pairing, request.user, form.cleaned_data["result"], source)
            )
            if recorded.refused:
                form.add_error("result", recorded.reason)
            else:
                messages.success(request, _("Result of board %(board)s saved.") % {"board": board})
                return redirect(round_)
        status = 400
    else:
        form = PairingResultForm(
            initial={"result": pairing.results, "arbiter_decision": pairing.source == Pairing.Source.ARBITER},
            games=games,
        )
    context = event_context(request, event, "rounds")
    context.update({"round": round_, "pairing": pairing, "form": form})
    return render(request, "tournaments/pairing_result.html", context, status=status)


@require_http_methods(["GET", "POST"])
@event_page()
def round_close(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """A GET shows the confirmation page (or the round, when it cannot be closed now)."""
    if (asked := close_confirmation(request, event, round_)) is not None:
        return asked
    if request.method != "POST":
        return redirect(round_)
    number = round_.number
    closed = attempt(lambda: close_round(round_, request.user))
    if closed.refused:
        messages.error(
            request,
            _("Round %(number)s cannot be closed: %(reason)s.") % {"number": number, "reason": closed.reason},
        )
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": number})
    return redirect(round_)


@event_page()
def swiss_round_edit(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """Edit a draft round's boards: preview the broken rules first, then save (with an audit record)."""
    refusal = edits.edit_refusal(round_)
    if refusal and request.method != "POST":
        messages.error(
            request, _("The pairings cannot be edited: %(reason)s") % {"reason": sentence(refusal)}
        )
        return redirect(round_)
    current = edits.round_boards(round_)
    registrations = [r for r in event.registrations.select_related("player") if r.pairing_number]
    registrations.sort(key=lambda r: r.pairing_number or 0)
    sizes = {"boards": len(current["pairs"]) + 1, "byes": len(current["byes"]) + 2}
    check = None
    status = 200
    if request.method == "POST":
        form = EditPairingsForm(request.POST, registrations=registrations, **sizes)
        action = request.POST.get("action", "preview")
        if refusal:
            form.add_error(None, refusal)
            status = 400
        elif form.is_valid():
            data = form.cleaned_data
            check = edits.preview_edit(round_, data["pairs"], data["byes"])
            if action == "save" and not check.blocking:
                if data["previewed"] != data["signature"]:
                    messages.warning(
                        request, _("The boards changed since the preview: check the list again, then save.")
                    )
                else:
                    edited = attempt(
                        lambda: edits.edit_pairings(
                            round_, request.user, data["pairs"], data["byes"], data["reason"]
                        )
                    )
                    if edited.refused or edited.value is None:
                        form.add_error(None, edited.reason)
                        status = 400
                    else:
                        broken = len(edited.value.violations)
                        messages.success(
                            request,
                            (
                                ngettext(
                                    "Pairings of round %(number)s saved, breaking %(broken)d rule.",
                                    "Pairings of round %(number)s saved, breaking %(broken)d rules.",
                                    broken,
                                )
                                if broken
                                else _("Pairings of round %(number)s saved.")
                            )
                            % {"number": round_.number, "broken": broken},
                        )
                        return redirect(round_)
            if check is not None and check.blocking:
                status = 400
            # the preview the next save must match
            form = EditPairingsForm(
                {**request.POST.dict(), "previewed": "" if check.blocking else data["signature"]},
                registrations=registrations,
                **sizes,
            )
            form.is_valid()
        else:
            status = 400
    else:
        form = EditPairingsForm(
            initial=EditPairingsForm.initial_from(current), registrations=registrations, **sizes
        )
    context = event_context(request, event, "rounds")
    context.update({"round": round_, "form": form, "check": check, "current": current, "refusal": refusal})
    return render(request, "tournaments/swiss_round_edit.html", context, status=status)


@require_http_methods(["GET", "POST"])
@event_page()
def swiss_round_publish(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """A GET shows the confirmation page (or the round, when it is not a draft)."""
    if (asked := publish_confirmation(request, event, round_)) is not None:
        return asked
    if request.method != "POST":
        return redirect(round_)
    published = attempt(lambda: edits.publish_round(round_, request.user))
    if published.refused:
        messages.error(request, _("Not published: %(reason)s") % {"reason": sentence(published.reason)})
    else:
        messages.success(
            request, _("The pairings of round %(number)s are published.") % {"number": round_.number}
        )
    return redirect(round_)


@require_http_methods(["GET", "POST"])
@event_page()
def round_deadline(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """The round's deadline: a form; past it the sweep flags the unfinished games (``results.deadlines``)."""
    form = RoundDeadlineForm(request.POST or None, initial={"deadline": round_.deadline})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            done = attempt(lambda: set_deadline(round_, request.user, form.cleaned_data["deadline"]))
            if not done.refused:
                messages.success(request, _("The deadline is saved."))
                return redirect(round_)
            form.add_error(None, done.reason)
        status = 400
    context = {**event_context(request, event, "rounds"), "round": round_, "form": form}
    return render(request, "tournaments/round_deadline.html", context, status=status)


@require_POST
@event_page()
def round_play(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """Where a round not yet public is played, and its time control."""
    form = RoundPlayForm(request.POST)
    if not form.is_valid():
        return render_round(request, event, round_, status=400, play_form=form)
    data = form.cleaned_data
    saved = attempt(
        lambda: edits.set_round_play(round_, request.user, data["play_mode"], data["time_control"])
    )
    if saved.refused:
        form.add_error(None, saved.reason)
        return render_round(request, event, round_, status=400, play_form=form)
    messages.success(request, _("Round %(number)s: where it is played is saved.") % {"number": round_.number})
    return redirect(round_)
