"""What every page shares: the 403 page for refused users, event and round lookups, the event tabs."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.events.permissions import require_manager
from tournaments.models import Event, Round

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


MAX_ID = 2**63 - 1


def id_or_404(value: object) -> int:
    """A row id sent in a form: a whole number the database can hold, else the 404 of an unknown row."""
    text = str(value or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 19 and 0 < int(text) <= MAX_ID):
        raise Http404(_("'%(value)s' is not the id of a row") % {"value": text[:40]})
    return int(text)


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


def sentence(exc: Exception | str) -> str:
    text = str(exc)
    return f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}"


def swiss_event(request: HttpRequest, slug: str) -> Event:
    """The Swiss event ``slug`` after checking the user manages it (404 for other systems)."""
    event = event_or_404(slug)
    require_manager(event, request.user)
    if not event.is_swiss:
        raise Http404("only Swiss events have this page")
    return event


def swiss_context(request: HttpRequest, event: Event, page: str) -> dict[str, object]:
    context = event_context(request, event, "swiss")
    context["swiss_page"] = page
    return context
