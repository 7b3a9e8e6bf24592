"""Forms of the organiser's pages. They only validate and convert; the services write."""

from __future__ import annotations

from decimal import Decimal

from django import forms

from tournaments.models import GAME_CHOICES, Event, Pairing
from tournaments.results import GAME_RESULTS, RESULT_LABELS
from tournaments.standings import TIE_BREAKS

POINT_FIELDS = ("win_points", "draw_points", "loss_points", "bye_points")
TIE_BREAK_SLOTS = len(TIE_BREAKS)
RESULT_CHOICES = [("", "—")] + [(code, RESULT_LABELS[code]) for code in GAME_RESULTS]


def points_field(label: str, initial: str, help_text: str = "") -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=Decimal("0"),
        max_value=Decimal("10"),
        decimal_places=1,
        initial=Decimal(initial),
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": "0.5"}),
    )


class EventForm(forms.Form):
    """Settings of an event, shown in points and stored in half-points."""

    name = forms.CharField(max_length=200)
    game = forms.ChoiceField(choices=GAME_CHOICES)
    pairing_system = forms.ChoiceField(choices=Event.System.choices, initial=Event.System.ROUND_ROBIN)
    rounds = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=50,
        help_text="Swiss events only; round robins derive it from the number of players.",
    )
    games_per_pairing = forms.TypedChoiceField(
        choices=[(1, "1 game"), (2, "2-game match, colours swapped")], coerce=int, initial=1
    )
    win_points = points_field("Win", "1")
    draw_points = points_field("Draw", "0.5")
    loss_points = points_field("Loss", "0")
    bye_points = points_field("Pairing-allocated bye", "1")
    location = forms.CharField(max_length=200, required=False)
    start_date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + list(TIE_BREAKS.items())
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"] = forms.ChoiceField(
                label=f"Tie-break {slot}", choices=choices, required=False
            )

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, object]:
        initial: dict[str, object] = {
            "name": event.name,
            "game": event.game,
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "games_per_pairing": event.games_per_pairing,
            "location": event.location,
            "start_date": event.start_date,
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
                self.add_error(name, "Use whole or half points (0.5 steps).")
        win, draw, loss = data.get("win_points"), data.get("draw_points"), data.get("loss_points")
        if None not in (win, draw, loss) and not (win >= draw >= loss):
            self.add_error("draw_points", "A draw must be worth no more than a win and no less than a loss.")
        codes = [data.get(f"tie_break_{slot}") for slot in range(1, TIE_BREAK_SLOTS + 1)]
        chosen = [code for code in codes if code]
        if len(chosen) != len(set(chosen)):
            self.add_error(None, "Each tie-break may be chosen only once.")
        data["tie_breaks"] = chosen
        if data.get("pairing_system") == Event.System.SWISS_DUTCH and not data.get("rounds"):
            self.add_error("rounds", "A Swiss event needs a number of rounds.")
        return data

    def event_fields(self) -> dict[str, object]:
        """The cleaned data as Event field values (points in half-points)."""
        data = self.cleaned_data
        fields: dict[str, object] = {
            "name": data["name"].strip(),
            "game": data["game"],
            "pairing_system": data["pairing_system"],
            "rounds": data.get("rounds") if data["pairing_system"] == Event.System.SWISS_DUTCH else None,
            "games_per_pairing": data["games_per_pairing"],
            "tie_breaks": data["tie_breaks"],
            "location": data.get("location", ""),
            "start_date": data.get("start_date"),
        }
        for name in POINT_FIELDS:
            fields[name] = int(data[name] * 2)
        return fields


class RegisterPlayerForm(forms.Form):
    name = forms.CharField(
        max_length=120, label="Player", help_text="Name or handle of a known player, or a new name."
    )
    rating = forms.IntegerField(required=False, min_value=0, max_value=4000)


class PasteListForm(forms.Form):
    players = forms.CharField(
        widget=forms.Textarea(
            attrs={"rows": 8, "placeholder": "Anna de Vries, 1710\nBram Jansen 1650\nCor Smit"}
        ),
        label="Player list",
        help_text="One player per line, optionally followed by a rating. Lines starting with # are skipped.",
    )


class StartEventForm(forms.Form):
    top_seed_colour = forms.ChoiceField(
        choices=[("lot", "Draw by lot"), ("white", "White"), ("black", "Black")],
        initial="lot",
        label="Colour of the top seed in round 1",
    )


class RoundResultsForm(forms.Form):
    """One select per game of every board that is not a bye; blank selects keep what is stored."""

    def __init__(self, *args: object, pairings: list[Pairing], games: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.pairings = pairings
        self.games = games
        for pairing in pairings:
            if pairing.is_bye:
                continue
            codes = pairing.result_codes
            for game in range(1, games + 1):
                self.fields[self.field_name(pairing, game)] = forms.ChoiceField(
                    choices=RESULT_CHOICES,
                    required=False,
                    initial=codes[game - 1] if len(codes) == games else "",
                    label=f"Board {pairing.board} game {game}",
                    widget=forms.Select(attrs={"aria-label": f"Board {pairing.board}, game {game}"}),
                )

    @staticmethod
    def field_name(pairing: Pairing, game: int) -> str:
        return f"board{pairing.board}_game{game}"

    def rows(self) -> list[tuple[Pairing, list[forms.BoundField]]]:
        return [
            (
                pairing,
                []
                if pairing.is_bye
                else [self[self.field_name(pairing, game)] for game in range(1, self.games + 1)],
            )
            for pairing in self.pairings
        ]

    def clean(self) -> dict[str, object]:
        data = super().clean()
        changes: list[tuple[Pairing, list[str]]] = []
        for pairing in self.pairings:
            if pairing.is_bye:
                continue
            names = [self.field_name(pairing, game) for game in range(1, self.games + 1)]
            codes = [data.get(name) or "" for name in names]
            if not any(codes):
                continue
            if not all(codes):
                for name, code in zip(names, codes):
                    if not code:
                        self.add_error(name, "Enter every game of the match.")
                continue
            if codes != pairing.result_codes:
                changes.append((pairing, codes))
        data["changes"] = changes
        return data


class PairingResultForm(forms.Form):
    """The result of one board, as text: ``1-0`` or, for a 2-game match, ``1-0 0-1``."""

    result = forms.CharField(
        max_length=40,
        help_text="1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-; a 2-game match takes two codes, e.g. 1-0 1/2-1/2.",
    )
    arbiter_decision = forms.BooleanField(
        required=False,
        label="This result is an arbiter's decision",
        help_text="For example an adjudicated or annulled game; recorded as such on the pairing.",
    )

    def __init__(self, *args: object, games: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.games = games

    def clean_result(self) -> list[str]:
        from tournaments.results import ResultError, normalise_codes

        try:
            return normalise_codes(self.cleaned_data["result"], self.games)
        except ResultError as exc:
            raise forms.ValidationError(str(exc)) from exc
