"""The forms of a game's page for answering and deciding a result: dispute and decision; and the
challenge to a casual game.

They only shape the input; who may answer or decide, and which choices are consistent, is checked by
``games.confirmation`` and ``games.decisions``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_lazy as translated

from games import options as game_options
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

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields.update(option_fields())

    def option_fields(self) -> list[forms.BoundField]:
        """The start options' fields (every registered game's), in the registry's order."""
        return [self[name] for name in game_options.every_option()]

    def options(self) -> dict[str, str]:
        """The start options given (cleaned), by name; empty ones too (the game's own value)."""
        return {name: str(self.cleaned_data.get(name) or "") for name in game_options.every_option()}


def option_fields(for_event: bool = False) -> dict[str, forms.CharField]:
    """A form field for each start option a registered game declares (``games.options``): its label
    and help from the declaration (an event's help for an event's form), never required."""
    fields = {}
    for name, option in game_options.every_option().items():
        help_text = option.event_help if for_event and option.event_help else option.help
        fields[name] = forms.CharField(
            label=translated(option.label),
            max_length=option.max_length,
            required=False,
            help_text=translated(help_text),
        )
    return fields
