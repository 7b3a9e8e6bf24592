"""Game pages: a game with its board, moves, submissions and state, the board's SVG per ply, a
submission's verdict (with the board before a refused move), the opponent's confirmation or
dispute, the arbiter's decision. (Submitting for a pairing and the arbiter's queue of an event are
the tournaments' pages: ``tournaments.web.views.games``.)

The pages check nothing themselves beyond showing buttons: who may do what is ``accounts.policy``'s,
every other rule the services'; their ``GameServiceError`` becomes a message, a refused permission
the 403 page (``config.errors.ServiceErrorMiddleware``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.errors import Attempt, PermissionRefused, attempt
from accounts.policy import Action, can, require
from common.arrival import arrival
from games import origins
from games.live import game_events, player_events
from games.models import Game, SubmittedRecord
from games.play import challenges, errors, flags, service
from games.records import confirmation, decisions, downloads
from games.web import boards, play_page
from games.web.forms import ChallengeForm, DecisionForm, DisputeForm


def _game(pk: int) -> Game:
    return get_object_or_404(origins.with_place(Game.objects.all()), pk=pk)


def _render_game(
    request: HttpRequest,
    game: Game,
    status: int = 200,
    dispute_form: DisputeForm | None = None,
    decision_form: DecisionForm | None = None,
    extra: dict[str, object] | None = None,
) -> HttpResponse:
    submissions = list(game.submissions.select_related("submitted_by").order_by("submitted_at", "pk"))
    for version, record in enumerate(submissions, start=1):
        record.version = version  # type: ignore[attr-defined]
    can_decide = can(request.user, Action.DECIDE_RESULT, game) and game.state != Game.State.DECIDED
    decision = game.decisions.select_related("decided_by", "submission").first()
    if can_decide and decision_form is None:
        decision_form = DecisionForm(submissions=decisions.decidable_submissions(game))
    context = {
        "game": game,
        "submissions": submissions[::-1],
        "disputes": list(game.disputes.select_related("opened_by", "submission", "decision")),
        "decision": decision,
        "decided_by_organiser": decision is not None
        and decisions.role_of(decision.decided_by, game) == decisions.ROLE_ORGANISER,
        "state_label": decisions.state_label(game, decision),
        "decision_change": decisions.what_changed(game, decision),
        "can_answer": confirmation.can_answer(game, request.user),
        "dispute_form": dispute_form or DisputeForm(),
        # one adjudication control: a game in play on the service is decided by the arbiter's powers
        "can_decide": can_decide
        and origins.allows(game, origins.DECIDE)
        and not (game.on_service and game.finished_at is None),
        "decision_form": decision_form,
        "can_manage": can(request.user, Action.DECIDE_RESULT, game),
        "takes_records": origins.takes_records(game),
        **(extra or {}),
    }
    return render(request, "games/game_detail.html", context, status=status)


def _board_context(request: HttpRequest, game: Game) -> tuple[dict[str, object], int]:
    """The board part of the game page: the position after ``?ply=`` (the last when absent)."""
    if not boards.has_board(game):
        return {}, 200
    moves = boards.moves_of(game)
    plies = len(moves)
    status = 200
    try:
        ply = boards.parse_ply(request.GET.get("ply"), plies)
    except boards.BadBoardRequest as exc:
        messages.error(request, str(exc))
        ply, status = plies, 400
    flip = request.GET.get("flip") == "1"
    board = {
        "svg": mark_safe(boards.board_svg(game, ply, flip=flip)),  # noqa: S308 - our own renderer's escaped output
        "ply": ply,
        "plies": plies,
        "flip": flip,
        "moves": moves,
        "label": moves[ply - 1].label if ply else "",
        "notation": moves[ply - 1].notation if ply else "",
        "previous": max(ply - 1, 0),
        "next": min(ply + 1, plies),
    }
    return {"board": board}, status


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = flags.fall_if_due(_game(pk))  # a flag fallen meanwhile ends the game now (games.play.flags)
    board, status = _board_context(request, game)
    if game.on_service:  # a game played on the service: the board as it stands, the move form
        board.update(play_page.play_context(request, game))
    return _render_game(request, game, status=status, extra=board)


def _played(request: HttpRequest, pk: int, call: Callable[[Game], object], done: str) -> HttpResponse:
    """A move or a resignation from the game page; a refusal shows the game as it stands now with
    the reason (a refused permission: the 403 page, by the one page-side mapping)."""
    game = _game(pk)
    outcome = attempt(lambda: call(game))
    if outcome.refused:
        messages.error(request, outcome.reason)
        return _replayed_page(request, pk, 409 if isinstance(outcome.error, errors.PlayConflict) else 400)
    messages.success(request, done)
    return redirect(game)


def _replayed_page(request: HttpRequest, pk: int, status: int) -> HttpResponse:
    response = game_detail(request, pk)
    response.status_code = status
    return response


@require_http_methods(["GET"])
def events(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's live events for its page (``games.live.game_events``): a stream under the ASGI server, else 204."""
    return game_events.stream(request, game_events.watchable(flags.fall_if_due(_game(pk)), request.user))


