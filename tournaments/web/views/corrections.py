"""The page correcting a result of a closed round: the form, then a confirmation step naming the
standings and ratings that will be recomputed, then the correction (``results.corrections``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.errors import attempt
from tournaments.models import Event, Pairing, Round
from tournaments.results.corrections import check_correctable, correct_result
from tournaments.results.recomputation import affected_rounds
from tournaments.web.forms.corrections import CorrectionForm
from tournaments.web.views.common import event_context, event_page, sentence


@event_page()
def pairing_correct(request: HttpRequest, event: Event, round_: Round, board: int) -> HttpResponse:
    """Correct one board of a closed round: form, confirmation ("this changes rounds N..M"), done."""
    pairing = get_object_or_404(
        Pairing.objects.select_related("white__player", "black__player", "round__event"),
        round=round_,
        board=board,
    )
    checked = attempt(lambda: check_correctable(pairing))
    refusal = checked.reason if checked.refused else ""
    status = 200
    confirming = False
    if request.method == "POST" and not refusal:
        form = CorrectionForm(request.POST, games=event.games_per_pairing)
        if form.is_valid():
            data = form.cleaned_data
            if data["result"] == pairing.result_codes:
                form.add_error("result", _("This is the stored result: nothing to correct."))
                status = 400
            elif request.POST.get("step") == "confirm" and data["confirm"]:
                corrected = attempt(
                    lambda: correct_result(pairing, data["result"], data["reason"], request.user)
                )
                if corrected.refused:
                    form.add_error(None, corrected.reason)
                    status = 400
                else:
                    messages.success(
                        request,
                        _(
                            "The result of board %(board)s is corrected; standings and ratings are being recomputed."
                        )
                        % {"board": board},
                    )
                    return redirect(round_)
            else:
                if request.POST.get("step") == "confirm":
                    form.add_error("confirm", _("Tick the box to confirm the correction."))
                    status = 400
                confirming = True
        else:
            status = 400
    else:
        form = CorrectionForm(initial={"result": pairing.results}, games=event.games_per_pairing)
        if refusal:
            status = 409 if request.method == "POST" else 200
    context = event_context(request, event, "rounds")
    context.update(
        {
            "round": round_,
            "pairing": pairing,
            "form": form,
            "refusal": sentence(refusal) if refusal else "",
            "confirming": confirming,
            "affected": affected_rounds(round_) if not refusal else None,
        }
    )
    return render(request, "tournaments/pairing_correct.html", context, status=status)
