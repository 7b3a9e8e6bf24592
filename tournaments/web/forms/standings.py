"""The arbiter's form for changing a started event's tie-break list."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event
from tournaments.standings.compute import offered
from tournaments.templatetags.tournament_tags import tie_break_name
from tournaments.web.forms.events import TIE_BREAK_SLOTS, TieBreakField


class TieBreakChangeForm(forms.Form):
    """The new list in order (only the tie-breaks offered for the event) and the reason."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Kept in the event's log with your name and the lists before and after."),
    )

    def __init__(self, event: Event, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        choices = [("", "—")] + [
            (code, f"{code} – {tie_break_name(code)}")
            for code in offered(event.pairing_system, event.games_per_pairing)
        ]
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"] = TieBreakField(
                label=_("Tie-break %(slot)s") % {"slot": slot}, choices=choices, required=False
            )
        if not self.is_bound:
            for slot, code in enumerate(event.tie_breaks, start=1):
                self.initial[f"tie_break_{slot}"] = code

    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_break_{slot}"] for slot in range(1, TIE_BREAK_SLOTS + 1)]

    def codes(self) -> list[str]:
        return [
            code
            for slot in range(1, TIE_BREAK_SLOTS + 1)
            if (code := self.cleaned_data.get(f"tie_break_{slot}"))
        ]