@login_required
@require_http_methods(["GET"])
def my_events(request: HttpRequest) -> HttpResponse:
    """The signed-in player's own live events (``games.live.player_events``), for the page's header."""
    player = challenges.player_of(request.user)
    return game_events.serve(request, [player_events.channel_of(player.pk)])


@login_required
@require_http_methods(["GET", "POST"])
def play_move(request: HttpRequest, pk: int) -> HttpResponse:
    """A move from the game page: the move in notation and the ply the page showed (``expected_ply``).
    A GET shows the game's page."""
    if request.method != "POST":
        return game_detail(request, pk)
    text = request.POST.get("move", "")
    raw_ply = request.POST.get("expected_ply", "")
    if not raw_ply.isascii() or not raw_ply.isdigit() or len(raw_ply) > 6:
        messages.error(request, _("The move names no ply: play it again from the game as it stands."))
        return _replayed_page(request, pk, 400)
    return _played(
        request,
        pk,
        lambda game: service.make_move(
            flags.fall_if_due(game, mover=request.user), request.user, text, int(raw_ply), arrival(request)
        ),
        _("Your move %(move)s is played.") % {"move": text.strip()[: service.MAX_MOVE_CHARS]},
    )


@login_required
@require_http_methods(["GET", "POST"])
def resign(request: HttpRequest, pk: int) -> HttpResponse:
    """Resigning from the game page, its confirmation ticked. A GET shows the game's page, with its
    form to resign."""
    if request.method != "POST":
        return game_detail(request, pk)
    if request.POST.get("confirmed") != "yes":
        messages.error(request, _("Tick the box to confirm that you resign."))
        return _replayed_page(request, pk, 400)
    return _played(request, pk, lambda game: service.resign(game, request.user), _("You resigned the game."))


@require_http_methods(["GET", "HEAD"])
def board_svg(request: HttpRequest, pk: int) -> HttpResponse:
    """The SVG of one position of a game (``?ply=N``, ``&flip=1``, ``&size=PX``), for the page's
    stepper, embedding and the API: 404 without a verified record, 400 for a bad ply or size."""
    game = _game(pk)
    if not boards.has_board(game):
        raise Http404(_("this game has no verified record"))
    try:
        ply = boards.parse_ply(request.GET.get("ply"), len(boards.plies_of(game)))
        size = boards.parse_size(request.GET.get("size"))
    except boards.BadBoardRequest as exc:
        return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")
    svg = boards.board_svg(game, ply, flip=request.GET.get("flip") == "1", size=size)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["ETag"] = '"' + hashlib.sha256(svg.encode()).hexdigest()[:32] + '"'
    response["Cache-Control"] = "public, max-age=300"
    if request.headers.get("If-None-Match") == response["ETag"]:
        not_modified = HttpResponseNotModified()
        not_modified["ETag"] = response["ETag"]
        not_modified["Cache-Control"] = response["Cache-Control"]
        return not_modified
    return response


@login_required
@require_http_methods(["GET", "POST"])
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """A GET shows the game's page, with its form to confirm the result when there is one to confirm."""
    if request.method != "POST":
        return game_detail(request, pk)
    game = _game(pk)
    confirmed = attempt(lambda: confirmation.confirm(game, request.user))
    return _answered(request, game, confirmed, _("You confirmed the result."))


