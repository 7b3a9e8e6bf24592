"""The forms of a game's page for answering and deciding a result: dispute and decision; and the
challenge to a casual game.

They only shape the input; who may answer or decide, and which choices are consistent, is checked by
``games.records.confirmation`` and ``games.records.decisions``.
"""

from __future__ import annotations

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_lazy as translated

from arbiter.spec import StartOption
from games import options as game_options
from games.choices import game_choices
from games.models import Challenge, SubmittedRecord
from games.play.clocks import validate_time_control
from games.records.confirmation import MAX_REASON_CHARS
from games.records.decisions import DECISION_KINDS
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


# The time controls offered (as ``games.play.clocks`` reads them), then a custom one or none.
CUSTOM = "custom"
CLOCK_PRESETS = ("1+0", "3+2", "5+3", "10+5", "15+10", "1d/5d", "3d/15d", "7d/30d")


def clock_choices() -> list[tuple[str, str]]:
    fischer = _("%(minutes)s min + %(seconds)s s a move")
    days = _("%(days)s d a move, at most %(cap)s d banked")
    choices = []
    for text in CLOCK_PRESETS:
        first, second = text.replace("d", "").split("/" if "/" in text else "+")
        label = (
            days % {"days": first, "cap": second}
            if "/" in text
            else fischer % {"minutes": first, "seconds": second}
        )
        choices.append((text, f"{text} · {label}"))
    return [*choices, ("", _("No clock")), (CUSTOM, _("Another time control…"))]


class ChallengeForm(forms.Form):
    opponent = forms.CharField(
        label=_("Player"),
        max_length=80,
        required=False,
        help_text=_("His name or handle (suggestions appear as you type)."),
    )
    open_to_all = forms.BooleanField(
        label=_("Open challenge: the first player to accept it plays"), required=False
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    clock = forms.ChoiceField(label=_("Time control"), choices=clock_choices, initial="10+5", required=False)
    time_control = forms.CharField(
        label=_("Another time control"),
        max_length=20,
        required=False,
        validators=[validate_time_control],
        help_text=_("5+3: 5 minutes and 3 seconds a move; 3d/15d: 3 days a move, at most 15 banked."),
    )
    colour = forms.ChoiceField(label=_("Your colour"), choices=Challenge.Colour.choices, initial="random")
    rated = forms.BooleanField(label=_("Rated"), required=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields.update(option_fields())
        self.fields["opponent"].widget.attrs.update(
            {
                "list": "opponent-suggestions",
                "autocomplete": "off",
                "data-suggest-url": reverse("games:challenge-players"),
            }
        )

    def clean(self) -> dict[str, object]:
        """The opponent named unless the challenge is open; the time control chosen, or the one
        written when another is chosen."""
        data = super().clean() or {}
        if data.get("open_to_all"):
            data["opponent"] = ""
        elif not data.get("opponent") and "opponent" not in self.errors:
            self.add_error("opponent", _("name the player you challenge, or make the challenge open"))
        if data.get("clock") == CUSTOM or "clock" not in self.data:  # chosen, or only written
            if not data.get("time_control") and "time_control" not in self.errors and "clock" in self.data:
                self.add_error("time_control", _("write the time control you chose, like 5+3 or 3d/15d"))
        elif "clock" in data:
            data["time_control"] = data["clock"]
        return data

    def option_fields(self) -> list[forms.BoundField]:
        """The start options' fields (every registered game's), in the registry's order."""
        return [self[name] for name in game_options.every_option()]

    def option_games(self) -> list[tuple[forms.BoundField, str]]:
        """Each start option's field with the game keys that take it (space-separated): the page
        shows a field only for those games."""
        return option_parts(self)

    def options(self) -> dict[str, str]:
        """The start options given (cleaned), by name; empty ones too (the game's own value)."""
        return {name: str(self.cleaned_data.get(name) or "") for name in game_options.every_option()}


def _option_field(
    option: StartOption, choices: list[tuple[str, str]] | None, max_length: int, for_event: bool
) -> forms.Field:
    help_text = translated(option.event_help if for_event and option.event_help else option.help)
    if choices is not None:
        return forms.ChoiceField(
            label=translated(option.label),
            choices=[("", "—"), *((value, translated(label)) for value, label in choices)],
            required=False,
            help_text=help_text,
        )
    return forms.CharField(
        label=translated(option.label), max_length=max_length, required=False, help_text=help_text
    )


def option_fields(for_event: bool = False) -> dict[str, forms.Field]:
    """A form field for each start option a registered game declares (``games.options``): its label
    and help from the declaration (an event's help for an event's form), never required; a choice
    among its values when every game declaring it declares them (empty: the game's own), else a text
    as long as the longest a game takes (its game's choices then checked by ``games.options``)."""
    return {
        name: _option_field(
            option, game_options.choices_of(name), game_options.max_length_of(name), for_event
        )
        for name, option in game_options.every_option().items()
    }


class _PartField(forms.BoundField):
    """One declaration's field of an option declared otherwise by other games: the option's name
    (what is sent), an id of its own (its first game's)."""

    def __init__(self, form: forms.Form, field: forms.Field, name: str, game: str) -> None:
        self.game = game  # before the field's ids are made from it
        super().__init__(form, field, name)

    @property
    def auto_id(self) -> str:
        return f"{super().auto_id}-{self.game}"


def option_parts(form: forms.Form, for_event: bool = False) -> list[tuple[forms.BoundField, str]]:
    """The start options' fields as a form shows them, each with the game keys it is shown for
    (space-separated, ``static/js/option_fields.js``): an option declared alike by its games is its
    field; one declared otherwise by some games (TZAAR's start, a choice; LYNGK's, a text) is shown as
    each part's own field under the one name, only the chosen game's sent."""
    shown = []
    for name in game_options.every_option():
        parts = game_options.parts(name)
        if len(parts) == 1:
            shown.append((form[name], " ".join(parts[0][1])))
            continue
        for option, keys in parts:
            choices = [(c.value, c.label) for c in option.choices] if option.choices else None
            field = _option_field(option, choices, option.max_length, for_event)
            shown.append((_PartField(form, field, name, keys[0]), " ".join(keys)))
    return shown
