"""Registration forms: one player, a pasted list, a late entry, Swiss bye rules, a requested bye."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.core.codes import BYE_FULL, BYE_HALF, BYE_ZERO
from tournaments.core.codes import format_points as show_points
from tournaments.models import Event, Registration, SwissSettings


class RegisterPlayerForm(forms.Form):
    name = forms.CharField(
        max_length=120, label=_("Player"), help_text=_("Name or handle of a known player, or a new name.")
    )
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, max_value=4000)


class PasteListForm(forms.Form):
    players = forms.CharField(
        max_length=200_000,  # as the API's (each name then at most a player's name's length)
        widget=forms.Textarea(
            attrs={"rows": 8, "placeholder": "Anna de Vries, 1710\nBram Jansen 1650\nCor Smit"}
        ),
        label=_("Player list"),
        help_text=_(
            "One player per line, optionally followed by a rating. Lines starting with # are skipped."
        ),
    )


def player_label(registration: Registration) -> str:
    number = registration.pairing_number
    return f"{number}. {registration.player.display_name}" if number else registration.player.display_name


class SwissSettingsForm(forms.Form):
    max_half_byes = forms.IntegerField(
        label=_("Half-point byes per player"),
        min_value=0,
        max_value=50,
        help_text=_("How many half-point byes a player may request over the whole event."),
    )
    half_bye_refused_rounds = forms.TypedMultipleChoiceField(
        label=_("Rounds without half-point byes"),
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "checkbox-list"}),
        help_text=_("Requests for a half-point bye in these rounds are refused (often the last rounds)."),
    )
    late_entry_bye = forms.ChoiceField(
        label=_("Late entrants score, for the rounds they missed"),
        choices=SwissSettings.LateEntryBye.choices,
    )
    bye_points = forms.TypedChoiceField(
        label=_("Pairing-allocated bye is worth"), coerce=int, help_text=_("A loss, a draw or a win.")
    )

    def __init__(self, *args: object, event: Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        rounds = event.rounds or 0
        self.fields["half_bye_refused_rounds"].choices = [  # type: ignore[attr-defined]
            (n, _("Round %(number)s") % {"number": n}) for n in range(1, rounds + 1)
        ]
        values = {event.loss_points: _("loss"), event.draw_points: _("draw"), event.win_points: _("win")}
        self.fields["bye_points"].choices = [  # type: ignore[attr-defined]
            (value, f"{show_points(value) or '0'} ({name})") for value, name in sorted(values.items())
        ]

    @classmethod
    def initial_for(cls, event: Event, settings: SwissSettings) -> dict[str, object]:
        return {
            "max_half_byes": settings.max_half_byes,
            "half_bye_refused_rounds": list(settings.half_bye_refused_rounds or []),
            "late_entry_bye": settings.late_entry_bye,
            "bye_points": event.bye_points,
        }


class RegistrationChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Registration) -> str:  # type: ignore[override]
        return player_label(obj)


class ByeRequestForm(forms.Form):
    registration = RegistrationChoiceField(queryset=Registration.objects.none(), label=_("Player"))
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=99)
    kind = forms.ChoiceField(
        label=_("Bye"),
        choices=[
            (BYE_HALF, _("Half-point bye (requested)")),
            (BYE_ZERO, _("Zero-point bye (absent)")),
            (BYE_FULL, _("Full-point bye (organiser's decision)")),
        ],
    )

    def __init__(self, *args: object, event: Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["registration"].queryset = (  # type: ignore[attr-defined]
            event.registrations.select_related("player")
            .filter(status=Registration.Status.ACTIVE)
            .order_by("pairing_number", "player__display_name")
        )


class LateEntryForm(forms.Form):
    name = forms.CharField(
        max_length=120, label=_("Player"), help_text=_("Name or handle of a known player, or a new name.")
    )
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, max_value=4000)
