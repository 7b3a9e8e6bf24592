"""The Swiss organiser's pages: bye rules, requested byes, late entries, forbidden pairs,
hand edits of a draft round with their preview and audit, publication, and TRF import.

Same conventions as :mod:`tournaments.views`: every change goes through a service
(:mod:`tournaments.swiss`, :mod:`tournaments.trf`) that checks the user's rights and runs in one
transaction; ``PermissionDenied`` becomes the 403 page, a refused form post is shown again with
its error and status 400, a refused button post becomes a message and a redirect.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournaments import services, swiss, trf, views
from tournaments.forms_swiss import (
    ByeRequestForm,
    EditPairingsForm,
    ForbiddenPairForm,
    LateEntryForm,
    SwissSettingsForm,
    TrfImportForm,
)
from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Round
from tournaments.services import ServiceError
from tournaments.views import event_context, event_or_404, forbidden_as_403, round_or_404


def sentence(exc: Exception | str) -> str:
    text = str(exc)
    return f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}"


def swiss_event(request: HttpRequest, slug: str) -> Event:
    """The Swiss event ``slug`` after checking the user manages it (404 for other systems)."""
    event = event_or_404(slug)
    services.require_manager(event, request.user)
    if event.pairing_system != Event.System.SWISS_DUTCH:
        raise Http404("only Swiss events have this page")
    return event


def swiss_context(request: HttpRequest, event: Event, page: str) -> dict[str, object]:
    context = event_context(request, event, "swiss")
    context["swiss_page"] = page
    return context


def next_unpaired_round(event: Event) -> int:
    latest = event.current_round()
    if latest is None:
        return 1
    return latest.number + (0 if latest.status == Round.Status.PENDING else 1)


# --------------------------------------------------------------------------- settings


@login_required
@forbidden_as_403
def swiss_settings(request: HttpRequest, slug: str) -> HttpResponse:
    event = swiss_event(request, slug)
    current = swiss.settings_of(event)
    status = 200
    if request.method == "POST":
        form = SwissSettingsForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                swiss.update_settings(
                    event,
                    request.user,
                    max_half_byes=data["max_half_byes"],
                    half_bye_refused_rounds=data["half_bye_refused_rounds"],
                    late_entry_bye=data["late_entry_bye"],
                    bye_points=data["bye_points"],
                )
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "Swiss settings saved.")
                return redirect("tournaments:swiss-settings", slug=event.slug)
        status = 400
    else:
        form = SwissSettingsForm(initial=SwissSettingsForm.initial_for(event, current), event=event)
    context = swiss_context(request, event, "settings")
    context.update({"form": form, "settings": current})
    return render(request, "tournaments/swiss_settings.html", context, status=status)


# --------------------------------------------------------------------------- byes


@login_required
@forbidden_as_403
def swiss_byes(request: HttpRequest, slug: str) -> HttpResponse:
    """Requested byes of every player; managers record new ones here."""
    event = swiss_event(request, slug)
    next_round = next_unpaired_round(event)
    status = 200
    if request.method == "POST":
        form = ByeRequestForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                bye = swiss.request_bye(
                    data["registration"], request.user, data["round_number"], data["kind"]
                )
            except ServiceError as exc:
                messages.error(request, f"Bye refused: {sentence(exc)}")
            else:
                messages.success(
                    request,
                    f"{bye.registration.player}: {bye.get_kind_display().lower()} in round {bye.round_number}.",
                )
                return redirect("tournaments:swiss-byes", slug=event.slug)
        status = 400
    else:
        form = ByeRequestForm(event=event, initial={"round_number": next_round, "kind": ByeRequest.Kind.HALF})
    settings = swiss.settings_of(event)
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


@require_POST
@login_required
@forbidden_as_403
def swiss_bye_cancel(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = event_or_404(slug)
    bye = get_object_or_404(
        ByeRequest.objects.select_related("registration__player", "registration__event"),
        pk=pk,
        registration__event=event,
    )
    try:
        swiss.cancel_bye(bye, request.user)
    except ServiceError as exc:
        messages.error(request, sentence(exc))
    else:
        messages.success(request, f"Bye of {bye.registration.player} in round {bye.round_number} cancelled.")
    return redirect("tournaments:swiss-byes", slug=event.slug)


# --------------------------------------------------------------------------- late entries


@login_required
@forbidden_as_403
def swiss_late_entry(request: HttpRequest, slug: str) -> HttpResponse:
    event = swiss_event(request, slug)
    status = 200
    if request.method == "POST":
        form = LateEntryForm(request.POST)
        if form.is_valid():
            try:
                registration = swiss.add_late_entry(
                    event, request.user, form.cleaned_data["name"], form.cleaned_data["rating"]
                )
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                missed = Pairing.objects.filter(white=registration, black=None).count()
                messages.success(
                    request,
                    f"{registration.player} joined with pairing number {registration.pairing_number}"
                    + (
                        f" and {missed} bye{'s' if missed != 1 else ''} for the missed rounds."
                        if missed
                        else "."
                    ),
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
            "settings": swiss.settings_of(event),
            "next_round": next_round,
            "missed": max(next_round - 1, 0),
            "renumbers": next_round < swiss.RENUMBER_BEFORE_ROUND,
        }
    )
    return render(request, "tournaments/swiss_late_entry.html", context, status=status)


@forbidden_as_403
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    """The players page; in a running Swiss event a new player joins as a late entry.

    A plain registration would leave him without a pairing number and without byes for the
    rounds he missed, so the one-player form goes through ``swiss.add_late_entry`` and the pasted
    list is refused. Everything else (withdrawals included) is the common players page.
    """
    event = event_or_404(slug)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    running_swiss = event.status == Event.Status.RUNNING and event.pairing_system == Event.System.SWISS_DUTCH
    if not (running_swiss and action in ("register", "paste")):
        return views.registrations(request, slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    services.require_manager(event, request.user)
    if action == "paste":
        messages.error(request, "The event is running: add players one at a time as late entries.")
        return redirect("tournaments:swiss-late-entry", slug=event.slug)
    return swiss_late_entry(request, slug)


# --------------------------------------------------------------------------- forbidden pairs


@login_required
@forbidden_as_403
def swiss_forbidden_pairs(request: HttpRequest, slug: str) -> HttpResponse:
    event = swiss_event(request, slug)
    status = 200
    if request.method == "POST":
        form = ForbiddenPairForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                pair = swiss.add_forbidden_pair(
                    event, request.user, data["first"], data["second"], data["reason"]
                )
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, f"{pair.first.player} and {pair.second.player} will not be paired.")
                return redirect("tournaments:swiss-forbidden-pairs", slug=event.slug)
        status = 400
    else:
        form = ForbiddenPairForm(event=event)
    pairs = list(event.forbidden_pairs.select_related("first__player", "second__player").order_by("pk"))
    context = swiss_context(request, event, "forbidden")
    context.update({"form": form, "pairs": pairs})
    return render(request, "tournaments/swiss_forbidden_pairs.html", context, status=status)


@require_POST
@login_required
@forbidden_as_403
def swiss_forbidden_pair_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = event_or_404(slug)
    pair = get_object_or_404(
        ForbiddenPair.objects.select_related("first__player", "second__player", "event"), pk=pk, event=event
    )
    swiss.remove_forbidden_pair(pair, request.user)
    messages.success(request, f"{pair.first.player} and {pair.second.player} may be paired again.")
    return redirect("tournaments:swiss-forbidden-pairs", slug=event.slug)


# --------------------------------------------------------------------------- hand edits and publication


def edit_refusal(round_: Round) -> str:
    """Why the round's pairings cannot be edited by hand ('' when they can): the service's rules."""
    if round_.event.pairing_system != Event.System.SWISS_DUTCH:
        return "only the pairings of Swiss events are edited by hand"
    if round_.status != Round.Status.PAIRED:
        return f"round {round_.number} is not paired, or already closed: it cannot be edited"
    if swiss.is_published(round_):
        return f"round {round_.number} is published: its pairings can no longer change"
    if (
        round_.pairings.exclude(white_score=None)
        .exclude(black=None)
        .exclude(source=Pairing.Source.FORFEIT)
        .exists()
    ):
        return f"results have been entered in round {round_.number}: it cannot be re-paired"
    return ""


@login_required
@forbidden_as_403
def swiss_round_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Edit a draft round's boards: preview the broken rules first, then save (with an audit record)."""
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    services.require_manager(event, request.user)
    refusal = edit_refusal(round_)
    if refusal and request.method != "POST":
        messages.error(request, f"The pairings cannot be edited: {sentence(refusal)}")
        return redirect(round_)
    current = swiss.round_boards(round_)
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
            check = swiss.preview_edit(round_, data["pairs"], data["byes"])
            if action == "save" and not check.blocking:
                if data["previewed"] != data["signature"]:
                    messages.warning(
                        request, "The boards changed since the preview: check the list again, then save."
                    )
                else:
                    try:
                        audit = swiss.edit_pairings(
                            round_, request.user, data["pairs"], data["byes"], data["reason"]
                        )
                    except ServiceError as exc:
                        form.add_error(None, str(exc))
                        status = 400
                    else:
                        broken = len(audit.violations)
                        messages.success(
                            request,
                            f"Pairings of round {round_.number} saved"
                            + (f", breaking {broken} rule{'s' if broken != 1 else ''}." if broken else "."),
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


@require_POST
@login_required
@forbidden_as_403
def swiss_round_publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    try:
        swiss.publish_round(round_, request.user)
    except ServiceError as exc:
        messages.error(request, f"Not published: {sentence(exc)}")
    else:
        messages.success(request, f"The pairings of round {number} are published.")
    return redirect(round_)


# --------------------------------------------------------------------------- TRF import


@login_required
@forbidden_as_403
def trf_import(request: HttpRequest) -> HttpResponse:
    """Create a running event from a TRF file; the user becomes its organiser. All or nothing."""
    status = 200
    if request.method == "POST":
        form = TrfImportForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data
            try:
                event = trf.import_event(
                    data["file"], request.user, game=data["game"], total_rounds=data["total_rounds"]
                )
            except trf.TrfError as exc:
                where = f"Line {exc.line}: " if exc.line else "The file: "
                form.add_error("file", f"{where}{exc.reason}. Nothing was stored.")
            except ServiceError as exc:
                form.add_error(None, f"{sentence(exc)} Nothing was stored.")
            else:
                players = event.registrations.count()
                messages.success(
                    request,
                    f"{event.name} imported: {players} players, {event.round_set.count()} rounds stored.",
                )
                return redirect(event)
        status = 400
    else:
        form = TrfImportForm()
    return render(request, "tournaments/swiss_trf_import.html", {"form": form}, status=status)
