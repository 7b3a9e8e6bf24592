"""Forms of the Swiss organiser's pages: they validate and convert; :mod:`tournaments.swiss` writes."""

from __future__ import annotations

from django import forms

from tournaments.models import GAME_CHOICES, Event, Registration, SwissSettings
from tournaments.models import format_points as show_points
from tournaments.pairing.state import BYE_FULL, BYE_HALF, BYE_PAIRING_ALLOCATED, BYE_ZERO

EDIT_BYE_CHOICES = [
    ("", "—"),
    (BYE_PAIRING_ALLOCATED, "Pairing-allocated bye"),
    (BYE_HALF, "Half-point bye"),
    (BYE_FULL, "Full-point bye"),
    (BYE_ZERO, "Zero-point bye"),
]


def player_label(registration: Registration) -> str:
    number = registration.pairing_number
    return f"{number}. {registration.player.display_name}" if number else registration.player.display_name


class SwissSettingsForm(forms.Form):
    max_half_byes = forms.IntegerField(
        label="Half-point byes per player",
        min_value=0,
        max_value=50,
        help_text="How many half-point byes a player may request over the whole event.",
    )
    half_bye_refused_rounds = forms.TypedMultipleChoiceField(
        label="Rounds without half-point byes",
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "checkbox-list"}),
        help_text="Requests for a half-point bye in these rounds are refused (often the last rounds).",
    )
    late_entry_bye = forms.ChoiceField(
        label="Late entrants score, for the rounds they missed",
        choices=SwissSettings.LateEntryBye.choices,
    )
    bye_points = forms.TypedChoiceField(
        label="Pairing-allocated bye is worth", coerce=int, help_text="A loss, a draw or a win."
    )

    def __init__(self, *args: object, event: Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        rounds = event.rounds or 0
        self.fields["half_bye_refused_rounds"].choices = [  # type: ignore[attr-defined]
            (n, f"Round {n}") for n in range(1, rounds + 1)
        ]
        values = {event.loss_points: "loss", event.draw_points: "draw", event.win_points: "win"}
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
    registration = RegistrationChoiceField(queryset=Registration.objects.none(), label="Player")
    round_number = forms.IntegerField(label="Round", min_value=1, max_value=99)
    kind = forms.ChoiceField(
        label="Bye",
        choices=[
            (BYE_HALF, "Half-point bye (requested)"),
            (BYE_ZERO, "Zero-point bye (absent)"),
            (BYE_FULL, "Full-point bye (organiser's decision)"),
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
        max_length=120, label="Player", help_text="Name or handle of a known player, or a new name."
    )
    rating = forms.IntegerField(required=False, min_value=0, max_value=4000)


class ForbiddenPairForm(forms.Form):
    first = RegistrationChoiceField(queryset=Registration.objects.none(), label="Player")
    second = RegistrationChoiceField(queryset=Registration.objects.none(), label="and player")
    reason = forms.CharField(max_length=120, required=False, help_text="E.g. same club, same family.")

    def __init__(self, *args: object, event: Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        queryset = event.registrations.select_related("player").order_by(
            "pairing_number", "player__display_name"
        )
        self.fields["first"].queryset = queryset  # type: ignore[attr-defined]
        self.fields["second"].queryset = queryset  # type: ignore[attr-defined]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", "Choose two different players.")
        return data


class EditPairingsForm(forms.Form):
    """The round's boards as selects: white and black per board, then player and kind per bye.

    Rows left empty are ignored; a half-filled board is an error. Players are pairing numbers.
    """

    reason = forms.CharField(max_length=200, required=False, help_text="Why the pairings are changed.")
    previewed = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: object,
        registrations: list[Registration],
        boards: int,
        byes: int,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        choices = [("", "—")] + [
            (str(r.pairing_number), player_label(r)) for r in registrations if r.pairing_number
        ]
        self.board_count, self.bye_count = boards, byes
        for board in range(1, boards + 1):
            for side in ("white", "black"):
                self.fields[f"board{board}_{side}"] = forms.TypedChoiceField(
                    choices=choices,
                    coerce=int,
                    required=False,
                    empty_value=None,
                    label=f"Board {board} {side}",
                    widget=forms.Select(attrs={"aria-label": f"Board {board}, {side}"}),
                )
        for bye in range(1, byes + 1):
            self.fields[f"bye{bye}_player"] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
                label=f"Bye {bye} player",
                widget=forms.Select(attrs={"aria-label": f"Bye {bye}, player"}),
            )
            self.fields[f"bye{bye}_kind"] = forms.ChoiceField(
                choices=EDIT_BYE_CHOICES,
                required=False,
                label=f"Bye {bye} kind",
                widget=forms.Select(attrs={"aria-label": f"Bye {bye}, kind"}),
            )

    @staticmethod
    def initial_from(boards: dict) -> dict[str, object]:
        initial: dict[str, object] = {}
        for index, (white, black) in enumerate(boards.get("pairs", []), start=1):
            initial[f"board{index}_white"], initial[f"board{index}_black"] = str(white), str(black)
        for index, (number, kind) in enumerate(boards.get("byes", []), start=1):
            initial[f"bye{index}_player"], initial[f"bye{index}_kind"] = str(number), kind
        return initial

    def board_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(n, self[f"board{n}_white"], self[f"board{n}_black"]) for n in range(1, self.board_count + 1)]

    def bye_rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(n, self[f"bye{n}_player"], self[f"bye{n}_kind"]) for n in range(1, self.bye_count + 1)]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        pairs: list[tuple[int, int]] = []
        byes: list[tuple[int, str]] = []
        for board in range(1, self.board_count + 1):
            white, black = data.get(f"board{board}_white"), data.get(f"board{board}_black")
            if white is None and black is None:
                continue
            if white is None or black is None:
                self.add_error(
                    f"board{board}_{'white' if white is None else 'black'}",
                    "A board needs two players; leave both empty to drop it.",
                )
                continue
            pairs.append((white, black))
        for bye in range(1, self.bye_count + 1):
            number, kind = data.get(f"bye{bye}_player"), data.get(f"bye{bye}_kind") or ""
            if number is None and not kind:
                continue
            if number is None or not kind:
                self.add_error(
                    f"bye{bye}_{'player' if number is None else 'kind'}", "A bye needs a player and a kind."
                )
                continue
            byes.append((number, kind))
        if not pairs and not byes and not self.errors:
            self.add_error(None, "The round needs at least one board.")
        data["pairs"], data["byes"] = pairs, byes
        data["signature"] = signature(pairs, byes)
        return data


def signature(pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> str:
    """A short text naming a set of boards, to tell whether the saved boards are the previewed ones."""
    return ";".join(f"{w}-{b}" for w, b in pairs) + "|" + ";".join(f"{n}:{k}" for n, k in byes)


class TrfImportForm(forms.Form):
    file = forms.FileField(label="TRF file", help_text="A FIDE TRF(x) file, as written by pairing programs.")
    game = forms.ChoiceField(choices=GAME_CHOICES, initial="gipf-standard")
    total_rounds = forms.IntegerField(
        label="Number of rounds",
        required=False,
        min_value=1,
        max_value=50,
        help_text="Only needed when the file has no XXR line and more rounds are still to come.",
    )

    MAX_BYTES = 2_000_000

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError("The file is larger than 2 MB: this is not a TRF file of one event.")
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
