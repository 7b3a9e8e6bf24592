"""The game page's abort and takeback buttons (``games.play.aborts``, ``games.play.takebacks``): thin views that
post to the services and show the game again, a refusal with its reason (as a move's refusal)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from games.play import aborts, takebacks
from games.web.views import _played, game_detail


@login_required
@require_http_methods(["GET", "POST"])
def abort(request: HttpRequest, pk: int) -> HttpResponse:
    """A player aborts his casual game before both sides have moved. A GET shows the game's page."""
    if request.method != "POST":
        return game_detail(request, pk)
    return _played(request, pk, lambda game: aborts.abort(game, request.user), _("The game is aborted."))


STEPS = {
    "ask": (lambda game, user: takebacks.ask(game, user), gettext_lazy("You asked to take back your move.")),
    "accept": (
        lambda game, user: takebacks.answer(game, user, accept=True),
        gettext_lazy("You accepted the takeback: the move is taken back."),
    ),
    "decline": (
        lambda game, user: takebacks.answer(game, user, accept=False),
        gettext_lazy("You declined the takeback."),
    ),
}


@login_required
@require_http_methods(["GET", "POST"])
def takeback(request: HttpRequest, pk: int, step: str) -> HttpResponse:
    """Ask to take back one's move, or accept or decline the opponent's request."""
    if step not in STEPS:
        raise Http404(_("no such takeback step"))
    if request.method != "POST":
        return game_detail(request, pk)
    call, done = STEPS[step]
    return _played(request, pk, lambda game: call(game, request.user), str(done))
