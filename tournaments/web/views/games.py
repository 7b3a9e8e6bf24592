"""The pages of an event's games kept on the tournament side: a pairing's game, submitting a record
or a result without one for a pairing, the arbiter's queue.

Served under the ``games`` URL namespace (``config/urls.py`` joins :data:`tournaments.web.urls.game_patterns`
to the games' own), so their addresses and names stay ``games:pairing-game``, ``games:submit`` and
``games:queue``. Who may do what is ``accounts.policy``'s, every other rule the services'.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts.errors import attempt
from accounts.policy import Action, require
from common.client import client_address
from games.live import game_events
from games.records import reports, services
from games.results import PLAYED_RESULTS, RESULT_LABELS
from tournaments.models import Event, Pairing, PlayMode
from tournaments.results import arbiter_queue, following
from tournaments.rounds import play_mode
from tournaments.web.views.common import event_context


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    waiting = arbiter_queue.queue(event, request.user)
    context = {**event_context(request, event, "queue"), "queue": waiting}
    followed = following.queue_games_in_play(event, request.user)
    if followed:
        context["follow"] = {
            "url": reverse("games:queue-events", args=[slug]),
            "from": game_events.resume_id_of(followed),
        }
    return render(request, "games/queue.html", context)


@login_required
@require_http_methods(["GET"])
def queue_events(request: HttpRequest, slug: str) -> HttpResponse:
    """The live events of the games in play in the event's open rounds, for the arbiter's queue
    (``tournaments.results.following``); 204 with none or where no stream is served."""
    event = get_object_or_404(Event, slug=slug)
    return game_events.serve_games(request, following.queue_games_in_play(event, request.user))


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
            data["record"] = _uploaded_text(upload)
        if not str(data.get("record") or "").strip():
            raise forms.ValidationError(_("paste the record or upload a file"))
        return data


def _uploaded_text(upload: object) -> str:
    """An uploaded record's text: refused whole (naming the limit) when longer than a record may be,
    never cut; at most 4 bytes a character in UTF-8, so a longer file is refused unread."""
    limit = services.MAX_RECORD_CHARS
    too_long = forms.ValidationError(
        _("the uploaded file is longer than the limit of %(limit)s characters for a record")
        % {"limit": limit}
    )
    if int(getattr(upload, "size", 0) or 0) > 4 * limit:
        raise too_long
    try:
        text = upload.read(4 * limit + 1).decode("utf-8")  # type: ignore[attr-defined]
    except UnicodeDecodeError as exc:
        raise forms.ValidationError(_("the uploaded file is not UTF-8 text")) from exc
    if len(text) > limit:
        raise too_long
    return str(text)


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


@login_required
def pairing_game(request: HttpRequest, pairing_id: int, number: int) -> HttpResponse:
    """The page of game ``number`` of a pairing, created on first use (the queue's boards without a game)."""
    pairing = get_object_or_404(  # a draft round's board is not there for those who may not see it
        Pairing.objects.visible_to(request.user).select_related(
            "round__event", "white__player", "black__player"
        ),
        pk=pairing_id,
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
    pairing = get_object_or_404(  # a draft round's board is not there for those who may not see it
        Pairing.objects.visible_to(request.user).select_related(
            "round__event", "white__player", "black__player"
        ),
        pk=pairing_id,
    )
    if pairing.black_id is None:
        messages.error(request, _("A bye has no game to submit."))
        return redirect(pairing.round.get_absolute_url())
    require(request.user, Action.SUBMIT_RECORD, pairing)
    event = pairing.round.event
    if play_mode(pairing.round) == PlayMode.SERVICE:
        # no form where no record is taken: the reason said once, with the way to the games
        status = 409 if request.method == "POST" else 200
        context = {"pairing": pairing, "event": event, "played_here": True}
        return render(request, "games/submit.html", context, status=status)
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
                    client_address(request) or None,
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
            client_address(request) or None,
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