@login_required
@require_POST
def dispute(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(pk)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        if not confirmation.can_answer(game, request.user):
            raise PermissionRefused(Action.ANSWER_RESULT, _("only the opponent may dispute this result"))
        messages.error(request, _("Say why you dispute the result."))
        return _render_game(request, game, status=400, dispute_form=form)
    disputed = attempt(lambda: confirmation.dispute(game, request.user, form.cleaned_data["reason"]))
    return _answered(
        request, game, disputed, _("You disputed the result: the arbiter will decide."), dispute_form=form
    )


@login_required
@require_POST
def decide(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(pk)
    require(request.user, Action.DECIDE_RESULT, game)
    form = DecisionForm(request.POST, submissions=decisions.decidable_submissions(game))
    if form.is_valid():
        decided = attempt(
            lambda: decisions.decide(
                game,
                request.user,
                kind=form.cleaned_data["kind"],
                submission_id=form.cleaned_data["submission"],
                result=form.cleaned_data["result"],
                reason=form.cleaned_data["reason"],
            )
        )
        return _answered(
            request, game, decided, _("Your decision is recorded and applied."), decision_form=form
        )
    messages.error(request, _("The decision form has errors: see below."))
    return _render_game(request, game, status=400, decision_form=form)


def _answered(request: HttpRequest, game: Game, tried: Attempt[Any], done: str, **forms: Any) -> HttpResponse:
    """After an answer to a game's result: back to the game saying ``done``, or, refused, its page again
    (400) with the reason and the ``forms`` as sent."""
    if tried.refused:
        messages.error(request, tried.reason)
        return _render_game(request, game, status=400, **forms)
    messages.success(request, done)
    return redirect(game)


def record_txt(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's record as text with its tags (``games.records.downloads``); 404 while it has none."""
    game = _game(pk)
    text = downloads.record_text(game)
    if text is None:
        raise Http404(_("this game has no accepted record"))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{downloads.filename(game)}"'
    return response


def record_detail(request: HttpRequest, pk: int) -> HttpResponse:
    record = get_object_or_404(
        origins.with_place(SubmittedRecord.objects.all(), via="game__"),
        pk=pk,
    )
    refused = boards.refused_board(record)
    context = {
        "record": record,
        "game": record.game,
        "refused": refused,
        "refused_svg": mark_safe(refused.svg) if refused else "",  # noqa: S308 - our own renderer's escaped output
    }
    return render(request, "games/record_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def challenge_list(request: HttpRequest) -> HttpResponse:
    """The Play page: my challenges to casual games, sent and received, the open ones of others I may
    accept, and the form to send one (``?opponent=`` names the player, from his page)."""
    initial = {"opponent": request.GET.get("opponent", "")[:80]}
    form = ChallengeForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            sent = attempt(
                lambda: challenges.challenge(
                    request.user,
                    data["opponent"],
                    data["game"],
                    data["time_control"],
                    data["rated"],
                    data["colour"],
                    form.options(),
                )
            )
            if not sent.refused and sent.value is not None:
                messages.success(
                    request,
                    _("Challenge sent to %(player)s.") % {"player": sent.value.challenged}
                    if sent.value.challenged_id
                    else _("Open challenge sent: the first player to accept it plays."),
                )
                return redirect("games:challenges")
            form.add_error(None, sent.reason)
        status = 400
    mine = list(challenges.listed(request.user)[:100])
    context = {
        "form": form,
        "received": [c for c in mine if c.challenged_id and c.challenged.user_id == request.user.pk],
        "sent": [c for c in mine if c.challenger.user_id == request.user.pk],
        "open": list(challenges.open_to_all(request.user)[:100]),
    }
    return render(request, "games/challenges.html", context, status=status)


ANSWERS = {"accept": challenges.accept, "decline": challenges.decline, "withdraw": challenges.withdraw}


@login_required
@require_POST
def challenge_answer(request: HttpRequest, pk: int, answer: str) -> HttpResponse:
    """Accept or decline a challenge sent to me (accepting opens the game), or withdraw mine."""
    if answer not in ANSWERS:
        raise Http404(answer)
    found = get_object_or_404(challenges.challenges_of(request.user), pk=pk)
    done = attempt(lambda: ANSWERS[answer](found, request.user))
    if done.refused:
        messages.error(request, done.reason)
        return redirect("games:challenges")
    if isinstance(done.value, Game):
        return redirect(done.value)
    found.refresh_from_db()
    messages.info(request, _("The challenge is %(status)s.") % {"status": found.get_status_display().lower()})
    return redirect("games:challenges")
