"""The forms of the arbiter's pages on a game played on the service: give time, adjudicate, annul.

They only shape the input; ``games.play.arbitration`` checks who may and what the game takes now.
"""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from games.records.confirmation import MAX_REASON_CHARS
from games.results import PLAYED_RESULTS, RESULT_LABELS


def _reason(required: bool) -> forms.CharField:
    return forms.CharField(
        label=_("Reason"),
        required=required,
        max_length=MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class GiveTimeForm(forms.Form):
    player = forms.TypedChoiceField(
        label=_("Give time to"), coerce=int, choices=[(0, _("White")), (1, _("Black"))]
    )
    days = forms.IntegerField(label=_("Days"), min_value=0, max_value=30, initial=0)
    hours = forms.IntegerField(label=_("Hours"), min_value=0, max_value=23, initial=0)
    minutes = forms.IntegerField(label=_("Minutes"), min_value=0, max_value=59, initial=0)
    reason = _reason(required=False)

    def amount(self) -> timedelta:
        data = self.cleaned_data
        return timedelta(days=data["days"], hours=data["hours"], minutes=data["minutes"])


class AdjudicateForm(forms.Form):
    result = forms.ChoiceField(
        label=_("Result"), choices=[(code, RESULT_LABELS[code]) for code in PLAYED_RESULTS]
    )
    reason = _reason(required=True)


class AnnulForm(forms.Form):
    reason = _reason(required=True)
