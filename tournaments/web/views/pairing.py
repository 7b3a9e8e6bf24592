"""Forbidden pairs of a Swiss event."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.errors import attempt
from tournaments.models import Event, ForbiddenPair
from tournaments.pairing.services import add_forbidden_pair, remove_forbidden_pair
from tournaments.web.forms.pairing import ForbiddenPairForm
from tournaments.web.views.common import event_page, event_post, swiss_context


@event_page(swiss=True)
def swiss_forbidden_pairs(request: HttpRequest, event: Event) -> HttpResponse:
    status = 200
    if request.method == "POST":
        form = ForbiddenPairForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            added = attempt(
                lambda: add_forbidden_pair(event, request.user, data["first"], data["second"], data["reason"])
            )
            if added.refused or (pair := added.value) is None:
                form.add_error(None, added.reason)
            else:
                messages.success(
                    request,
                    _("%(first)s and %(second)s will not be paired.")
                    % {"first": pair.first.player, "second": pair.second.player},
                )
                return redirect("tournaments:swiss-forbidden-pairs", slug=event.slug)
        status = 400
    else:
        form = ForbiddenPairForm(event=event)
    pairs = list(event.forbidden_pairs.select_related("first__player", "second__player").order_by("pk"))
    context = swiss_context(request, event, "forbidden")
    context.update({"form": form, "pairs": pairs})
    return render(request, "tournaments/swiss_forbidden_pairs.html", context, status=status)


@event_post
def swiss_forbidden_pair_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    pair = get_object_or_404(
        ForbiddenPair.objects.select_related("first__player", "second__player", "event"), pk=pk, event=event
    )
    remove_forbidden_pair(pair, request.user)
    messages.success(
        request,
        _("%(first)s and %(second)s may be paired again.")
        % {"first": pair.first.player, "second": pair.second.player},
    )
    return redirect("tournaments:swiss-forbidden-pairs", slug=event.slug)
