"""Downloads: an event as JSON (the shape of :mod:`tournaments.events.export`). (A game's record as
text is the games' page, ``games.records.downloads``.)"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse

from tournaments.events.export import event_document
from tournaments.web.views.common import event_or_404


def event_json(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    text = json.dumps(event_document(event, request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response
