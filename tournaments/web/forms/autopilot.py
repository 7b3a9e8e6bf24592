"""The autopilot's settings on a form (the event form before the start, the autopilot page at any
time), the round times one a line; and the webhooks' form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.starts import LONGEST_GRACE, check_grace, check_round_times


class AutopilotFields(forms.Form):
    """The autopilot's fields (``tournaments.autopilot``): a form of their own, and the event form's."""

    auto_pair = forms.BooleanField(
        label=_("Pair and publish rounds by themselves"),
        required=False,
        help_text=_(
            "When a round closes, the next one is paired and published after the delay below (at once "
            "when it has a round time), and its players are told. Rounds close by themselves."
        ),
    )
    auto_pair_delay = forms.IntegerField(
        label=_("Delay before the next round (seconds)"),
        min_value=0,
        max_value=7 * 86400,
        initial=60,
        required=False,
    )
    auto_finish = forms.BooleanField(
        label=_("Finish the event by itself"),
        required=False,
        help_text=_("The event is finished when its last round closes."),
    )
    all_rounds_at_once = forms.BooleanField(
        label=_("Every round at once"),
        required=False,
        help_text=_(
            "A round robin played on the service by correspondence: every round's games start at the "
            "start, and each round closes by itself when its games are over. Chosen before the start."
        ),
    )
    first_move_grace = forms.IntegerField(
        label=_("Grace for a first move (seconds)"),
        min_value=10,
        max_value=LONGEST_GRACE,
        required=False,
        help_text=_(
            "Each player's first move is due within it, else he loses the game by forfeit. Empty: "
            "3 minutes for a live clock, 7 days by correspondence."
        ),
    )
    round_times = forms.CharField(
        label=_("Round times"),
        required=False,
        max_length=50 * 42,  # at most 50 rounds, a time of at most 40 characters a line (as the API's)
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One a line, round 1 first (2026-05-01 18:00, in UTC; an empty line: no time for that "
            "round). A round's games start at its time when it is published earlier."
        ),
    )

    def clean_round_times(self) -> list[str]:
        lines = [line.strip() for line in str(self.cleaned_data.get("round_times") or "").splitlines()]
        try:
            return check_round_times(lines)
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_first_move_grace(self) -> int | None:
        try:
            return check_grace(self.cleaned_data.get("first_move_grace"))
        except ServiceError as exc:
            raise forms.ValidationError(str(exc)) from None

    def autopilot_values(self) -> dict[str, object]:
        """The cleaned autopilot fields as the event's values."""
        data = self.cleaned_data
        delay = data.get("auto_pair_delay")
        return {
            "auto_pair": bool(data.get("auto_pair")),
            "auto_pair_delay": 60 if delay is None else delay,
            "auto_finish": bool(data.get("auto_finish")),
            "all_rounds_at_once": bool(data.get("all_rounds_at_once")),
            "first_move_grace": data.get("first_move_grace"),
            "round_times": data.get("round_times") or [],
        }

    @staticmethod
    def autopilot_initial(event: Event) -> dict[str, object]:
        return {
            "auto_pair": event.auto_pair,
            "auto_pair_delay": event.auto_pair_delay,
            "auto_finish": event.auto_finish,
            "all_rounds_at_once": event.all_rounds_at_once,
            "first_move_grace": event.first_move_grace,
            "round_times": "\n".join(time.replace("T", " ") for time in event.round_times or []),
        }


class AutopilotForm(AutopilotFields):
    """The autopilot page's settings (``all_rounds_at_once`` shown, not changed, once started)."""

    def __init__(self, *args: object, event: Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        if event.status != Event.Status.CREATED:
            self.fields["all_rounds_at_once"].disabled = True


class WebhookForm(forms.Form):
    url = forms.URLField(label=_("URL"), max_length=500, assume_scheme="https")
