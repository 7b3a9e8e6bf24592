"""The pages of an event's games kept on the tournament side: the arbiter's queue.

Served under the ``games`` URL namespace (``config/urls.py`` joins :data:`tournaments.web.urls.game_patterns`
to the games' own), so its address and name stay ``games:queue``.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Event
from tournaments.results import arbiter_queue
from tournaments.web.views.common import event_context


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    waiting = arbiter_queue.queue(event, request.user)
    return render(request, "games/queue.html", {**event_context(request, event, "queue"), "queue": waiting})
