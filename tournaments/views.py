"""Server-rendered pages: the public pages of events and players, and the organiser's flow.

Every change goes through :mod:`tournaments.services`, which checks rights and runs in a
transaction; the views translate ``PermissionDenied`` into a 403 page and ``ServiceError`` into a
message (button posts) or a form error with status 400 (form posts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.forms import (
    EventForm,
    PairingResultForm,
    PasteListForm,
    RegisterPlayerForm,
    RoundResultsForm,
    StartEventForm,
)
from tournaments.models import Event, Pairing, Player, Registration, Round
from tournaments.results import FORFEITS
from tournaments.services import ServiceError
from tournaments.standings import SHORT_NAMES, TIE_BREAKS

View = Callable[..., HttpResponse]


def forbidden_as_403(view: View) -> View:
    """Render the 403 page when a service refuses the user."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied as exc:
            return render(
                request,
                "tournaments/forbidden.html",
                {"reason": str(exc) or "You may not do this."},
                status=403,
            )

    return wrapper


def event_or_404(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def round_or_404(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


def event_context(request: HttpRequest, event: Event, tab: str) -> dict[str, object]:
    rounds = list(event.round_set.order_by("number"))
    return {
        "event": event,
        "tab": tab,
        "rounds": rounds,
        "latest_round": rounds[-1] if rounds else None,
        "can_manage": event.can_manage(request.user),
    }


# --------------------------------------------------------------------------- public pages


def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.annotate(
        players=Count("registrations", filter=Q(registrations__status=Registration.Status.ACTIVE))
    ).order_by("-start_date", "-created_at")
    groups = [
        ("Running", "running", [e for e in events if e.status == Event.Status.RUNNING]),
        ("Upcoming", "created", [e for e in events if e.status == Event.Status.CREATED]),
        ("Finished", "finished", [e for e in events if e.status == Event.Status.FINISHED]),
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
            "tie_break_names": [TIE_BREAKS.get(code, code) for code in event.tie_breaks],
            "organisers": list(event.organisers.all()),
            "start_form": StartEventForm(),
            "can_pair_next": event.status == Event.Status.RUNNING
            and latest is not None
            and latest.status == Round.Status.CLOSED
            and (not event.rounds or latest.number < event.rounds),
            "can_finish": event.status == Event.Status.RUNNING
            and latest is not None
            and latest.status == Round.Status.CLOSED
            and (not event.rounds or latest.number >= event.rounds),
        }
    )
    return render(request, "tournaments/event_detail.html", context)


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    return render_round(request, event, round_)


def render_round(
    request: HttpRequest, event: Event, round_: Round, form: RoundResultsForm | None = None, status: int = 200
) -> HttpResponse:
    context = event_context(request, event, "rounds")
    pairings = list(
        round_.pairings.select_related("white__player", "black__player").prefetch_related("games")
    )
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
            "can_pair_next": round_.status == Round.Status.CLOSED
            and latest.pk == round_.pk
            and event.status == Event.Status.RUNNING
            and (not event.rounds or round_.number < event.rounds),
            "can_finish": round_.status == Round.Status.CLOSED
            and latest.pk == round_.pk
            and event.status == Event.Status.RUNNING
            and (not event.rounds or round_.number >= event.rounds),
            "refresh": round_.status == Round.Status.PENDING and not round_.pairing_error,
        }
    )
    return render(request, "tournaments/round_detail.html", context, status=status)


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "standings")
    lines, after_round, live = services.standing_lines(event)
    context.update(
        {
            "lines": lines,
            "after_round": after_round,
            "live": live,
            "has_results": Pairing.objects.filter(round__event=event).exclude(white_score=None).exists(),
            "tie_break_heads": [(SHORT_NAMES.get(c, c), TIE_BREAKS.get(c, c)) for c in event.tie_breaks],
        }
    )
    return render(request, "tournaments/standings.html", context)


@dataclass
class CrossCell:
    opponent: int | None = None
    colour: str = ""
    symbol: str = ""
    note: str = ""


