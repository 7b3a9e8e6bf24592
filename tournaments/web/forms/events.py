"""Event settings forms: create or edit an event, start it."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from games.choices import game_choices
from games.play.clocks import validate_time_control
from games.web.forms import option_fields, option_parts
from tournaments.core.codes import PointSystem
from tournaments.core.errors import ResultError, StandingsError
from tournaments.core.systems import SYSTEMS, system_spec
from tournaments.errors import ServiceError
from tournaments.events.game_options import checked_options, options_of
from tournaments.models import Event, PlayMode
from tournaments.standings.compute import TIE_BREAKS, check_tie_breaks
from tournaments.standings.tiebreaks import LEGACY
from tournaments.templatetags.tournament_tags import tie_break_name
from tournaments.web.forms import rounds_field
from tournaments.web.forms.autopilot import AutopilotFields

POINT_FIELDS = ("win_points", "draw_points", "loss_points", "bye_points")

# The FIDE C.07 tie-breaks an organiser may choose (code and name); PTS is the score itself.
TIE_BREAK_CHOICES = [(code, f"{code} – {name}") for code, name in TIE_BREAKS.items() if code != "PTS"]
TIE_BREAK_SLOTS = 8


class TieBreakField(forms.ChoiceField):
    """A C.07 tie-break code; the long names events used before C.07 codes are read as their code."""

    def to_python(self, value: object) -> str:
        text = super().to_python(value)
        return LEGACY.get(text, text)


def points_field(label: object, initial: str, help_text: object = "") -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=Decimal("0"),
        max_value=Decimal("10"),
        decimal_places=1,
        initial=Decimal(initial),
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": "0.5"}),
    )


class EventForm(AutopilotFields):
    """Settings of an event, shown in points and stored in half-points."""

    name = forms.CharField(label=_("Name"), max_length=200)
    # A new key with each empty form: the same form sent twice creates one event.
    creation_key = forms.RegexField(
        regex=r"^[0-9a-f]{32}$",
        max_length=32,
        required=False,
        widget=forms.HiddenInput,
        initial=lambda: uuid.uuid4().hex,
    )
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    pairing_system = forms.ChoiceField(
        label=_("Pairing system"), choices=Event.System.choices, initial=Event.System.ROUND_ROBIN
    )
    rounds = rounds_field(
        _("Rounds"), _("Swiss events only; round robins derive it from the number of players.")
    )
    games_per_pairing = forms.TypedChoiceField(
        label=_("Games per pairing"),
        choices=[(1, _("1 game")), (2, _("2-game match, colours swapped"))],
        coerce=int,
        initial=1,
    )
    win_points = points_field(_("Win"), "1")
    draw_points = points_field(_("Draw"), "0.5")
    loss_points = points_field(_("Loss"), "0")
    bye_points = points_field(_("Pairing-allocated bye"), "1")
    round_robin_bye_scored = forms.BooleanField(
        label=_("Score the round-robin bye"),
        required=False,
        help_text=_(
            "Round robins with an odd number of players: the player without a game scores the "
            "pairing-allocated bye's points. Unscored when left unticked."
        ),
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        initial=True,
        help_text=_("The games of this event count for the rating lists of its game family."),
    )
    unrecorded_results = forms.BooleanField(
        label=_("Results without a record"),
        required=False,
        help_text=_(
            "Players and officials may submit a game's result alone, without its record. A player's "
            "result needs the opponent's or an arbiter's confirmation."
        ),
    )
    rate_unrecorded = forms.BooleanField(
        label=_("Rate games without a record"),
        required=False,
        help_text=_(
            "Games whose result was submitted without a record count for the rating lists. "
            "Unrated when left unticked."
        ),
    )
    vacations = forms.BooleanField(
        label=_("Vacations pause the clocks"),
        required=False,
        initial=True,
        help_text=_(
            "In games played on the service with a correspondence clock, a player's vacation days "
            "pause his clocks. Left unticked, the clocks run through vacations."
        ),
    )
    close_rounds_by_itself = forms.BooleanField(
        label=_("Close rounds by themselves"),
        required=False,
        help_text=_(
            "When the last game of a round ends on the service and every game of it has an official "
            "result, the round closes by itself, as the organiser would close it."
        ),
    )
    play_mode = forms.ChoiceField(
        label=_("Where the rounds are played"),
        choices=PlayMode.choices,
        initial=PlayMode.ELSEWHERE,
        required=False,
        help_text=_(
            "On the service, publishing a round creates its games, ready to play there; a round may "
            "say otherwise until it is published."
        ),
    )
    time_control = forms.CharField(
        label=_("Time control on the service"),
        max_length=20,
        required=False,
        validators=[validate_time_control],
        help_text=_(
            "5+3: 5 minutes and 3 seconds a move; 3d/15d: 3 days a move, at most 15 banked; empty: no clock."
        ),
    )
    location = forms.CharField(label=_("Location"), max_length=200, required=False)
    start_date = forms.DateField(
        label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (code, f"{code} – {tie_break_name(code)}") for code, _name in TIE_BREAK_CHOICES
        ]
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"] = TieBreakField(
                label=_("Tie-break %(slot)s") % {"slot": slot}, choices=choices, required=False
            )
        self.fields.update(option_fields(for_event=True))  # the start options games declare

    def option_fields(self) -> list[forms.BoundField]:
        """The start options' fields (``games.options``: each registered game's declarations)."""
        return [self[name] for name in option_fields(for_event=True)]

    def option_games(self) -> list[tuple[forms.BoundField, str]]:
        """Each start option's field with the game keys that take it (space-separated): the page
        shows a field only while one of those games is chosen (static/js/option_fields.js)."""
        return option_parts(self, for_event=True)

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, object]:
        initial: dict[str, object] = {
            "name": event.name,
            "game": event.game,
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "games_per_pairing": event.games_per_pairing,
            "round_robin_bye_scored": event.round_robin_bye_scored,
            "rated": event.rated,
            "unrecorded_results": event.unrecorded_results,
            "rate_unrecorded": event.rate_unrecorded,
            "vacations": event.vacations,
            "close_rounds_by_itself": event.close_rounds_by_itself,
            "play_mode": event.play_mode,
            "time_control": event.time_control,
            **options_of(event),
            "location": event.location,
            "start_date": event.start_date,
            **cls.autopilot_initial(event),
        }
        for name in POINT_FIELDS:
            initial[name] = Decimal(getattr(event, name)) / 2
        for slot, code in enumerate(event.tie_breaks, start=1):
            initial[f"tie_break_{slot}"] = code
        return initial

    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[f"tie_break_{slot}"] for slot in range(1, TIE_BREAK_SLOTS + 1)]

    def clean(self) -> dict[str, object]:
        data = super().clean()
        for name in POINT_FIELDS:
            value = data.get(name)
            if value is not None and (value * 2) != (value * 2).to_integral_value():
                self.add_error(name, _("Use whole or half points (0.5 steps)."))
        win, draw, loss = data.get("win_points"), data.get("draw_points"), data.get("loss_points")
        if None not in (win, draw, loss):
            try:
                PointSystem(win=int(win * 2), draw=int(draw * 2), loss=int(loss * 2)).check()
            except ResultError:
                self.add_error(
                    "draw_points", _("A draw must be worth no more than a win and no less than a loss.")
                )
        codes = [data.get(f"tie_break_{slot}") for slot in range(1, TIE_BREAK_SLOTS + 1)]
        chosen = [code for code in codes if code]
        if len(chosen) != len(set(chosen)):
            self.add_error(None, _("Each tie-break may be chosen only once."))
        elif chosen and data.get("pairing_system"):
            try:
                check_tie_breaks(chosen, str(data["pairing_system"]), int(data.get("games_per_pairing") or 1))
            except StandingsError as exc:
                self.add_error(None, str(exc))
        data["tie_breaks"] = chosen
        given = {name: str(data.get(name) or "") for name in option_fields(for_event=True)}
        if data.get("game") and any(given.values()):
            try:
                checked_options(str(data["game"]), given)
            except ServiceError as exc:
                named = [name for name, value in given.items() if value]
                self.add_error(named[0] if len(named) == 1 else None, str(exc))
        spec = SYSTEMS.get(str(data.get("pairing_system")))
        if spec is not None and spec.rounds_set_by_organiser and not data.get("rounds"):
            self.add_error("rounds", _("A Swiss event needs a number of rounds."))
        return data

    def event_fields(self) -> dict[str, object]:
        """The cleaned data as Event field values (points in half-points)."""
        data = self.cleaned_data
        fields: dict[str, object] = {
            "name": data["name"].strip(),
            "game": data["game"],
            "pairing_system": data["pairing_system"],
            "rounds": data.get("rounds")
            if system_spec(data["pairing_system"]).rounds_set_by_organiser
            else None,
            "games_per_pairing": data["games_per_pairing"],
            "tie_breaks": data["tie_breaks"],
            "round_robin_bye_scored": bool(data.get("round_robin_bye_scored")),
            "rated": bool(data.get("rated")),
            "unrecorded_results": bool(data.get("unrecorded_results")),
            "rate_unrecorded": bool(data.get("rate_unrecorded")),
            "vacations": bool(data.get("vacations")),
            "close_rounds_by_itself": bool(data.get("close_rounds_by_itself")),
            "play_mode": data.get("play_mode") or PlayMode.ELSEWHERE,
            "time_control": data.get("time_control", "").strip(),
            **{name: str(data.get(name) or "").strip() for name in option_fields(for_event=True)},
            "location": data.get("location", ""),
            "start_date": data.get("start_date"),
            **self.autopilot_values(),
        }
        for name in POINT_FIELDS:
            fields[name] = int(data[name] * 2)
        return fields


class StartEventForm(forms.Form):
    top_seed_colour = forms.ChoiceField(
        choices=[("lot", _("Draw by lot")), ("white", _("White")), ("black", _("Black"))],
        initial="lot",
        label=_("Colour of the top seed in round 1"),
    )
