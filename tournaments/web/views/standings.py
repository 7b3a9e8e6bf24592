"""Standings and crosstable pages (the numbers come from :mod:`tournaments.standings.services`)."""

from __future__ import annotations

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Pairing, Round
from tournaments.results.codes import decimal_points
from tournaments.standings.compute import SHORT_NAMES, TIE_BREAKS
from tournaments.standings.services import crosstable as crosstable_rows
from tournaments.standings.services import standing_lines
from tournaments.web.views.common import event_context, event_or_404


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
            "tie_break_heads": [(SHORT_NAMES.get(c, c), TIE_BREAKS.get(c, c)) for c in event.tie_breaks],
        }
    )
    return render(request, "tournaments/standings.html", context)


def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings page as a CSV download: rank, pairing number, name, points, then each
    tie-break by its C.07 code, every value a decimal number."""
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
                line.registration.player.display_name,
                decimal_points(line.points),
                *("" if value is None else value for _code, value in line.tie_breaks),
            ]
        )
    return response


def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    context = event_context(request, event, "crosstable")
    rounds: list[Round] = context["rounds"]  # type: ignore[assignment]
    rows = [
        (row.registration, [row.cells.get(round_.number) for round_ in rounds], row.total)
        for row in crosstable_rows(event, request.user)
    ]
    context.update({"rows": rows})
    return render(request, "tournaments/crosstable.html", context)
