"""Game pages: a game with its board, moves, submissions and state, the board's SVG per ply,
submitting a record, a submission's verdict (with the board before a refused move), the opponent's
confirmation or dispute, the arbiter's decision and the arbiter's queue of an event.

The pages check nothing themselves beyond showing buttons: who may do what is ``accounts.policy``'s,
every other rule the services'; their ``GameServiceError`` becomes a message, a refused permission
the 403 page (``config.errors.ServiceErrorMiddleware``).
"""

from __future__ import annotations

import hashlib

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts.errors import PermissionRefused, attempt
from accounts.policy import Action, can, require
from games import boards, confirmation, decisions, reports, services
from games.forms import DecisionForm, DisputeForm
from games.models import Game, SubmittedRecord
from games.results import PLAYED_RESULTS, RESULT_LABELS
from tournaments.models import Pairing, Round


class RecordForm(forms.Form):
    game_number = forms.TypedChoiceField(
        coerce=int, choices=[(1, gettext_lazy("Game 1"))], initial=1, label=gettext_lazy("Game")
    )
    record = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "class": "mono", "spellcheck": "false"}),
        max_length=services.MAX_RECORD_CHARS,
        label=gettext_lazy("Record"),
        help_text=gettext_lazy(
            'Tag pairs ([Event "…"], [White "…"], …) then the numbered moves and the result.'
        ),
    )
    upload = forms.FileField(required=False, label=gettext_lazy("…or upload a file"))

    def __init__(self, *args: object, games: int = 1, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["game_number"].choices = [
            (n, _("Game %(number)s") % {"number": n}) for n in range(1, games + 1)
        ]
        self.fields["record"].required = False

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        upload = data.get("upload")
        if upload:
            try:
                data["record"] = upload.read(services.MAX_RECORD_CHARS + 1).decode("utf-8")  # type: ignore[attr-defined]
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(_("the uploaded file is not UTF-8 text")) from exc
        if not str(data.get("record") or "").strip():
            raise forms.ValidationError(_("paste the record or upload a file"))
        return data


class ResultForm(forms.Form):
    """A result without a record, where the event allows it."""

    game_number = forms.TypedChoiceField(
        coerce=int, choices=[(1, gettext_lazy("Game 1"))], initial=1, label=gettext_lazy("Game")
    )
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        choices=[(code, RESULT_LABELS[code]) for code in PLAYED_RESULTS],
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: object, games: int = 1, **kwargs: object) -> None:
        kwargs.setdefault("prefix", "report")
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["game_number"].choices = [
            (n, _("Game %(number)s") % {"number": n}) for n in range(1, games + 1)
        ]


def _game(pk: int) -> Game:
    return get_object_or_404(Game.objects.select_related("pairing__round__event", "white", "black"), pk=pk)


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
    if can_decide and decision_form is None:
        decision_form = DecisionForm(submissions=decisions.decidable_submissions(game))
    context = {
        "game": game,
        "submissions": submissions[::-1],
        "disputes": list(game.disputes.select_related("opened_by", "submission", "decision")),
        "decision": game.decisions.select_related("decided_by", "submission").first(),
        "can_answer": confirmation.can_answer(game, request.user),
        "dispute_form": dispute_form or DisputeForm(),
        "can_decide": can_decide and game.pairing.round.status != Round.Status.CLOSED,
        "decision_form": decision_form,
        "can_manage": can(request.user, Action.DECIDE_RESULT, game),
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
        "label": boards.ply_label(ply, moves[ply - 1].mover) if ply else "",
        "notation": moves[ply - 1].notation if ply else "",
        "previous": max(ply - 1, 0),
        "next": min(ply + 1, plies),
    }
    return {"board": board}, status


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(pk)
    board, status = _board_context(request, game)
    return _render_game(request, game, status=status, extra=board)


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
@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(pk)
    confirmed = attempt(lambda: confirmation.confirm(game, request.user))
    if confirmed.refused:
        messages.error(request, confirmed.reason)
        return _render_game(request, game, status=400)
    messages.success(request, _("You confirmed the result."))
    return redirect(game)


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
    if disputed.refused:
        messages.error(request, disputed.reason)
        return _render_game(request, game, status=400, dispute_form=form)
    messages.success(request, _("You disputed the result: the arbiter will decide."))
    return redirect(game)


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
        if decided.refused:
            messages.error(request, decided.reason)
        else:
            messages.success(request, _("Your decision is recorded and applied."))
            return redirect(game)
    else:
        messages.error(request, _("The decision form has errors: see below."))
    return _render_game(request, game, status=400, decision_form=form)


