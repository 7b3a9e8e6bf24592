"""Template filters of the tournament pages: points in half-points, tie-break values, badges."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils import formats
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.results.codes import (
    BYE_FULL,
    BYE_HALF,
    BYE_NAMES,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    format_points,
)
from tournaments.standings.compute import TIE_BREAKS

register = template.Library()

# The pages' words for the pure modules' codes (those modules have no Django, so no translation).
COLOUR_NAMES = {"w": _("White"), "b": _("Black"), "white": _("White"), "black": _("Black")}
BYE_LABELS = {
    BYE_PAIRING_ALLOCATED: _("pairing-allocated bye"),
    BYE_HALF: _("half-point bye"),
    BYE_FULL: _("full-point bye"),
    BYE_ZERO: _("zero-point bye"),
}
# The FIDE C.07 tie-breaks (tournaments.standings.tiebreaks) by code; "-C1", "-M2" and so on add a modifier.
TIE_BREAK_NAMES = {
    "PTS": _("Points"),
    "DE": _("Direct encounter"),
    "WIN": _("Number of wins (with unplayed wins)"),
    "WON": _("Number of games won over the board"),
    "BPG": _("Number of games played with Black"),
    "BWG": _("Number of games won with Black"),
    "REP": _("Rounds elected to play"),
    "PS": _("Progressive score"),
    "PS-C1": _("Progressive score cut 1"),
    "KS": _("Koya"),
    "AOB": _("Average of opponents' Buchholz"),
    "ARO": _("Average rating of opponents"),
    "TPR": _("Tournament performance rating"),
    "PTP": _("Perfect tournament performance"),
    "APRO": _("Average performance rating of opponents"),
    "APPO": _("Average perfect performance of opponents"),
    "MP": _("Match points"),
    "GP": _("Game points"),
    "MPvGP": _("Match points versus game points"),
    "BH": _("Buchholz"),
    "FB": _("Fore Buchholz"),
    "SB": _("Sonneborn-Berger"),
}
TIE_BREAK_MODIFIERS = {
    "C1": _("%(name)s cut 1"),
    "C2": _("%(name)s cut 2"),
    "M1": _("%(name)s median 1"),
    "M2": _("%(name)s median 2"),
}
# How a game ended (the arbiter's termination codes, arbiter.verdict.Termination).
TERMINATION_NAMES = {
    "no-reserve": _("no piece left in reserve"),
    "no-gipf-piece": _("no GIPF-piece left on the board"),
    "score": _("stack totals at the end"),
    "resignation": _("resignation"),
    "time": _("time"),
    "arbiter": _("arbiter's decision"),
    "unfinished": _("unfinished record"),
    "unknown": _("not recorded"),
}


def tie_break_name(code: str) -> str:
    """A tie-break's name in the page's language ("BH-C1": "Buchholz cut 1")."""
    if code in TIE_BREAK_NAMES:
        return str(TIE_BREAK_NAMES[code])
    base, _dash, modifier = code.partition("-")
    if base in TIE_BREAK_NAMES and modifier in TIE_BREAK_MODIFIERS:
        return str(TIE_BREAK_MODIFIERS[modifier]) % {"name": TIE_BREAK_NAMES[base]}
    return TIE_BREAKS.get(code, code)


@register.filter
def termination_name(code: str) -> str:
    """A game's termination code ("no-reserve") in the page's language."""
    return str(TERMINATION_NAMES.get(code, code))


@register.filter
def points(half_points: int | None) -> str:
    """Half-points as points: 3 -> "1½"; 0 -> "0"; None -> ""."""
    if half_points is None:
        return ""
    return format_points(half_points) or "0"


@register.filter
def tiebreak(value: Decimal | None, code: str) -> str:
    """A tie-break value for display: its decimal number (13.5, 27.25, 31.0, 3; 13,5 in Ukrainian), "–"
    when absent."""
    if value is None:
        return "–"
    return formats.number_format(value)


@register.filter
def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, ""))


@register.filter
def bye_name(kind: str) -> str:
    """ "pab" -> "pairing-allocated bye", and so on for every bye kind."""
    return str(BYE_LABELS.get(kind) or BYE_NAMES.get(kind, kind))


@register.simple_tag
def status_badge(status: str, label: str = "") -> str:

    return format_html('<span class="badge badge-{}">{}</span>', status, label or status.title())
