"""TRF download of an event (the page and the API link to the same URL, ``events/<slug>/trf/``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournaments.models import Event
from tournaments.trf import TrfError, export_event_text


@require_GET
def trf_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The event as a FIDE TRF-2026 file, served as a download (public, like the crosstable)."""
    event = get_object_or_404(Event, slug=slug)
    try:
        text = export_event_text(event)
    except TrfError as exc:
        return HttpResponse(
            f"This event cannot be exported as TRF: {exc}\n", status=409, content_type="text/plain"
        )
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response