def cell_symbol(score: int | None, other: int | None, event: Event, forfeit: bool) -> str:
    from tournaments.models import format_points

    if score is None:
        return "…"
    if event.games_per_pairing == 1 and not forfeit:
        return {event.win_points: "1", event.loss_points: "0"}.get(score, format_points(score) or "0")
    if forfeit and event.games_per_pairing == 1:
        return "+" if (other is not None and score > other) else "−"
    return format_points(score) or "0"


def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "crosstable")
    registrations = [
        r for r in event.registrations.select_related("player") if r.pairing_number is not None
    ] or list(event.registrations.select_related("player"))
    registrations.sort(key=lambda r: (r.pairing_number or 0, r.player.display_name))
    rounds: list[Round] = context["rounds"]  # type: ignore[assignment]
    cells: dict[int, dict[int, CrossCell]] = {r.pk: {} for r in registrations}
    totals = {r.pk: 0 for r in registrations}
    pairings = services.visible_pairings(
        Pairing.objects.filter(round__event=event), request.user
    ).select_related("round", "white", "black")
    for pairing in pairings:
        number = pairing.round.number
        forfeit = any(code in FORFEITS for code in pairing.result_codes)
        if pairing.is_bye:
            cells.setdefault(pairing.white_id, {})[number] = CrossCell(
                None, "", format_points_or_dash(pairing.white_score), "bye"
            )
            totals[pairing.white_id] = totals.get(pairing.white_id, 0) + (pairing.white_score or 0)
            continue
        for me, opp, colour, mine, theirs in (
            (pairing.white, pairing.black, "w", pairing.white_score, pairing.black_score),
            (pairing.black, pairing.white, "b", pairing.black_score, pairing.white_score),
        ):
            cells.setdefault(me.pk, {})[number] = CrossCell(
                opp.pairing_number,  # type: ignore[union-attr]
                colour,
                cell_symbol(mine, theirs, event, forfeit),
                "forfeit" if forfeit else "",
            )
            totals[me.pk] = totals.get(me.pk, 0) + (mine or 0)
    rows = [
        (r, [cells[r.pk].get(round_.number) for round_ in rounds], totals.get(r.pk, 0)) for r in registrations
    ]
    context.update({"rows": rows})
    return render(request, "tournaments/crosstable.html", context)


def format_points_or_dash(value: int | None) -> str:
    from tournaments.models import format_points

    return "…" if value is None else (format_points(value) or "0")


def player_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    players = Player.objects.annotate(events=Count("registrations"))
    if query:
        players = players.filter(Q(display_name__icontains=query) | Q(handle__icontains=query))
    return render(request, "tournaments/player_list.html", {"players": players, "query": query})


def player_detail(request: HttpRequest, handle: str) -> HttpResponse:
    player = get_object_or_404(Player, handle=handle)
    registrations = list(player.registrations.select_related("event").order_by("-event__created_at"))
    pairings = (
        services.visible_pairings(
            Pairing.objects.filter(Q(white__player=player) | Q(black__player=player)), request.user
        )
        .select_related("round__event", "white__player", "black__player")
        .prefetch_related("games")
        .order_by("-round__event__created_at", "-round__number")
    )
    games = []
    for pairing in pairings:
        as_white = pairing.white.player_id == player.pk
        opponent = None if pairing.is_bye else (pairing.black if as_white else pairing.white)
        mine = pairing.white_score if as_white else pairing.black_score
        theirs = pairing.black_score if as_white else pairing.white_score
        outcome = ""
        if mine is not None and not pairing.is_bye and theirs is not None:
            outcome = "won" if mine > theirs else "lost" if mine < theirs else "drawn"
        games.append(
            {
                "pairing": pairing,
                "event": pairing.round.event,
                "round": pairing.round,
                "colour": "" if pairing.is_bye else ("w" if as_white else "b"),
                "opponent": opponent,
                "mine": mine,
                "theirs": theirs,
                "outcome": outcome,
                "records": [g for g in pairing.games.all() if g.verified_at],
            }
        )
    rating_changes = player.rating_changes.select_related("round__event").order_by("-created_at", "-pk")[:50]
    return render(
        request,
        "tournaments/player_detail.html",
        {"player": player, "registrations": registrations, "games": games, "rating_changes": rating_changes},
    )


