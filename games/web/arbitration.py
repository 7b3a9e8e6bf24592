"""The arbiter's pages on a game played on the service: give time, adjudicate, annul, each a form
and then a confirmation step (none of them can be undone).

Thin: ``games.play.arbitration`` checks everything (who may: ``accounts.policy``); a refusal other than
a refused permission is shown on the form (400), a refused permission is the 403 page.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.errors import attempt
from accounts.policy import Action, require
from games.models import Game
from games.play import arbitration
from games.play.vacations import duration_text
from games.results import RESULT_LABELS
from games.web.arbitration_forms import AdjudicateForm, AnnulForm, GiveTimeForm


def _page(
    request: HttpRequest,
    pk: int,
    action: Action,
    form_class: type[forms.Form],
    title: str,
    question: Callable[[Game, forms.Form], str],
    act: Callable[[Game, forms.Form], object],
    done: str,
) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("white", "black"), pk=pk, on_service=True)
    require(request.user, action, game)
    form = form_class(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            if request.POST.get("confirmed") != "yes":
                fields = {
                    name: str(value) for name, value in request.POST.items() if name != "csrfmiddlewaretoken"
                }
                return render(
                    request, "accounts/confirm.html", {"question": question(game, form), "fields": fields}
                )
            acted = attempt(lambda: act(game, form))
            if not acted.refused:
                messages.success(request, done)
                return redirect(game)
            form.add_error(None, str(acted.error))
        status = 400
    context = {"game": game, "form": form, "title": title}
    return render(request, "games/arbitration.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def give_time(request: HttpRequest, pk: int) -> HttpResponse:
    def question(game: Game, form: forms.Form) -> str:
        data = form.cleaned_data
        return _("Give %(amount)s to %(player)s? Time given cannot be taken back.") % {
            "amount": duration_text(form.amount()) if isinstance(form, GiveTimeForm) else "",
            "player": game.white if data["player"] == 0 else game.black,
        }

    def act(game: Game, form: forms.Form) -> object:
        assert isinstance(form, GiveTimeForm)
        data = form.cleaned_data
        return arbitration.give_time(game, request.user, data["player"], form.amount(), data["reason"])

    return _page(
        request, pk, Action.GIVE_TIME, GiveTimeForm, _("Give time"), question, act, _("The time is given.")
    )


@login_required
@require_http_methods(["GET", "POST"])
def adjudicate(request: HttpRequest, pk: int) -> HttpResponse:
    def question(game: Game, form: forms.Form) -> str:
        return _("End %(game)s with the result %(result)s? The decision is final.") % {
            "game": game,
            "result": RESULT_LABELS[form.cleaned_data["result"]],
        }

    def act(game: Game, form: forms.Form) -> object:
        data = form.cleaned_data
        return arbitration.adjudicate(game, request.user, data["result"], data["reason"])

    return _page(
        request,
        pk,
        Action.DECIDE_RESULT,
        AdjudicateForm,
        _("Adjudicate the game"),
        question,
        act,
        _("The game is adjudicated."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def annul(request: HttpRequest, pk: int) -> HttpResponse:
    def question(game: Game, form: forms.Form) -> str:
        return _("Annul %(game)s? It ends with no result, unrated, and cannot be played on.") % {"game": game}

    def act(game: Game, form: forms.Form) -> object:
        return arbitration.annul(game, request.user, form.cleaned_data["reason"])

    return _page(
        request,
        pk,
        Action.ANNUL_GAME,
        AnnulForm,
        _("Annul the game"),
        question,
        act,
        _("The game is annulled."),
    )
