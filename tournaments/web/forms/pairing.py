"""Pairing forms: forbidden pairs and the hand edit of a draft round."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from games.play.clocks import validate_time_control
from tournaments.core.codes import BYE_FULL, BYE_HALF, BYE_PAIRING_ALLOCATED, BYE_ZERO
from tournaments.models import Event, PlayMode, Registration
from tournaments.web.forms.registration import RegistrationChoiceField, player_label

EDIT_BYE_CHOICES = [
    ("", "—"),
    (BYE_PAIRING_ALLOCATED, _("Pairing-allocated bye")),
    (BYE_HALF, _("Half-point bye")),
    (BYE_FULL, _("Full-point bye")),
    (BYE_ZERO, _("Zero-point bye")),
]


class ForbiddenPairForm(forms.Form):
    first = RegistrationChoiceField(queryset=Registration.objects.none(), label=_("Player"))
    second = RegistrationChoiceField(queryset=Registration.objects.none(), label=_("and player"))
    reason = forms.CharField(
        label=_("Reason"), max_length=120, required=False, help_text=_("E.g. same club, same family.")
    )

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
            self.add_error("second", _("Choose two different players."))
        return data


class EditPairingsForm(forms.Form):
    """The round's boards as selects: white and black per board, then player and kind per bye.

    Rows left empty are ignored; a half-filled board is an error. Players are pairing numbers.
    """

    reason = forms.CharField(
        label=_("Reason"), max_length=200, required=False, help_text=_("Why the pairings are changed.")
    )
    previewed = forms.CharField(required=False, max_length=20_000, widget=forms.HiddenInput)

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
                    label=(_("Board %(board)s white") if side == "white" else _("Board %(board)s black"))
                    % {"board": board},
                    widget=forms.Select(
                        attrs={
                            "aria-label": (
                                gettext_now("Board %(board)s, white")
                                if side == "white"
                                else gettext_now("Board %(board)s, black")
                            )
                            % {"board": board}
                        }
                    ),
                )
        for bye in range(1, byes + 1):
            self.fields[f"bye{bye}_player"] = forms.TypedChoiceField(
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
                label=_("Bye %(bye)s player") % {"bye": bye},
                widget=forms.Select(attrs={"aria-label": gettext_now("Bye %(bye)s, player") % {"bye": bye}}),
            )
            self.fields[f"bye{bye}_kind"] = forms.ChoiceField(
                choices=EDIT_BYE_CHOICES,
                required=False,
                label=_("Bye %(bye)s kind") % {"bye": bye},
                widget=forms.Select(attrs={"aria-label": gettext_now("Bye %(bye)s, kind") % {"bye": bye}}),
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
                    _("A board needs two players; leave both empty to drop it."),
                )
                continue
            pairs.append((white, black))
        for bye in range(1, self.bye_count + 1):
            number, kind = data.get(f"bye{bye}_player"), data.get(f"bye{bye}_kind") or ""
            if number is None and not kind:
                continue
            if number is None or not kind:
                self.add_error(
                    f"bye{bye}_{'player' if number is None else 'kind'}",
                    _("A bye needs a player and a kind."),
                )
                continue
            byes.append((number, kind))
        if not pairs and not byes and not self.errors:
            self.add_error(None, _("The round needs at least one board."))
        data["pairs"], data["byes"] = pairs, byes
        data["signature"] = signature(pairs, byes)
        return data


def signature(pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> str:
    """A short text naming a set of boards, to tell whether the saved boards are the previewed ones."""
    return ";".join(f"{w}-{b}" for w, b in pairs) + "|" + ";".join(f"{n}:{k}" for n, k in byes)


class RoundPlayForm(forms.Form):
    """Where a round not yet public is played and its time control (empty: the event's)."""

    play_mode = forms.ChoiceField(
        label=_("Where this round is played"),
        choices=[("", _("As the event says"))] + list(PlayMode.choices),
        required=False,
    )
    time_control = forms.CharField(
        label=_("Time control on the service"),
        max_length=20,
        required=False,
        validators=[validate_time_control],
        help_text=_("Empty: the event's."),
    )
