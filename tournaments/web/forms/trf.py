"""The TRF import form."""

from __future__ import annotations

from django import forms

from tournaments.models import GAME_CHOICES


class TrfImportForm(forms.Form):
    file = forms.FileField(label="TRF file", help_text="A FIDE TRF(x) file, as written by pairing programs.")
    game = forms.ChoiceField(choices=GAME_CHOICES, initial="gipf-standard")
    total_rounds = forms.IntegerField(
        label="Number of rounds",
        required=False,
        min_value=1,
        max_value=50,
        help_text="Only needed when the file has no XXR line and more rounds are still to come.",
    )

    MAX_BYTES = 2_000_000

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError("The file is larger than 2 MB: this is not a TRF file of one event.")
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