# --------------------------------------------------------------------------- organiser's flow


@login_required
@forbidden_as_403
def event_create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            try:
                event = services.create_event(request.user, **form.event_fields())
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, f"{event.name} created. Register the players next.")
                return redirect("tournaments:registrations", slug=event.slug)
        return render(request, "tournaments/event_form.html", {"form": form, "creating": True}, status=400)
    return render(request, "tournaments/event_form.html", {"form": EventForm(), "creating": True})


@login_required
@forbidden_as_403
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    services.require_manager(event, request.user)
    context = event_context(request, event, "overview")
    if event.status != Event.Status.CREATED:
        messages.error(request, "The event has started: its settings can no longer change.")
        return redirect(event)
    if request.method == "POST":
        form = EventForm(request.POST)
        if form.is_valid():
            try:
                services.update_event_settings(event, request.user, form.event_fields())
            except ServiceError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "Settings saved.")
                return redirect(event)
        context.update({"form": form, "creating": False})
        return render(request, "tournaments/event_form.html", context, status=400)
    context.update({"form": EventForm(initial=EventForm.initial_for(event)), "creating": False})
    return render(request, "tournaments/event_form.html", context)


def registration_open(event: Event) -> bool:
    return event.status == Event.Status.CREATED or (
        event.status == Event.Status.RUNNING and not event.is_round_robin
    )


