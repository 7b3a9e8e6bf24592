"""The form correcting a closed round's result: the new result, the reason, and the confirmation
that standings and ratings will change (ticked on the second step)."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.results.corrections import MAX_REASON_CHARS
from tournaments.web.forms.results import RESULT_CODES_TEXT, ResultOfGames


class CorrectionForm(ResultOfGames):
    result = forms.CharField(
        label=_("Corrected result"),
        max_length=40,
        help_text=format_lazy(
            _("{codes}; both games of a match, separated by a space"), codes=RESULT_CODES_TEXT
        ),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Required: it is shown with the correction on the round and game pages."),
        error_messages={"required": _("Give the reason for the correction.")},
    )
    confirm = forms.BooleanField(
        required=False,
        label=_("I understand that this changes the standings and ratings listed above."),
    )

    def clean_reason(self) -> str:
        reason = str(self.cleaned_data["reason"]).strip()
        if not reason:
            raise forms.ValidationError(_("Give the reason for the correction."))
        return reason
