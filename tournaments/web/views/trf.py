"""TRF files: an event's download (the page and the API link to ``events/<slug>/trf/``) and the import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.trf.format import TrfError
from tournaments.trf.io import export_event_text, import_event
from tournaments.web.forms.trf import TrfImportForm
from tournaments.web.views.common import forbidden_as_403, sentence


@require_GET
def trf_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The event as a FIDE TRF-2026 file, served as a download (public, like the crosstable; a
    draft round only for the event's managers)."""
    event = get_object_or_404(Event, slug=slug)
    try:
        text = export_event_text(event, request.user)
    except TrfError as exc:
        return HttpResponse(
            f"This event cannot be exported as TRF: {exc}\n", status=409, content_type="text/plain"
        )
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


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
                event = import_event(
                    data["file"],
                    request.user,
                    game=data["game"],
                    total_rounds=data["total_rounds"],
                    choices=data["match_players"],
                )
            except TrfError as exc:
                where = f"Line {exc.line}: " if exc.line else "The file: "
                form.add_error("file", f"{where}{exc.reason}. Nothing was stored.")
            except ServiceError as exc:
                form.add_error(None, f"{sentence(exc)} Nothing was stored.")
            else:
                players = event.registrations.count()
                messages.success(
                    request,
                    _("%(name)s imported: %(players)s players, %(rounds)s rounds stored.")
                    % {"name": event.name, "players": players, "rounds": event.round_set.count()},
                )
                return redirect(event)
        status = 400
    else:
        form = TrfImportForm()
    return render(request, "tournaments/swiss_trf_import.html", {"form": form}, status=status)
