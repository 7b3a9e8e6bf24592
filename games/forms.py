"""The forms of a game's page for answering and deciding a result: dispute and decision; and the
challenge to a casual game.

They only shape the input; who may answer or decide, and which choices are consistent, is checked by
``games.confirmation`` and ``games.decisions``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.choices import game_choices
from games.clocks import validate_time_control
from games.confirmation import MAX_REASON_CHARS
from games.decisions import DECISION_KINDS
from games.models import Challenge, SubmittedRecord
from games.results import GAME_RESULTS, RESULT_LABELS


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=_("Why do you dispute this result?"),
        max_length=MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class DecisionForm(forms.Form):
    kind = forms.ChoiceField(label=_("Decision"), choices=DECISION_KINDS)
    submission = forms.TypedChoiceField(
        label=_("Submission that becomes official"), coerce=int, required=False, empty_value=None
    )
    result = forms.ChoiceField(
        label=_("Result (when no submission is chosen)"),
        required=False,
        choices=[("", "—")] + [(code, RESULT_LABELS[code]) for code in GAME_RESULTS],
    )
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=MAX_REASON_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(
        self, *args: object, submissions: list[SubmittedRecord] | None = None, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["submission"].choices = [("", "—")] + [  # type: ignore[attr-defined]
            (
                record.pk,
                _("#%(pk)s by %(who)s: %(result)s")
                % {
                    "pk": record.pk,
                    "who": record.submitted_by or "—",
                    "result": (record.verdict or {}).get("result"),
                },
            )
            for record in submissions or []
        ]


class ChallengeForm(forms.Form):
    opponent = forms.CharField(
        label=_("Player"), max_length=80, help_text=_("The short name (handle) of the player you challenge.")
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    time_control = forms.CharField(
        label=_("Time control"),
        max_length=20,
        required=False,
        validators=[validate_time_control],
        help_text=_(
            "5+3: 5 minutes and 3 seconds a move; 3d/15d: 3 days a move, at most 15 banked; empty: no clock."
        ),
    )
    colour = forms.ChoiceField(label=_("Your colour"), choices=Challenge.Colour.choices, initial="random")
    rated = forms.BooleanField(label=_("Rated"), required=False)
    potentials = forms.CharField(
        label=_("Potentials"),
        max_length=100,
        required=False,
        help_text=_(
            "GIPF with potentials only: the set of the game, e.g. Z6 Y6 (3 to 6 of a kind: T TAMSK, Z ZÈRTZ, "
            "D DVONN, Y YINSH, P PÜNCT), White Z6; Black Y6 for a set by colour, or Ultimate. "
            "Empty: the game's own set."
        ),
    )
