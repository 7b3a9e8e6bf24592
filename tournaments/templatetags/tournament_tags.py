"""Template filters of the tournament pages: points in half-points, tie-break values, badges."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils.html import format_html

from tournaments.results.codes import BYE_NAMES, format_points

register = template.Library()


@register.filter
def points(half_points: int | None) -> str:
    """Half-points as points: 3 -> "1½"; 0 -> "0"; None -> ""."""
    if half_points is None:
        return ""
    return format_points(half_points) or "0"


@register.filter
def tiebreak(value: Decimal | None, code: str) -> str:
    """A tie-break value for display: its decimal number (13.5, 27.25, 31.0, 3), "–" when absent."""
    if value is None:
        return "–"
    return str(value)


@register.filter
def colour_name(colour: str) -> str:
    return {"w": "White", "b": "Black", "white": "White", "black": "Black"}.get(colour, "")


@register.filter
def bye_name(kind: str) -> str:
    """ "pab" -> "pairing-allocated bye", and so on for every bye kind."""
    return BYE_NAMES.get(kind, kind)


@register.simple_tag
def status_badge(status: str, label: str = "") -> str:

    return format_html('<span class="badge badge-{}">{}</span>', status, label or status.title())
