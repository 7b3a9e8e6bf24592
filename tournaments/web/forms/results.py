"""Result forms: a whole round's results, one board's result."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from tournaments.core.codes import DRAW, GAME_RESULTS, RESULT_LABELS, WHITE_WIN, normalise_codes, written_out
from tournaments.core.errors import ResultError
from tournaments.models import Pairing

# "1-0, 0-1, 1/2-1/2, +/-, -/+ or -/-" in the reader's language, for the forms' help texts.
RESULT_CODES_TEXT = lazy(written_out, str)(GAME_RESULTS, _("or"))
RESULT_CHOICES = [("", "—")] + [(code, RESULT_LABELS[code]) for code in GAME_RESULTS]


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
                    label=_("Board %(board)s game %(game)s") % {"board": pairing.board, "game": game},
                    widget=forms.Select(
                        attrs={
                            "aria-label": gettext_now("Board %(board)s, game %(game)s")
                            % {"board": pairing.board, "game": game}
                        }
                    ),
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
                        self.add_error(name, _("Enter every game of the match."))
                continue
            if codes != pairing.result_codes:
                changes.append((pairing, codes))
        data["changes"] = changes
        return data


class ResultOfGames(forms.Form):
    """A form whose ``result`` is a board's result codes, one per game of its ``games``."""

    def __init__(self, *args: object, games: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.games = games

    def clean_result(self) -> list[str]:
        try:
            return normalise_codes(self.cleaned_data["result"], self.games)
        except ResultError as exc:
            raise forms.ValidationError(str(exc)) from exc


class PairingResultForm(ResultOfGames):
    """The result of one board, as text: ``1-0`` or, for a 2-game match, ``1-0 0-1``."""

    result = forms.CharField(
        label=_("Result"),
        max_length=40,
        help_text=format_lazy(
            _("{codes}; a 2-game match takes two codes, e.g. {example}."),
            codes=RESULT_CODES_TEXT,
            example=f"{WHITE_WIN} {DRAW}",
        ),
    )
    arbiter_decision = forms.BooleanField(
        required=False,
        label=_("This result is an arbiter's decision"),
        help_text=_("For example an adjudicated or annulled game; recorded as such on the pairing."),
    )


class RoundDeadlineForm(forms.Form):
    deadline = forms.DateTimeField(
        label=_("Deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_(
            "When the round's games should be over; empty: none. Past it the arbiters are told of the unfinished games."
        ),
    )
