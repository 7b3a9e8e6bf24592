"""Game pages: a verified game, submitting a record for a pairing, a submission's verdict."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from games import services
from games.models import Game, SubmittedRecord
from tournaments.models import Pairing


class RecordForm(forms.Form):
    game_number = forms.TypedChoiceField(coerce=int, choices=[(1, "Game 1")], initial=1, label="Game")
    record = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "class": "mono", "spellcheck": "false"}),
        max_length=services.MAX_RECORD_CHARS,
        help_text='Tag pairs ([Event "…"], [White "…"], …) then the numbered moves and the result.',
    )
    upload = forms.FileField(required=False, label="…or upload a file")

    def __init__(self, *args: object, games: int = 1, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["game_number"].choices = [(n, f"Game {n}") for n in range(1, games + 1)]
        self.fields["record"].required = False

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        upload = data.get("upload")
        if upload:
            try:
                data["record"] = upload.read(services.MAX_RECORD_CHARS + 1).decode("utf-8")  # type: ignore[attr-defined]
            except UnicodeDecodeError as exc:
                raise forms.ValidationError("the uploaded file is not UTF-8 text") from exc
        if not str(data.get("record") or "").strip():
            raise forms.ValidationError("paste the record or upload a file")
        return data


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("pairing__round__event", "white", "black"), pk=pk)
    submissions = game.submissions.all()[:20]
    return render(request, "games/game_detail.html", {"game": game, "submissions": submissions})


@login_required
@require_http_methods(["GET", "POST"])
def submit(request: HttpRequest, pairing_id: int) -> HttpResponse:
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__event", "white__player", "black__player"), pk=pairing_id
    )
    if pairing.black_id is None:
        messages.error(request, "A bye has no game to submit.")
        return redirect(pairing.round.get_absolute_url())
    if not services.can_submit(pairing, request.user):
        raise PermissionDenied(
            "only the two players and the event's organisers and arbiters may submit records"
        )
    event = pairing.round.event
    form = RecordForm(request.POST or None, request.FILES or None, games=event.games_per_pairing)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                record = services.submit_record(
                    pairing, request.user, str(form.cleaned_data["record"]), form.cleaned_data["game_number"]
                )
            except services.GameServiceError as exc:
                form.add_error(None, str(exc))
            else:
                return redirect("games:record-detail", pk=record.pk)
        status = 400
    return render(
        request, "games/submit.html", {"pairing": pairing, "event": event, "form": form}, status=status
    )


def record_detail(request: HttpRequest, pk: int) -> HttpResponse:
    record = get_object_or_404(
        SubmittedRecord.objects.select_related("game__pairing__round__event", "game__white", "game__black"),
        pk=pk,
    )
    return render(request, "games/record_detail.html", {"record": record, "game": record.game})
