"""Event pages: the list, an event's overview, creating and editing it, starting and finishing it,
and its officials."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.errors import attempt
from accounts.policy import Action, can, require
from tournaments import rounds as selectors
from tournaments.errors import ServiceError
from tournaments.events import game_options, officials
from tournaments.events.services import create_event, finish_event, start_event, update_event_settings
from tournaments.models import Event, Registration, Round
from tournaments.templatetags.tournament_tags import tie_break_name
from tournaments.web.forms.events import EventForm, StartEventForm
from tournaments.web.views.common import event_context, event_or_404, event_page, event_post
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
            "game_options": game_options.shown(event),
            "organisers": list(event.organisers.all()),
            "start_form": StartEventForm(),
            "can_pair_next": selectors.can_pair_next(event, latest),
            "can_finish": selectors.can_finish(event, latest),
            "no_account": selectors.without_account(event) if event.status != Event.Status.FINISHED else [],
        }
    )
    return render(request, "tournaments/event_detail.html", context)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            key = form.cleaned_data["creation_key"] or None
            created = attempt(lambda: create_event(request.user, creation_key=key, **form.event_fields()))
            if created.refused:
                form.add_error(None, created.reason)
            else:
                event = created.value
                assert event is not None
                messages.success(
                    request, _("%(name)s created. Register the players next.") % {"name": event.name}
                )
                return redirect("tournaments:registrations", slug=event.slug)
        return render(request, "tournaments/event_form.html", {"form": form, "creating": True}, status=400)
    return render(request, "tournaments/event_form.html", {"form": EventForm(), "creating": True})


@event_page()
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    context = event_context(request, event, "overview")
    if event.status != Event.Status.CREATED:
        messages.error(request, _("The event has started: its settings can no longer change."))
        return redirect(event)
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            saved = attempt(lambda: update_event_settings(event, request.user, form.event_fields()))
            if saved.refused:
                form.add_error(None, saved.reason)
            else:
                messages.success(request, _("Settings saved."))
                return redirect(event)
        context.update({"form": form, "creating": False})
        return render(request, "tournaments/event_form.html", context, status=400)
    context.update({"form": EventForm(initial=EventForm.initial_for(event)), "creating": False})
    return render(request, "tournaments/event_form.html", context)


@event_post
def event_start(request: HttpRequest, event: Event) -> HttpResponse:
    form = StartEventForm(request.POST)
    colour = form.cleaned_data["top_seed_colour"] if form.is_valid() else "lot"
    started = attempt(lambda: start_event(event, request.user, None if colour == "lot" else colour))
    if started.refused or started.value is None:
        messages.error(request, _("The event could not start: %(reason)s.") % {"reason": started.reason})
        return redirect(event)
    messages.success(request, _("The event has started: round 1 is being paired."))
    return redirect("tournaments:round-detail", slug=event.slug, number=started.value.number)


@require_http_methods(["GET", "POST"])
@event_page()
def event_finish(request: HttpRequest, event: Event) -> HttpResponse:
    """A GET shows the confirmation page (or the event, when it cannot finish now)."""
    if (asked := finish_confirmation(request, event)) is not None:
        return asked
    if request.method != "POST":
        return redirect(event)
    finished = attempt(lambda: finish_event(event, request.user))
    if finished.refused:
        messages.error(request, _("The event cannot finish yet: %(reason)s.") % {"reason": finished.reason})
        return redirect(event)
    messages.success(request, _("%(name)s is finished.") % {"name": event.name})
    return redirect("tournaments:standings", slug=event.slug)


@event_page()
def event_officials(request: HttpRequest, event: Event) -> HttpResponse:
    """Organisers appoint and remove co-organisers and arbiters (by account name)."""
    status = 200
    if request.method == "POST":
        require(request.user, Action.APPOINT_OFFICIALS, event)
        changed = attempt(lambda: _change_official(request, event))
        if not changed.refused:
            return redirect("tournaments:event-officials", slug=event.slug)
        messages.error(request, f"{changed.reason[:1].upper()}{changed.reason[1:]}.")
        status = 400
    context = event_context(request, event, "overview")
    context.update(
        {
            "organisers": list(event.organisers.order_by("username")),
            "arbiters": list(event.arbiters.order_by("username")),
            "is_organiser": can(request.user, Action.APPOINT_OFFICIALS, event),
        }
    )
    return render(request, "tournaments/event_officials.html", context, status=status)


def _change_official(request: HttpRequest, event: Event) -> None:
    """Appoint, or (``action=remove``) remove, the official the form names; the message says so."""
    username = request.POST.get("username", "").strip()
    role = request.POST.get("role", "")
    if request.POST.get("action", "add") == "remove":
        officials.remove_official(event, request.user, username, role)
        text = (
            _("%(name)s is no longer an organiser of this event.")
            if role == "organiser"
            else _("%(name)s is no longer an arbiter of this event.")
        )
    else:
        if not username:
            raise ServiceError(_("give the account name of the person to appoint"))
        officials.add_official(event, request.user, username, role)
        text = (
            _("%(name)s is now an organiser of this event.")
            if role == "organiser"
            else _("%(name)s is now an arbiter of this event.")
        )
    messages.success(request, text % {"name": username})
