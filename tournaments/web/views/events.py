"""Event pages: the list, an event's overview, creating and editing it, starting and finishing it,
and its officials."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.events import officials, selectors
from tournaments.events.permissions import is_organiser, require_manager, require_organiser
from tournaments.events.services import create_event, finish_event, start_event, update_event_settings
from tournaments.models import Event, Registration, Round
from tournaments.templatetags.tournament_tags import tie_break_name
from tournaments.web.forms.events import EventForm, StartEventForm
from tournaments.web.views.common import event_context, event_or_404, forbidden_as_403
from tournaments.web.views.confirm import finish_confirmation


def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.annotate(
        players=Count("registrations", filter=Q(registrations__status=Registration.Status.ACTIVE))
    ).order_by("-start_date", "-created_at")
    groups = [
        (_("Running"), "running", [e for e in events if e.status == Event.Status.RUNNING]),
        (_("Upcoming"), "created", [e for e in events if e.status == Event.Status.CREATED]),
        (_("Finished"), "finished", [e for e in events if e.status == Event.Status.FINISHED]),
    ]
    return render(request, "tournaments/event_list.html", {"groups": groups, "has_events": bool(events)})


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "overview")
    registrations = list(event.registrations.select_related("player"))
    round_summaries = []
    for round_ in context["rounds"]:  # type: ignore[attr-defined]
        games = round_.pairings.exclude(black=None)
        boards, done = games.count(), games.exclude(white_score=None).count()
        round_summaries.append((round_, boards, done))
    latest: Round | None = context["latest_round"]  # type: ignore[assignment]
    context.update(
        {
            "registrations": registrations,
            "round_summaries": round_summaries,
            "tie_break_names": [tie_break_name(code) for code in event.tie_breaks],
            "organisers": list(event.organisers.all()),
            "start_form": StartEventForm(),
            "can_pair_next": selectors.can_pair_next(event, latest),
            "can_finish": selectors.can_finish(event, latest),
        }
    )
    return render(request, "tournaments/event_detail.html", context)


@login_required
@forbidden_as_403
def event_create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            try:
                event = create_event(
                    request.user,
                    creation_key=form.cleaned_data["creation_key"] or None,
                    **form.event_fields(),
                )
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request, _("%(name)s created. Register the players next.") % {"name": event.name}
                )
                return redirect("tournaments:registrations", slug=event.slug)
        return render(request, "tournaments/event_form.html", {"form": form, "creating": True}, status=400)
    return render(request, "tournaments/event_form.html", {"form": EventForm(), "creating": True})


@login_required
@forbidden_as_403
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    require_manager(event, request.user)
    context = event_context(request, event, "overview")
    if event.status != Event.Status.CREATED:
        messages.error(request, _("The event has started: its settings can no longer change."))
        return redirect(event)
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            try:
                update_event_settings(event, request.user, form.event_fields())
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Settings saved."))
                return redirect(event)
        context.update({"form": form, "creating": False})
        return render(request, "tournaments/event_form.html", context, status=400)
    context.update({"form": EventForm(initial=EventForm.initial_for(event)), "creating": False})
    return render(request, "tournaments/event_form.html", context)


@require_POST
@login_required
@forbidden_as_403
def event_start(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = StartEventForm(request.POST)
    colour = form.cleaned_data["top_seed_colour"] if form.is_valid() else "lot"
    try:
        round_ = start_event(event, request.user, None if colour == "lot" else colour)
    except ServiceError as exc:
        messages.error(request, _("The event could not start: %(reason)s.") % {"reason": exc})
        return redirect(event)
    messages.success(request, _("The event has started: round 1 is being paired."))
    return redirect("tournaments:round-detail", slug=event.slug, number=round_.number)


@require_POST
@login_required
@forbidden_as_403
def event_finish(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    require_manager(event, request.user)
    if (asked := finish_confirmation(request, event)) is not None:
        return asked
    try:
        finish_event(event, request.user)
    except ServiceError as exc:
        messages.error(request, _("The event cannot finish yet: %(reason)s.") % {"reason": exc})
        return redirect(event)
    messages.success(request, _("%(name)s is finished.") % {"name": event.name})
    return redirect("tournaments:standings", slug=event.slug)


@login_required
@forbidden_as_403
def event_officials(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers appoint and remove co-organisers and arbiters (by account name)."""
    event = event_or_404(slug)
    require_manager(event, request.user)
    status = 200
    if request.method == "POST":
        require_organiser(event, request.user)
        action = request.POST.get("action", "add")
        username = request.POST.get("username", "").strip()
        role = request.POST.get("role", "")
        try:
            if action == "remove":
                officials.remove_official(event, request.user, username, role)
                messages.success(
                    request,
                    (
                        _("%(name)s is no longer an organiser of this event.")
                        if role == "organiser"
                        else _("%(name)s is no longer an arbiter of this event.")
                    )
                    % {"name": username},
                )
            else:
                if not username:
                    raise ServiceError(_("give the account name of the person to appoint"))
                officials.add_official(event, request.user, username, role)
                messages.success(
                    request,
                    (
                        _("%(name)s is now an organiser of this event.")
                        if role == "organiser"
                        else _("%(name)s is now an arbiter of this event.")
                    )
                    % {"name": username},
                )
        except ServiceError as exc:
            messages.error(request, f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
            status = 400
        else:
            return redirect("tournaments:event-officials", slug=event.slug)
    context = event_context(request, event, "overview")
    context.update(
        {
            "organisers": list(event.organisers.order_by("username")),
            "arbiters": list(event.arbiters.order_by("username")),
            "is_organiser": is_organiser(event, request.user),
        }
    )
    return render(request, "tournaments/event_officials.html", context, status=status)
