"""``{% pairing_progress_of round as progress %}``: how far the round's running pairing has got
(``tournaments.pairing.progress.live_percent``), for the round page."""

from __future__ import annotations

from django import template

from tournaments.models import Round
from tournaments.pairing.progress import live_percent

register = template.Library()


@register.simple_tag
def pairing_progress_of(round_: Round) -> int:
    return live_percent(round_.pk, round_.status, round_.pairing_error, round_.pairing_progress)
