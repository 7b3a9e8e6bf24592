"""The TRF import form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.choices import default_game, game_choices
from tournaments.web.forms import rounds_field


class TrfImportForm(forms.Form):
    file = forms.FileField(
        label=_("TRF file"), help_text=_("A FIDE TRF(x) file, as written by pairing programs.")
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=default_game)
    total_rounds = rounds_field(
        _("Number of rounds"),
        _("Only needed when the file has no XXR line and more rounds are still to come."),
    )

    match_players = forms.CharField(
        label=_("Match players"),
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "Only when a name in the file may mean several stored players: one line per pairing number, "
            "e.g. '7 = @k-brouwer' for a stored player or '7 = new' for a new one."
        ),
    )

    MAX_BYTES = 2_000_000
    MAX_CHOICES = 2000

    def clean_match_players(self) -> dict[int, str]:
        choices: dict[int, str] = {}
        for number, raw in enumerate(self.cleaned_data["match_players"].splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            left, sep, right = line.partition("=")
            left, right = left.strip(), right.strip()
            if not sep or not left.isascii() or not left.isdigit() or len(left) > 4 or not right:
                raise forms.ValidationError(
                    _(
                        "Line %(number)s: write a pairing number, '=' and a handle or 'new', e.g. '7 = @k-brouwer'."
                    )
                    % {"number": number}
                )
            choices[int(left)] = right[:80]
            if len(choices) > self.MAX_CHOICES:
                raise forms.ValidationError(_("More than %(count)s lines.") % {"count": self.MAX_CHOICES})
        return choices

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than 2 MB: this is not a TRF file of one event.")
            )
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
