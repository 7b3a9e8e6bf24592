"""What every page shares: the opening of an event's pages (:func:`event_page`, :func:`event_post`), event and round
lookups, the event tabs. (A service call whose refusal a page shows itself: ``accounts.errors.attempt``.)

A refused permission or a missing object raised anywhere below a page becomes the 403 or 404 page
in one place (``config.errors.ServiceErrorMiddleware``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.policy import Action, can, require
from tournaments.models import Event, Round

View = Callable[..., HttpResponse]

MAX_ID = 2**63 - 1


def event_page(action: Action | None = Action.MANAGE_EVENT, *, swiss: bool = False) -> Callable[[View], View]:
    """The opening of an event's page: the event of the URL's ``slug`` (404 when there is none) and,
    when the URL has a ``number``, its round (404 likewise); then, for ``action``, a signed-in user
    (the others sign in first) who may take it on the event (the 403 page otherwise); for ``swiss``,
    a Swiss event (404 for the others). The view receives ``event`` (and ``round_``) in their place."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, **kwargs: object) -> HttpResponse:
            event = event_or_404(slug)
            if "number" in kwargs:
                kwargs["round_"] = round_or_404(event, kwargs.pop("number"))  # type: ignore[arg-type]
            if action is not None:
                require(request.user, action, event)
            if swiss and not event.system_spec.requested_byes:  # the Swiss pages: byes, late entry, ...
                raise Http404("only Swiss events have this page")
            return view(request, event, **kwargs)

        return login_required(wrapper) if action is not None else wrapper

    return decorate


def event_post(view: View) -> View:
    """:func:`event_page` of a form's POST that a signed-in user sends (the others sign in first; any
    other method is refused), the right to it checked by the service it calls."""
    return require_POST(login_required(event_page(action=None)(view)))


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
        "can_manage": can(request.user, Action.MANAGE_EVENT, event),
    }


def sentence(exc: Exception | str | None) -> str:
    text = str(exc)
    return f"{text[:1].upper()}{text[1:]}{'' if text.endswith('.') else '.'}"


def swiss_context(request: HttpRequest, event: Event, page: str) -> dict[str, object]:
    context = event_context(request, event, "swiss")
    context["swiss_page"] = page
    return context
