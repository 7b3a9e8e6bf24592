"""Standings and crosstable pages (the numbers come from :mod:`tournaments.standings.services`)."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.errors import attempt
from accounts.policy import Action, can, require
from games.models import Game
from tournaments.core.codes import decimal_points
from tournaments.events.tiebreaks import change_tie_breaks
from tournaments.models import Event, Pairing, Round
from tournaments.standings.compute import SHORT_NAMES
from tournaments.standings.services import crosstable as crosstable_rows
from tournaments.standings.services import standing_lines
from tournaments.standings.statistics import GameFacts, event_statistics
from tournaments.templatetags.tournament_tags import termination_name, tie_break_name
from tournaments.web.forms.standings import TieBreakChangeForm
from tournaments.web.views.common import event_context, event_or_404, event_page


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "standings")
    lines, after_round, live = standing_lines(event)
    context.update(
        {
            "lines": lines,
            "after_round": after_round,
            "live": live,
            "has_results": Pairing.objects.filter(round__event=event).exclude(white_score=None).exists(),
            "tie_break_heads": [(SHORT_NAMES.get(c, c), tie_break_name(c)) for c in event.tie_breaks],
            "can_change_tie_breaks": event.status != Event.Status.CREATED
            and can(request.user, Action.CHANGE_TIE_BREAKS, event),
        }
    )
    return render(request, "tournaments/standings.html", context)


# A cell starting with one of these is a formula to a spreadsheet (OWASP's "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet shows as text: one starting like a formula gets a leading ``'``."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings page as a CSV download: rank, pairing number, name (as text, never a formula:
    :func:`spreadsheet_text`), points, then each tie-break by its C.07 code, every value a decimal
    number."""
    event = event_or_404(slug)
    lines, _after_round, _live = standing_lines(event)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    writer = csv.writer(response)
    writer.writerow(["rank", "number", "name", "points", *event.tie_breaks])
    for line in lines:
        writer.writerow(
            [
                line.rank,
                line.registration.pairing_number or "",
                spreadsheet_text(line.registration.player.display_name),
                decimal_points(line.points),
                *("" if value is None else value for _code, value in line.tie_breaks),
            ]
        )
    return response


def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "crosstable")
    rounds: list[Round] = context["rounds"]  # type: ignore[assignment]
    # By rank (the standings' order) unless ?order=number asks for pairing-number order.
    order = "number" if request.GET.get("order") == "number" else "rank"
    rank_of = {line.registration.pk: line.rank for line in standing_lines(event)[0]}
    table = crosstable_rows(event, request.user)  # in pairing-number order
    if order == "rank":
        position = {pk: index for index, pk in enumerate(rank_of)}
        table.sort(key=lambda row: position.get(row.registration.pk, len(position)))
    rows = [
        (
            rank_of.get(row.registration.pk),
            row.registration,
            [row.cells.get(round_.number) for round_ in rounds],
            row.total,
        )
        for row in table
    ]
    context.update({"rows": rows, "order": order})
    return render(request, "tournaments/crosstable.html", context)


@event_page(action=None)
def tie_breaks_change(request: HttpRequest, event: Event) -> HttpResponse:
    """A started event's tie-break list, changed by its arbiters with a reason (logged; the stored
    standings are recomputed)."""
    require(request.user, Action.CHANGE_TIE_BREAKS, event)
    if event.status == Event.Status.CREATED:
        messages.info(request, _("The event has not started: choose its tie-breaks in its settings."))
        return redirect("tournaments:event-edit", slug=event.slug)
    context = event_context(request, event, "standings")
    status = 200
    if request.method == "POST":
        form = TieBreakChangeForm(event, request.POST)
        if form.is_valid():
            changed = attempt(
                lambda: change_tie_breaks(event, request.user, form.codes(), form.cleaned_data["reason"])
            )
            if changed.refused:
                form.add_error(None, changed.reason)
            else:
                messages.success(request, _("Tie-breaks changed; the standings were recomputed."))
                return redirect("tournaments:standings", slug=event.slug)
        status = 400
    else:
        form = TieBreakChangeForm(event)
    context.update(
        {
            "form": form,
            "changes": event.tie_break_changes.select_related("changed_by").order_by("-changed_at"),
        }
    )
    return render(request, "tournaments/tie_breaks_change.html", context, status=status)


def statistics(request: HttpRequest, slug: str) -> HttpResponse:
    """White's score, average length, decisive results by termination and the longest game, from
    the event's games with an accepted record (:mod:`tournaments.standings.statistics`)."""
    event = event_or_404(slug)
    context = event_context(request, event, "statistics")
    games = {
        game.pk: game
        for game in Game.objects.filter(
            pairing_game__pairing__in=Pairing.objects.visible_to(request.user).filter(round__event=event)
        )
        .exclude(record="")
        .select_related("white", "black", "pairing_game__pairing__round")
        .order_by(
            "pairing_game__pairing__round__number", "pairing_game__pairing__board", "pairing_game__number"
        )
    }
    stats = event_statistics(
        [GameFacts(pk, game.result, game.termination, game.plies) for pk, game in games.items()]
    )
    context.update(
        {
            "stats": stats,
            "white_percent": None if stats.white_share is None else float(stats.white_share) * 100,
            "white_points": decimal_points(int(stats.white_points * 2)),
            "average_plies": None if stats.average_plies is None else float(stats.average_plies),
            "terminations": [
                (termination_name(code, event.game), count)
                for code, count in stats.decisive_by_termination.items()
            ],
            "longest": games[stats.longest.key] if stats.longest else None,
        }
    )
    return render(request, "tournaments/statistics.html", context)