@forbidden_as_403
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    """The players of an event; managers register (one or a pasted list) and withdraw here."""
    event = event_or_404(slug)
    register_form, paste_form = RegisterPlayerForm(), PasteListForm()
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        services.require_manager(event, request.user)
        action = request.POST.get("action", "")
        try:
            if action == "register":
                register_form = RegisterPlayerForm(request.POST)
                if register_form.is_valid():
                    registration = services.register_by_name(
                        event,
                        request.user,
                        register_form.cleaned_data["name"],
                        register_form.cleaned_data["rating"],
                    )
                    messages.success(request, f"{registration.player} registered.")
                    return redirect("tournaments:registrations", slug=event.slug)
            elif action == "paste":
                paste_form = PasteListForm(request.POST)
                if paste_form.is_valid():
                    added = services.register_list(event, request.user, paste_form.cleaned_data["players"])
                    messages.success(
                        request, f"{len(added)} player{'s' if len(added) != 1 else ''} registered."
                    )
                    return redirect("tournaments:registrations", slug=event.slug)
            elif action == "withdraw":
                registration = get_object_or_404(
                    Registration, pk=request.POST.get("registration") or 0, event=event
                )
                result = services.withdraw(registration, request.user)
                if result.withdrawn_from_round:
                    messages.success(
                        request, f"{result.player} withdrawn from round {result.withdrawn_from_round} on."
                    )
                else:
                    messages.success(request, f"{result.player} removed from the event.")
                return redirect("tournaments:registrations", slug=event.slug)
            else:
                messages.error(request, "Unknown action.")
                return redirect("tournaments:registrations", slug=event.slug)
        except ServiceError as exc:
            target = paste_form if action == "paste" else register_form
            if action == "withdraw" or not registration_open(event):
                messages.error(request, f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
                return redirect("tournaments:registrations", slug=event.slug)
            target.add_error(None, str(exc))
        status = 400
    context = event_context(request, event, "players")
    context.update(
        {
            "registrations": list(event.registrations.select_related("player")),
            "register_form": register_form,
            "paste_form": paste_form,
            "can_register": registration_open(event),
        }
    )
    return render(request, "tournaments/registrations.html", context, status=status)


@require_POST
@login_required
@forbidden_as_403
def event_start(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = StartEventForm(request.POST)
    colour = form.cleaned_data["top_seed_colour"] if form.is_valid() else "lot"
    try:
        round_ = services.start_event(event, request.user, None if colour == "lot" else colour)
    except ServiceError as exc:
        messages.error(request, f"The event could not start: {exc}.")
        return redirect(event)
    messages.success(request, "The event has started: round 1 is being paired.")
    return redirect("tournaments:round-detail", slug=event.slug, number=round_.number)


@require_POST
@login_required
@forbidden_as_403
def round_pair_next(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    try:
        round_ = services.pair_next_round(event, request.user)
    except ServiceError as exc:
        messages.error(request, f"No new round: {exc}.")
        return redirect(event)
    messages.success(request, f"Round {round_.number} created.")
    return redirect("tournaments:round-detail", slug=event.slug, number=round_.number)


@require_POST
@login_required
@forbidden_as_403
def round_retry(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    try:
        services.retry_pairing(round_, request.user)
    except ServiceError as exc:
        messages.error(request, f"{exc}.")
    else:
        messages.info(request, f"Pairing of round {number} restarted.")
    return redirect(round_)


@require_POST
@login_required
@forbidden_as_403
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Save the results form of a whole round: all changed boards in one transaction."""
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    services.require_manager(event, request.user)
    pairings = list(round_.pairings.select_related("white__player", "black__player"))
    form = RoundResultsForm(request.POST, pairings=pairings, games=event.games_per_pairing)
    if not form.is_valid():
        return render_round(request, event, round_, form=form, status=400)
    changes = form.cleaned_data["changes"]
    try:
        with transaction.atomic():
            for pairing, codes in changes:
                services.record_result(pairing, request.user, codes)
    except ServiceError as exc:
        form.add_error(None, str(exc))
        return render_round(request, event, round_, form=form, status=400)
    if changes:
        messages.success(request, f"{len(changes)} result{'s' if len(changes) != 1 else ''} saved.")
    else:
        messages.info(request, "No results changed.")
    return redirect(round_)


@login_required
@forbidden_as_403
def pairing_result(request: HttpRequest, slug: str, number: int, board: int) -> HttpResponse:
    """Enter or correct the result of one board."""
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    pairing = get_object_or_404(
        Pairing.objects.select_related("white__player", "black__player", "round"), round=round_, board=board
    )
    services.require_manager(event, request.user)
    games = event.games_per_pairing
    status = 200
    if request.method == "POST":
        form = PairingResultForm(request.POST, games=games)
        if form.is_valid():
            try:
                source = (
                    Pairing.Source.ARBITER
                    if form.cleaned_data["arbiter_decision"]
                    else Pairing.Source.REPORTED
                )
                services.record_result(pairing, request.user, form.cleaned_data["result"], source)
            except ServiceError as exc:
                form.add_error("result", str(exc))
            else:
                messages.success(request, f"Result of board {board} saved.")
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


@require_POST
@login_required
@forbidden_as_403
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(slug)
    round_ = round_or_404(event, number)
    try:
        services.close_round(round_, request.user)
    except ServiceError as exc:
        messages.error(request, f"Round {number} cannot be closed: {exc}.")
    else:
        messages.success(request, f"Round {number} closed.")
    return redirect(round_)


@require_POST
@login_required
@forbidden_as_403
def event_finish(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    try:
        services.finish_event(event, request.user)
    except ServiceError as exc:
        messages.error(request, f"The event cannot finish yet: {exc}.")
        return redirect(event)
    messages.success(request, f"{event.name} is finished.")
    return redirect("tournaments:standings", slug=event.slug)


# --------------------------------------------------------------------------- officials


@login_required
@forbidden_as_403
def event_officials(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers appoint and remove co-organisers and arbiters (by account name)."""
    event = event_or_404(slug)
    services.require_manager(event, request.user)
    status = 200
    if request.method == "POST":
        services.require_organiser(event, request.user)
        action = request.POST.get("action", "add")
        username = request.POST.get("username", "").strip()
        role = request.POST.get("role", "")
        try:
            if action == "remove":
                services.remove_official(event, request.user, username, role)
                messages.success(request, f"{username} is no longer an {role} of this event.")
            else:
                if not username:
                    raise ServiceError("give the account name of the person to appoint")
                services.add_official(event, request.user, username, role)
                messages.success(request, f"{username} is now an {role} of this event.")
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
            "is_organiser": request.user.is_superuser or event.organisers.filter(pk=request.user.pk).exists(),
        }
    )
    return render(request, "tournaments/event_officials.html", context, status=status)