@login_required
def pairing_game(request: HttpRequest, pairing_id: int, number: int) -> HttpResponse:
    """The page of game ``number`` of a pairing, created on first use (the queue's boards without a game)."""
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__event", "white__player", "black__player"), pk=pairing_id
    )
    require(
        request.user,
        Action.MANAGE_EVENT,
        pairing,
        _("only the event's organisers and arbiters may open this"),
    )
    found = attempt(lambda: services.games_of(pairing))
    if found.refused or (games := found.value) is None:
        messages.error(request, found.reason)
        return redirect(pairing.round.get_absolute_url())
    if not 1 <= number <= len(games):
        messages.error(request, _("this pairing has no game %(number)s") % {"number": number})
        return redirect(pairing.round.get_absolute_url())
    return redirect(games[number - 1])


@login_required
@require_http_methods(["GET", "POST"])
def submit(request: HttpRequest, pairing_id: int) -> HttpResponse:
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__event", "white__player", "black__player"), pk=pairing_id
    )
    if pairing.black_id is None:
        messages.error(request, _("A bye has no game to submit."))
        return redirect(pairing.round.get_absolute_url())
    require(request.user, Action.SUBMIT_RECORD, pairing)
    event = pairing.round.event
    reporting = request.method == "POST" and request.POST.get("kind") == "result"
    form = RecordForm(
        None if reporting else (request.POST or None),
        None if reporting else (request.FILES or None),
        games=event.games_per_pairing,
    )
    can_report = reports.can_report(pairing, request.user)
    result_form = ResultForm(request.POST if reporting else None, games=event.games_per_pairing)
    status = 200
    if reporting:
        response = _report(request, pairing, result_form)
        if response is not None:
            return response
        status = 400
    elif request.method == "POST":
        if form.is_valid():
            submitted = attempt(
                lambda: services.submit_record(
                    pairing,
                    request.user,
                    str(form.cleaned_data["record"]),
                    form.cleaned_data["game_number"],
                    request.META.get("REMOTE_ADDR"),
                )
            )
            if submitted.refused or (record := submitted.value) is None:
                form.add_error(None, submitted.reason)
            else:
                if record.repeated:
                    messages.info(request, _("This record was submitted before: here is that submission."))
                return redirect("games:record-detail", pk=record.pk)
        status = 400
    context = {
        "pairing": pairing,
        "event": event,
        "form": form,
        "result_form": result_form if can_report else None,
    }
    return render(request, "games/submit.html", context, status=status)


def _report(request: HttpRequest, pairing: Pairing, form: ResultForm) -> HttpResponse | None:
    """Submit a result without a record: the game's page, or ``None`` with the refusal on the form."""
    if not form.is_valid():
        return None
    reported = attempt(
        lambda: reports.report_result(
            pairing,
            request.user,
            form.cleaned_data["result"],
            form.cleaned_data["game_number"],
            request.META.get("REMOTE_ADDR"),
        )
    )
    if reported.refused or (report := reported.value) is None:
        form.add_error(None, reported.reason)
        return None
    if report.repeated:
        messages.info(request, _("You submitted this result before: nothing changed."))
    else:
        messages.success(request, report.note)
    return redirect(report.game)


def record_detail(request: HttpRequest, pk: int) -> HttpResponse:
    record = get_object_or_404(
        SubmittedRecord.objects.select_related("game__pairing__round__event", "game__white", "game__black"),
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
