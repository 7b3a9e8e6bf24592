"""Template filters of the tournament pages: points in half-points, tie-break values, badges."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils import formats
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbiter import registry
from games import choices
from tournaments.core.codes import (
    BYE_FULL,
    BYE_HALF,
    BYE_NAMES,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    DRAWN,
    GAME_RESULTS,
    LOST,
    WON,
    format_points,
)
from tournaments.standings.statistics import UNKNOWN
from tournaments.standings.tiebreaks import MODIFIER_NAMES, REGISTRY

register = template.Library()

# The pages' words for the pure modules' codes (those modules have no Django, so no translation).
COLOUR_NAMES = {"w": _("White"), "b": _("Black"), "white": _("White"), "black": _("Black")}
BYE_LABELS = {
    BYE_PAIRING_ALLOCATED: _("pairing-allocated bye"),
    BYE_HALF: _("half-point bye"),
    BYE_FULL: _("full-point bye"),
    BYE_ZERO: _("zero-point bye"),
}
# A decisive game without a termination code, as the statistics count it (tournaments.standings.statistics).
NOT_RECORDED = _("not recorded")


def tie_break_name(code: str) -> str:
    """A tie-break's name in the page's language ("BH-C1": "Buchholz cut 1"): the registry's
    name (tournaments.standings.tiebreaks, marked there for the catalogue), translated here."""
    entry = REGISTRY.get(code)
    if entry is None:
        return code
    if entry.modifier:
        return gettext(MODIFIER_NAMES[entry.modifier]) % {"name": gettext(entry.base_name)}
    return gettext(entry.base_name)


@register.filter
def termination_name(code: str, game: str | None = None) -> str:
    """A game's termination code ("no-reserve") in the page's language: the game's own end as its
    spec names it, or an end every game names (:func:`games.choices.termination_name`)."""
    if code == UNKNOWN:
        return str(NOT_RECORDED)
    return choices.termination_name(code, game)


@register.simple_tag
def first_family() -> str:
    """The rating family the menu's "Ratings" link opens: the first registered game's."""
    return next(iter(registry.families()))


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


OUTCOME_NAMES = {WON: _("won"), LOST: _("lost"), DRAWN: _("drawn")}


@register.filter
def outcome_name(outcome: str) -> str:
    """ "won" -> "won" in the page's language (tournaments.core.codes.outcome)."""
    return str(OUTCOME_NAMES.get(outcome, ""))


@register.filter
def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, ""))


@register.filter
def bye_name(kind: str) -> str:
    """ "pab" -> "pairing-allocated bye", and so on for every bye kind."""
    return str(BYE_LABELS.get(kind) or BYE_NAMES.get(kind, kind))


@register.simple_tag
def result_codes() -> tuple[str, ...]:
    """``{% result_codes as codes %}``: every game result code, for a result field's suggestions."""
    return GAME_RESULTS


@register.simple_tag
def status_badge(status: str, label: str = "") -> str:

    return format_html('<span class="badge badge-{}">{}</span>', status, label or status.title())
